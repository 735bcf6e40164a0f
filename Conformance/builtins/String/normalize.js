// normalize: the four forms, canonical reordering, Hangul, compatibility mappings, default NFC, RangeError.
function hex(s) { var r = []; for (var i = 0; i < s.length; i++) r.push(s.charCodeAt(i).toString(16)); return r.join(" "); }
var samples = ["\u00C5", "A\u030A", "\u1E9B\u0323", "a\u0307\u0323", "\uAC01", "\u1100\u1161\u11A8", "\uFB01", "\u2460",
  "\u0344", "\u00BD", "x\u0301\u0327", "\uD800\u0301", "\u0301a", "caf\u00E9"];
for (var s of samples) {
  print(hex(s), "|", hex(s.normalize("NFC")), "|", hex(s.normalize("NFD")), "|", hex(s.normalize("NFKC")), "|", hex(s.normalize("NFKD")));
}
print("abc".normalize() === "abc", "\u0041\u030A".normalize() === "\u00C5", "\u00C5".normalize(undefined).length);
for (var bad of ["nfc", "NFX", ""]) {
  try {
    "a".normalize(bad);
  } catch (e) {
    print(bad, e.name);
  }
}
print("o\u0308".localeCompare("\u00F6"), "a".localeCompare("b"), "b".localeCompare("a"), "a".localeCompare("a"));
