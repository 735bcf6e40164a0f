// normalize on long input (normalized in chunks): a pseudo-random mix of bases, marks, Hangul and compatibility characters repeated past 4096 code points, and a long mark run; lengths and hashes.
var pool = [0x41, 0x61, 0x20, 0x301, 0x323, 0x308, 0x327, 0x345, 0x1100, 0x1161, 0x11A8, 0xAC00, 0xC5, 0x1E9B, 0xFB01, 0x2460, 0x0DD9, 0x0DCF, 0x0DCA, 0x3B1, 0x1FB6, 0x05B0, 0x05BC, 0x0F71, 0x0F72, 0x0F80, 0x1D15E, 0xBD, 0x300, 0x30A];
var seed = 12345;
function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; }
var codes = [];
for (var i = 0; i < 611; i++) codes.push(pool[rnd() % pool.length]);
var block = String.fromCodePoint.apply(null, codes);
var s = block.repeat(7);
var marks = "b" + "\u0301\u0323\u0308\u0327".repeat(1100);
function hash(text) {
  var h = 0;
  for (var j = 0; j < text.length; j += 3) h = (h * 31 + text.charCodeAt(j)) % 1000000007;
  return h;
}
for (var f of ["NFC", "NFD", "NFKC", "NFKD"]) {
  var n = s.normalize(f), m = marks.normalize(f);
  print(f, n.length, hash(n), m.length, hash(m));
}
