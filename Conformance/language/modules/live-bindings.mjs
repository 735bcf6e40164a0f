// Live bindings: an importer sees the exporter's later assignments, through named imports,
// renamed imports, a namespace, re-exports (`export *`, `export * as`, `export { x as y } from`)
// and string export names; a default export of an expression and of an anonymous function.
import { count, increment, count as renamed } from "./live-bindings-counter_FIXTURE.mjs";
import * as counter from "./live-bindings-counter_FIXTURE.mjs";
import { count as reexported, counterNamespace, "string name" as stringName } from "./live-bindings-reexport_FIXTURE.mjs";
import makeLabel, { label } from "./live-bindings-counter_FIXTURE.mjs";

print(count, renamed, counter.count, reexported, counterNamespace.count);
increment();
increment();
print(count, renamed, counter.count, reexported, counterNamespace.count);
print(counterNamespace === counter, stringName, label, makeLabel.name, makeLabel(count));
try {
  count = 10;
} catch (error) {
  print(error.constructor.name, count);
}
