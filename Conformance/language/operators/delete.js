// delete: true for removed or absent properties, false for non-configurable ones (sloppy mode).
var object = { a: 1 };
print(delete object.a, "a" in object, delete object.missing, delete object["also missing"]);
var array = [1, 2, 3];
print(delete array[1], array.length, 1 in array, array.join(","));
print(delete array.length, array.length);
var declared = 1;
print(delete declared, typeof declared);
print(delete Math.PI, typeof Math.PI);
print(delete 42, delete "string".length);
implicit = 5;
print(delete implicit, typeof implicit);
var proto = { inherited: 1 };
var child = Object.create(proto);
print(delete child.inherited, child.inherited);
function strictDelete() {
  "use strict";
  try {
    delete Object.prototype;
  } catch (e) {
    return e.name;
  }
}
print(strictDelete());
