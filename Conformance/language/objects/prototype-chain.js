// Property lookup follows the prototype chain; assignment creates own properties (shadowing).
var grandparent = { level: "grandparent", shared: "gp" };
var parent = Object.create(grandparent);
parent.level = "parent";
var child = Object.create(parent);
print(child.level, child.shared, "shared" in child, child.hasOwnProperty("shared"));
child.shared = "own";
print(child.shared, grandparent.shared);
print(Object.getPrototypeOf(child) === parent, parent.isPrototypeOf(child), grandparent.isPrototypeOf(child));
var bare = Object.create(null);
print(typeof bare.toString, Object.getPrototypeOf(bare), "toString" in bare);
var readOnlyProto = Object.create(Object.defineProperty({}, "fixed", { value: "proto", writable: false }));
readOnlyProto.fixed = "blocked";
print(readOnlyProto.fixed, readOnlyProto.hasOwnProperty("fixed"));
function Shape() {}
Shape.prototype.sides = 0;
function Square() {}
Square.prototype = Object.create(Shape.prototype);
Square.prototype.constructor = Square;
Square.prototype.sides = 4;
var square = new Square();
print(square.sides, square instanceof Shape, square.constructor === Square);
try {
  Object.setPrototypeOf(parent, child);
} catch (e) {
  print(e.name);
}
