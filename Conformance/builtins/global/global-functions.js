// Global functions and values: URI coding, isNaN/isFinite coercion, and the global constants.
print(encodeURIComponent("a b&c=d/é"), encodeURI("http://x.y/a b?q=1&r=é#h"), decodeURIComponent("%E2%82%AC"), "[" + decodeURI("%3F%20") + "]");
print(encodeURIComponent("\u{1F600}"), escape === undefined ? "no escape" : typeof escape);
try {
  encodeURIComponent("\uD800");
} catch (e) {
  print(e.name);
}
print(isNaN(undefined), isNaN(null), isNaN("  "), isFinite(null), isFinite("1e400"));
print(typeof NaN, typeof Infinity, undefined === void 0);
var desc = Object.getOwnPropertyDescriptor(globalThis, "NaN");
print(desc.writable, desc.enumerable, desc.configurable);
NaN = 1;
print(NaN !== NaN);
