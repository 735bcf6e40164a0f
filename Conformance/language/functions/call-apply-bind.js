// Function.prototype.call / apply / bind, including bound constructors and partial application.
function describe(a, b) { return this.tag + ":" + a + ":" + b; }
print(describe.call({ tag: "call" }, 1, 2), describe.apply({ tag: "apply" }, [3, 4]));
print(describe.apply({ tag: "arrayLike" }, { length: 2, 0: "x", 1: "y" }));
var partial = describe.bind({ tag: "bind" }, "first");
print(partial("second"), partial.length, partial.name);
function Point(x, y) { this.x = x; this.y = y; }
var BoundPoint = Point.bind(null, 7);
var point = new BoundPoint(8);
print(point.x, point.y, point instanceof Point, point instanceof BoundPoint);
print(Math.max.apply(null, [1, 5, 3]), Array.prototype.join.call("abc", "-"));
print(describe.call.call(describe, { tag: "twice" }, 5, 6));
try {
  Function.prototype.call.call(42);
} catch (e) {
  print(e.name);
}
