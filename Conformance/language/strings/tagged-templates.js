// Tagged templates: cooked and raw strings, substitution values, per-site caching.
function tag(strings) {
  var values = Array.prototype.slice.call(arguments, 1);
  return strings.length + "|" + strings.join("_") + "|" + strings.raw.join("_") + "|" + values.join(",");
}
print(tag`a${1}b${2}c`);
print(tag`\n${"x"}`.split("|")[2]);
print(tag``);
function identity(strings) { return strings; }
function site() { return identity`same`; }
print(site() === site(), identity`same` === identity`same`);
var strings = identity`x${0}y`;
print(Object.isFrozen(strings), Object.isFrozen(strings.raw), Array.isArray(strings));
print(String.raw`a\nb${1 + 1}c`, String.raw`\u{41}`.length);
function invalidEscape(strings) { return strings[0] === undefined ? "cooked undefined, raw " + strings.raw[0] : "?"; }
print(invalidEscape`\unicode`);
var object = { method: function (s, v) { return this === object ? "this ok " + v : "bad"; } };
print(object.method`x${5}`);
