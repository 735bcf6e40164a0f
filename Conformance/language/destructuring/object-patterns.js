// Object destructuring: renaming, defaults, nesting, computed keys, rest properties.
var { a, b: renamed, c = "default", d: { e } = { e: "nested default" } } = { a: 1, b: 2 };
print(a, renamed, c, e);
var key = "dynamic";
var { [key]: value, [key + "2"]: other = "missing" } = { dynamic: "found" };
print(value, other);
var { x, ...others } = { x: 1, y: 2, z: 3 };
print(x, Object.keys(others).join(","));
var { length } = "four";
print(length);
var { toFixed } = 5;
print(typeof toFixed);
var assigned;
({ assigned = "from default" } = {});
print(assigned);
try {
  var { property } = null;
} catch (e) {
  print(e.name);
}
try {
  var { prop } = undefined;
} catch (e) {
  print(e.name);
}
var getterCalls = 0;
var source = { get counted() { getterCalls++; return "got"; } };
var { counted } = source;
print(counted, getterCalls);
var proto = { inherited: "from proto" };
var { inherited, ...ownOnly } = Object.create(proto, { own: { value: 1, enumerable: true } });
print(inherited, Object.keys(ownOnly).join(","));
