// import(): a promise of the namespace (the same object each time), the module evaluated once,
// after the importing code finishes; a missing module or a bad specifier rejects.
const first = import("./dynamic-import_FIXTURE.mjs");
print("import() returned", Object.prototype.toString.call(first));
const ns = await first;
const again = await import("./dynamic-import_FIXTURE.mjs");
print(ns === again, ns.evaluations, ns.default);
for (const specifier of ["./missing_FIXTURE.mjs", "bare-specifier"]) {
  try {
    await import(specifier);
  } catch (error) {
    print(specifier, error instanceof Error);
  }
}
try {
  await import("./dynamic-import_FIXTURE.mjs", 42);
} catch (error) {
  print("bad options", error.constructor.name);
}
const data = await import("./json-module_FIXTURE.json", { with: { type: "json" } });
print(data.default.name, data.default.list.length);
