// Hoisting: function declarations are initialized at entry, var declarations are undefined.
print(typeof early, early(), typeof notYet, notYet);
function early() { return "early"; }
var notYet = "assigned";
print(notYet);
function shadowing() {
  print(typeof inner, value);
  var value = 1;
  function inner() {}
  return value;
}
print(shadowing());
function lastWins() { return 1; }
print(lastWins());
function lastWins() { return 2; }
var f = 1;
function f() {}
print(typeof f);
