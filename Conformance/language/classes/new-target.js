// new.target: undefined for plain calls, the constructor new was applied to (also through super).
function F() { return new.target === undefined ? "call" : new.target === F ? "new F" : "other"; }
print(F(), new F() instanceof F);
function G() { this.target = new.target; }
print(new G().target === G);
class Base {
  constructor() { this.created = new.target.name; }
}
class Derived extends Base {}
print(new Base().created, new Derived().created);
function arrowSees() { return (() => new.target)(); }
print(arrowSees() === undefined, new arrowSees() === arrowSees);
class Abstract {
  constructor() {
    if (new.target === Abstract) throw new TypeError("abstract");
  }
}
class Concrete extends Abstract {}
try {
  new Abstract();
} catch (e) {
  print(e.message);
}
print(new Concrete() instanceof Abstract);
