// extends, super() calls, super property access in methods, and static inheritance.
class Animal {
  constructor(name) { this.name = name; }
  speak() { return this.name + " makes a sound"; }
  static create(name) { return new this(name); }
  static kind() { return "animal"; }
}
class Dog extends Animal {
  constructor(name) {
    super(name + " the dog");
    this.tricks = 0;
  }
  speak() { return super.speak() + " (woof)"; }
  static kind() { return "dog, a kind of " + super.kind(); }
}
var dog = new Dog("Rex");
print(dog.speak(), dog.tricks, dog instanceof Animal, dog instanceof Dog);
print(Dog.kind(), Dog.create("Fido").speak());
print(Object.getPrototypeOf(Dog) === Animal, Object.getPrototypeOf(Dog.prototype) === Animal.prototype);
class Implicit extends Animal {}
print(new Implicit("Cat").speak());
var base = { greet() { return "base greet"; } };
var derived = { greet() { return "derived + " + super.greet(); } };
Object.setPrototypeOf(derived, base);
print(derived.greet());
class NullBase extends null {}
print(Object.getPrototypeOf(NullBase.prototype));
function OldStyle(v) { this.v = v; }
OldStyle.prototype.get = function () { return this.v; };
class Modern extends OldStyle { constructor() { super("from function base"); } }
print(new Modern().get());
