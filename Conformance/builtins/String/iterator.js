// String iteration by code points (%StringIteratorPrototype%): surrogate pairs, lone surrogates, receivers.
print([..."a\uD83D\uDE00b"].length, Array.from("\uD800\uDC00\uD800").map((c) => c.length).join(","));
var iterator = "ab"[Symbol.iterator]();
var prototype = Object.getPrototypeOf(iterator);
print(prototype[Symbol.toStringTag], Object.prototype.toString.call(iterator), typeof prototype.next, prototype.next.length);
print(Object.getPrototypeOf(prototype) === Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
var first = iterator.next(), second = iterator.next(), third = iterator.next(), fourth = iterator.next();
print(first.value, first.done, second.value, second.done, third.value, third.done, fourth.done);
var out = [];
for (var ch of "x\uD834\uDF06y") out.push(ch.length);
print(out.join(","), String.prototype[Symbol.iterator].name, String.prototype[Symbol.iterator].call(42).next().value);
try {
  prototype.next.call({});
} catch (e) {
  print(e.name);
}
try {
  String.prototype[Symbol.iterator].call(null);
} catch (e) {
  print(e.name);
}
