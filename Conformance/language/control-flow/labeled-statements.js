// Labeled break and continue across nested loops and blocks.
var pairs = [];
outer: for (var i = 0; i < 3; i++) {
  for (var j = 0; j < 3; j++) {
    if (j === 1) continue outer;
    if (i === 2) break outer;
    pairs.push(i + "" + j);
  }
}
print(pairs.join(" "), i, j);
var reached = [];
block: {
  reached.push("a");
  if (true) break block;
  reached.push("b");
}
print(reached.join(""));
var found = null;
search: for (var row = 0; row < 4; row++) {
  var col = 0;
  while (col < 4) {
    if (row * col === 6) {
      found = row + "," + col;
      break search;
    }
    col++;
  }
}
print(found);
var log = [];
a: b: for (var x = 0; x < 2; x++) {
  log.push(x);
  continue a;
}
print(log.join(""));
var skipped = [];
loop: do {
  skipped.push("once");
  try {
    continue loop;
  } finally {
    skipped.push("finally");
  }
} while (false);
print(skipped.join(" "));
