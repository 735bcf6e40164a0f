// Relational comparison: strings compare by code units, otherwise ToNumber; NaN compares false.
print("10" < "9", 10 < 9, "10" < 9, "a" < "b", "B" < "a", "abc" < "abd", "ab" < "abc");
print(null >= 0, null > 0, null <= 0, undefined >= 0, undefined <= 0);
print(NaN < 1, NaN >= 1, 1 < Infinity, -Infinity < -1e308);
print([2] > 1, [1, 2] > 1, "" < 1, true > false);
var order = [];
var left = { valueOf: function () { order.push("left"); return 1; } };
var right = { valueOf: function () { order.push("right"); return 2; } };
print(left < right, right > left, left >= right);
print(order.join(","));
