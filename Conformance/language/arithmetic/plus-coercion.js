// The + operator: ToPrimitive, then string concatenation if either side is a string.
print("1" + 2, 1 + "2", 1 + 2 + "3", "1" + 2 + 3);
print(true + 1, null + 1, undefined + 1, true + true);
print([] + [], [] + {}, [1, 2] + [3], {} + "x");
print("" + null, "" + undefined, "" + true, "" + -0, "" + NaN);
var date = { valueOf: function () { return 42; }, toString: function () { return "str"; } };
print(date + 1, date + "", "" + date, `${date}`, String(date));
print(1 - "2", "6" / "2", "3" * "4", "10" % "4", -"5", +"");
print(+[], +[7], +[1, 2], +{}, +null, +undefined, +true);
