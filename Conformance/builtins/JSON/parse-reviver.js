// The reviver walks depth-first (ES2024 25.5.1.1): holder as this, keys as strings, array lengths read once,
// undefined deletes, other results are defined with CreateDataProperty; non-callable revivers are ignored.
var log = [];
var result = JSON.parse('{"a": [10, 20, {"b": 30}], "c": {"d": 40}, "e": 50}', function (key, value) {
  log.push(JSON.stringify(key) + (Array.isArray(this) ? "@array" : "@object"));
  if (key === "e") return undefined;
  if (key === "1") return value + 1;
  return value;
});
print(log.join(" "));
print(JSON.stringify(result));
var grown = JSON.parse("[1, 2]", function (key, value) {
  if (key === "0") this.push(3);
  return value;
});
print(JSON.stringify(grown));
var shrunk = JSON.parse('{"x": 1, "y": 2, "z": 3}', function (key, value) {
  if (key === "x") delete this.y;
  return value;
});
print(JSON.stringify(shrunk));
var frozen = JSON.parse('{"p": 1, "q": 2}', function (key, value) {
  if (key === "p") Object.defineProperty(this, "q", { value: 9, configurable: false, writable: false });
  if (key === "q") return 100;
  return value;
});
print(JSON.stringify(frozen));
print(JSON.parse("[1]", null)[0], JSON.parse("[1]", {})[0], JSON.parse('"s"', function (k, v) { return typeof k + ":" + v; }));
try {
  JSON.parse("[1, 2]", function (key, value) { if (key === "1") throw new Error("stop at " + key); return value; });
} catch (e) {
  print(e.message);
}
