// Class semantics that must throw: call without new, this before super, strict bodies, bad extends.
function errorName(f) {
  try {
    f();
    return "none";
  } catch (e) {
    return e.name;
  }
}
class A {}
print(errorName(function () { A(); }));
print(errorName(function () { class B extends A { constructor() { this.x = 1; super(); } } new B(); }));
print(errorName(function () { class C extends A { constructor() {} } new C(); }));
print(errorName(function () { class D extends A { constructor() { super(); super(); } } new D(); }));
print(errorName(function () { class E extends 5 {} }));
print(errorName(function () { class F { m() { undeclared = 1; } } new F().m(); }));
print(errorName(function () { new (class { static m() {} }).m(); }));
print(errorName(function () { class G { constructor() { return 1; } } new G(); }));
print(errorName(function () { class H extends A { constructor() { return 1; } } new H(); }));
class I extends A { constructor() { return { replaced: true }; } }
print(new I().replaced);
print(errorName(function () { eval("class J { constructor() {} constructor() {} }"); }));
