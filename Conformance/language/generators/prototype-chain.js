// GeneratorFunction, %GeneratorFunction.prototype%, %GeneratorPrototype%: prototype chains, constructors, tags, descriptors.
function* g() {}
var GeneratorFunction = Object.getPrototypeOf(g).constructor;
var GeneratorFunctionPrototype = Object.getPrototypeOf(g);
var GeneratorPrototype = GeneratorFunctionPrototype.prototype;
var IteratorPrototype = Object.getPrototypeOf(GeneratorPrototype);
print(GeneratorFunction.name, GeneratorFunction.length, typeof GeneratorFunction);
print(Object.getPrototypeOf(GeneratorFunction) === Function, Object.getPrototypeOf(GeneratorFunctionPrototype) === Function.prototype);
print(GeneratorFunction.prototype === GeneratorFunctionPrototype, GeneratorPrototype.constructor === GeneratorFunctionPrototype);
print(IteratorPrototype === Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())), Object.getPrototypeOf(IteratorPrototype) === Object.prototype);
print(Object.getPrototypeOf(g.prototype) === GeneratorPrototype, Object.getOwnPropertyNames(g.prototype).length);
print(GeneratorFunctionPrototype[Symbol.toStringTag], GeneratorPrototype[Symbol.toStringTag]);
print(Object.prototype.toString.call(g), Object.prototype.toString.call(g()), String(g()));
print(Object.getOwnPropertyNames(GeneratorPrototype).sort().join());
var dp = Object.getOwnPropertyDescriptor(g, "prototype");
print(dp.writable, dp.enumerable, dp.configurable);
print(g.hasOwnProperty("caller"), g.hasOwnProperty("arguments"), g.name, g.length);
// the constructor, with and without new
var made = new GeneratorFunction("a", "b", "yield a; yield b; return a + b");
print(made.name, made.length, JSON.stringify([...made(1, 2)]), Object.getPrototypeOf(made) === GeneratorFunctionPrototype);
var plain = GeneratorFunction("yield 'no new'");
print(plain().next().value, typeof plain.prototype);
print(made.toString().replace(/\s+/g, " "));
print(g.toString(), function* named(x) { yield x; }.toString());
try { new GeneratorFunction("yield", "yield 1"); } catch (e) { print("yield as parameter:", e.name); }
try { GeneratorFunction("yield )"); } catch (e) { print("bad body:", e.name); }
// generator functions created by the constructor are in the global scope
var outerVar = "global";
(function () { var outerVar = "local"; print(GeneratorFunction("yield outerVar")().next().value); })();
// if g.prototype is not an object, the generator object inherits %GeneratorPrototype%
function* h() {}
h.prototype = null;
print(Object.getPrototypeOf(h()) === GeneratorPrototype);
// generator methods are shared by all generators
print(g().next === h().next, typeof GeneratorPrototype.return, typeof GeneratorPrototype.throw);
try { GeneratorPrototype.next.call({}); } catch (e) { print("next on non-generator:", e instanceof TypeError); }
