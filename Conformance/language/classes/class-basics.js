// Class declarations: constructor, prototype and static methods, accessors, non-enumerable methods.
class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
  get length() { return Math.sqrt(this.x * this.x + this.y * this.y); }
  set scale(factor) { this.x *= factor; this.y *= factor; }
  toString() { return "(" + this.x + ", " + this.y + ")"; }
  static origin() { return new Point(0, 0); }
}
var p = new Point(3, 4);
print(p.length, String(p), String(Point.origin()));
p.scale = 2;
print(p.x, p.y, p.length);
print(typeof Point, Object.keys(Point.prototype).length, Object.getOwnPropertyNames(Point.prototype).join(","));
print(p instanceof Point, p.constructor === Point, Object.getPrototypeOf(p) === Point.prototype);
var descriptor = Object.getOwnPropertyDescriptor(Point, "prototype");
print(descriptor.writable, descriptor.enumerable, descriptor.configurable);
var Anonymous = class {};
var Named = class Inner { who() { return Inner.name; } };
print(Anonymous.name, Named.name, new Named().who(), typeof Inner);
class Empty {}
print(new Empty() instanceof Empty, Empty.length);
