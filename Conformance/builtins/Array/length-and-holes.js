// The exotic length of arrays: grows with indices, truncates when set, and holes in between.
var a = [];
a[5] = "x";
print(a.length, 0 in a, a[0]);
a.length = 2;
print(a.length, a[5], 5 in a);
a.length = 4;
print(a.length, a.join("|"));
var b = [1, 2, 3];
b["2"] = "string index";
b["02"] = "not an index";
b[-1] = "negative";
print(b.length, b[2], Object.keys(b).join(","));
try {
  b.length = -1;
} catch (e) {
  print(e.name);
}
try {
  b.length = 1.5;
} catch (e) {
  print(e.name);
}
print(Array(3).length, Array(3, 4).length, Array("3").length, [, ,].length, [, , 1].length);
var big = [];
big[4294967294] = "last index";
print(big.length);
big[4294967295] = "not an index";
print(big.length);
