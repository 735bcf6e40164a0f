// JSON.rawJSON / JSON.isRawJSON and the reviver's context (json-parse-with-source). node 20 lacks the
// proposal, so the expectation was written by hand from the proposal text: raw texts are written as they
// are, the result is a frozen null-prototype object, and the reviver gets {source} for primitives only.
var raw = JSON.rawJSON("1e1000");
print(JSON.stringify({ n: raw, s: JSON.rawJSON('"\\u0041"'), t: JSON.rawJSON("true") }));
print(JSON.isRawJSON(raw), JSON.isRawJSON({ rawJSON: "1" }), JSON.isRawJSON(1), Object.getPrototypeOf(raw), Object.isFrozen(raw), raw.rawJSON);
["", " 1", "1\n", "{}", "[]", "1 2", "abc"].forEach(function (text) {
  try {
    JSON.rawJSON(text);
    print("accepted", JSON.stringify(text));
  } catch (e) {
    print(e.name, JSON.stringify(text));
  }
});
var seen = [];
JSON.parse('[1.0, "2", {"a": true, "a": null}, [], -0]', function (key, value, context) {
  seen.push(key + "=" + ("source" in context ? context.source : "-"));
  return value;
});
print(seen.join(" "));
var forward = [];
JSON.parse("[1, [2]]", function (key, value, context) {
  if (key === "0") this[1] = [22];
  forward.push(key + ":" + context.source);
  return value;
});
print(forward.join(" "));
