// Nested functions compile at their first call (Compiler/LazyCompilation.swift). What a
// function is before that call (its name, length, source text, kind) and what it sees when it
// runs (captured bindings, TDZ, `this`, `arguments`, eval) must not depend on when it compiled.

// Metadata before the first call.
function declared(a, b, c = 1) { return a + b + c; }
print(declared.name, declared.length, typeof declared.prototype, String(declared));
const arrow = (x, y) => x * y;
print(arrow.name, arrow.length, "prototype" in arrow, String(arrow));
function* generator(n) { for (let i = 0; i < n; i++) yield i; }
async function asyncFunction() { return 1; }
print(Object.getPrototypeOf(generator).constructor.name, Object.getPrototypeOf(asyncFunction).constructor.name);
class Base { constructor(v) { this.v = v; } method() { return this.v; } static make() { return new this(3); } }
print(String(Base).length, Base.length, Base.make.name, typeof Base.prototype.method);
try { Base(); } catch (e) { print(e.constructor.name); }

// Captures: a function compiled after its outer bindings changed sees their current values.
function counter() {
  let count = 0;
  const read = () => count;
  const bump = () => ++count;
  return { read, bump };
}
const c = counter();
c.bump(); c.bump();
print(c.read(), c.bump(), c.read());

// Deep nesting: each level compiles at its first call, the innermost captures all of them.
function level1(a) {
  return function level2(b) {
    return function level3(c) {
      return () => a + b + c;
    };
  };
}
print(level1(1)(20)(300)());

// TDZ: a closure called before the binding is initialized throws, after it reads the value.
function tdz() {
  const early = () => late;
  let result;
  try { early(); } catch (e) { result = e.constructor.name; }
  let late = "initialized";
  return [result, early()];
}
print(tdz().join(" "));

// `this` of an arrow in a derived constructor, compiled while the constructor runs.
class Derived extends Base {
  constructor() {
    const before = () => { try { return this.v; } catch (e) { return e.constructor.name; } };
    const first = before();
    super(42);
    this.seen = [first, before()];
  }
}
print(new Derived().seen.join(" "));

// Sloppy `arguments`, mapped and unmapped.
function mapped(a) { arguments[0] = "changed"; return a; }
function unmapped(a, ...rest) { arguments[0] = "changed"; return a + rest.length; }
print(mapped("original"), unmapped("original", 1, 2));

// A sloppy direct eval in a lazily compiled function declares a var the caller's closures see.
function withEval() {
  eval("var fromEval = 'visible'");
  return (() => fromEval)();
}
print(withEval());

// `with` scopes: a function made inside one resolves names through the object.
function inWith() {
  const object = { inside: "from with" };
  with (object) {
    return (function () { return inside; })();
  }
}
print(inWith());

// Functions from eval and new Function, and their own nested functions.
const fromEval = eval("(function outer(x) { return function inner() { return x * 2; }; })");
print(fromEval(21)());
const made = new Function("x", "return function (y) { return x + y; };");
print(made(1)(2), made.name);

// A function that is never called stays a stand-in; one called from many closures compiles once.
function neverCalled() { return undefinedName; }
const makers = [];
for (let i = 0; i < 3; i++) makers.push(() => i * 10);
print(makers.map((f) => f()).join(","), typeof neverCalled);

// Generators and async functions compile at their first call too.
print([...generator(4)].join(","));
asyncFunction().then((v) => print("async", v));

// Errors thrown from a lazily compiled function keep their source position.
function thrower() {
  null.property;
}
try { thrower(); } catch (e) { print(e.constructor.name, e.stack.split("\n")[1].trim()); }
