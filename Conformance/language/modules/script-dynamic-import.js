// A classic script can import() a module, resolved against the script's own file.
print("script");
import("./dynamic-import_FIXTURE.mjs").then((ns) => print("loaded", ns.default));
print("script done");
