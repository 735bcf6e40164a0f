// Sparse arrays, far indices and deep nesting: methods skip absent stretches instead of probing 2^32 or 2^53 indices,
// and flat walks deep nesting. Expected output written by hand from the spec: node 20 needs minutes for several
// lines and overflows its stack on flat(100000).
var sparse = [];
sparse[4294967294] = "end";
sparse[7] = "seven";
print(sparse.indexOf("end"), sparse.lastIndexOf("seven"), sparse.includes("end"), sparse.includes(undefined), sparse.includes("none"));
var tail = sparse.slice(4294967290);
print(tail.length, tail[4], 0 in tail, [].concat(sparse).length, [].concat(sparse)[7]);
sparse.sort();
print(sparse[0], sparse[1], 2 in sparse, 7 in sparse, 4294967294 in sparse, sparse.length);
var huge = { length: 2 ** 53 - 1, 5: "five", 4294967296: "far", 9007199254740990: "last" };
print(Array.prototype.indexOf.call(huge, "last"), Array.prototype.indexOf.call(huge, "far"), Array.prototype.lastIndexOf.call(huge, "five"));
print(Array.prototype.includes.call(huge, "far"), Array.prototype.includes.call({ length: 2 ** 53 - 1 }, "x"), Array.prototype.indexOf.call({ length: 2 ** 40 }, 0));
// A named index-like property on a prototype is still found.
Object.prototype[4294967300] = "inherited";
print(Array.prototype.indexOf.call({ length: 2 ** 33 }, "inherited", 4294967290));
delete Object.prototype[4294967300];
// Nesting far deeper than a native stack allows (a cyclic array): flat walks it with an explicit stack.
var cyclic = ["x"];
cyclic[1] = cyclic;
var flattened = cyclic.flat(100000);
print(flattened.length, flattened[100000], flattened[100001] === cyclic);
try { cyclic.flat(Infinity); } catch (e) { print(e.constructor.name); }
