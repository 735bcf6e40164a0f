// Namespaces print and serialize with their exports (read through [[GetOwnProperty]]).
import * as ns from "./namespace-object_FIXTURE.mjs";
import * as small from "./namespace-small_FIXTURE.mjs";
print(JSON.stringify(ns));
print(JSON.stringify({ ns }, null, 1));
console.log(small);
