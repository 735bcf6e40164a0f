// JSON.parse errors are SyntaxErrors whose messages name the position (V8's wording, which node prints).
var texts = ["", " ", "{", '{"a":}', "[1,]", '{"a":1,}', "tru", "trux", '"abc', '"a\u0001"', '"\\x"', '"\\u12g4"',
  "01", "-01", "1.", "1e", "1e+", "-", "[1 2]", '{"a" 1}', "{1:2}", "1 2", "undefined", "NaN", '{"a":1}x', "'a'",
  "[", '{"a":1', '{"a":1,"b"}', '{"a":1,"b" 2}', '"a\\', "\u00a0 1", "\ufeff1",
  "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,x]",
  "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "abcdefghijklmnopqrst", "abcdefghijklmnopqrstu", '"\\ud800"'];
texts.forEach(function (text) {
  try {
    var value = JSON.parse(text);
    print(JSON.stringify(text), "ok", JSON.stringify(value));
  } catch (e) {
    print(JSON.stringify(text), e.name + ": " + e.message);
  }
});
// Whitespace is only space, tab, LF and CR; a string may hold U+2028 and unpaired surrogates.
print(JSON.parse("\t\n\r [1]\r\n").length, JSON.parse('"\u2028\u2029"').length, JSON.parse('"\\udc00x"').charCodeAt(0));
