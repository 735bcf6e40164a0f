// The in operator (own and inherited keys, array indices) and instanceof (prototype chain, hasInstance).
var object = { own: 1 };
print("own" in object, "toString" in object, "missing" in object, 0 in [1], 1 in [1], "length" in []);
var symbol = Symbol();
object[symbol] = 1;
print(symbol in object, "0" in "abc".split(""));
function Animal() {}
var animal = new Animal();
print(animal instanceof Animal, animal instanceof Object, Object.create(null) instanceof Object);
print([] instanceof Array, [] instanceof Object, (function () {}) instanceof Function, 5 instanceof Number);
var Even = { [Symbol.hasInstance](value) { return value % 2 === 0; } };
print(2 instanceof Even, 3 instanceof Even);
var bound = Animal.bind(null);
print(animal instanceof bound);
try {
  "x" in 5;
} catch (e) {
  print(e.name);
}
try {
  animal instanceof {};
} catch (e) {
  print(e.name);
}
Animal.prototype = {};
print(animal instanceof Animal);
