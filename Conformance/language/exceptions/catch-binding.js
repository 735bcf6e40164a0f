// The catch parameter: its own scope, destructuring, and optional binding.
var e = "outer";
try {
  throw "inner";
} catch (e) {
  print(e);
}
print(e);
try {
  throw { code: 42, detail: { reason: "why" } };
} catch ({ code, detail: { reason } }) {
  print(code, reason);
}
try {
  throw [1, 2];
} catch ([first, second]) {
  print(first + second);
}
try {
  throw new Error("ignored");
} catch {
  print("optional catch binding");
}
var closures = [];
for (var i = 0; i < 2; i++) {
  try {
    throw i;
  } catch (value) {
    closures.push(function () { return value; });
  }
}
print(closures[0](), closures[1]());
