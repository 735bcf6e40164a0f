// preventExtensions, seal and freeze, and what each still allows.
var frozen = Object.freeze({ a: 1, nested: { b: 2 } });
frozen.a = 9;
frozen.added = 1;
delete frozen.a;
frozen.nested.b = 3;
print(frozen.a, frozen.added, frozen.nested.b, Object.isFrozen(frozen), Object.isFrozen(frozen.nested));
var sealed = Object.seal({ a: 1 });
sealed.a = 2;
sealed.added = 1;
delete sealed.a;
print(sealed.a, sealed.added, Object.isSealed(sealed), Object.isFrozen(sealed));
var closed = Object.preventExtensions({ a: 1 });
closed.b = 1;
delete closed.a;
print(closed.a, closed.b, Object.isExtensible(closed));
print(Object.isFrozen(1), Object.freeze(5), Object.isFrozen(Object.preventExtensions({})));
var frozenArray = Object.freeze([1, 2]);
try {
  frozenArray.push(3);
} catch (e) {
  print(e.name, frozenArray.length);
}
