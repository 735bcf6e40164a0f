// Function.prototype.bind: the bound length is ToIntegerOrInfinity(target length) minus the arguments, never -0 (ES2024 20.2.3.2 step 5).
function lengthOf(targetLength, args) {
  var f = function () {};
  Object.defineProperty(f, "length", { value: targetLength });
  var bound = Function.prototype.bind.apply(f, [null].concat(args));
  return bound.length;
}
print(Object.is(lengthOf(-0, []), 0), Object.is(lengthOf(-0.5, []), 0), Object.is(lengthOf(0.9, []), 0));
print(lengthOf(3.7, [1]), lengthOf(2, [1, 2, 3]), lengthOf(Infinity, [1]), lengthOf(-Infinity, []), lengthOf(NaN, []));
print(lengthOf("5", []), lengthOf(2 ** 53, [1]) === 2 ** 53 - 1);
