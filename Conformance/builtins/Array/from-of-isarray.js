// Array.from, Array.of, Array.isArray and array-likes.
print(Array.from("abc").join(","), Array.from({ length: 3 }, function (_, i) { return i * i; }).join(","));
print(Array.from(new Set([1, 1, 2])).length, Array.from({ length: 2, 0: "x" }).join("|"), Array.from([1, 2], function (x) { return x + this.d; }, { d: 10 }).join());
print(Array.of(7).length, Array.of(1, 2, 3).join(""), Array.of().length);
print(Array.isArray([]), Array.isArray({ length: 0 }), Array.isArray(Array.prototype), Array.isArray("arr"));
print(Array.prototype.map.call("abc", function (c) { return c.toUpperCase(); }).join(""));
