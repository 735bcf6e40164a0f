// Number constructor conversions, wrappers, subclassing, thisNumberValue errors, toString(radix) range, formatting edge order.
print(Number(), Number(undefined), Number(null), Number(true), Number(" 12 "), Number("0b101"), Number("0o17"), Number("1e3"), Number("1_000"), Number([]), Number(["7"]));
print(1 / Number("-0"), Number("Infinity"), Number("-Infinity"), Number("infinity"), Number(".5"), Number("5."), Number("0x"), Number("\u00A0 42 \n"));
var wrapper = new Number(3);
print(typeof wrapper, wrapper + 1, wrapper instanceof Number, Object.prototype.toString.call(wrapper), Number.prototype.valueOf.call(wrapper));
class Money extends Number {
  twice() { return this * 2; }
}
print(new Money(21).twice(), new Money(1) instanceof Money, Number.prototype.valueOf() === 0, Object.prototype.toString.call(Number.prototype));
for (var method of ["toString", "valueOf", "toFixed", "toPrecision", "toExponential", "toLocaleString"]) {
  try {
    Number.prototype[method].call("1");
  } catch (e) {
    print(method, e.name);
  }
}
for (var radix of [0, 1, 37, Infinity]) {
  try {
    (10).toString(radix);
  } catch (e) {
    print(radix, e.name);
  }
}
print((10).toString(2.9), (-0).toString(2), (0.5).toString(2), (255.5).toString(16), (1e21).toString(36), (NaN).toString(2), (-Infinity).toString(16));
try {
  (Infinity).toFixed(101);
} catch (e) {
  print("toFixed range first:", e.name);
}
print((Infinity).toExponential(1000), (NaN).toPrecision(0), (1e21).toFixed(2), (123.456).toExponential(0), (0.000001234).toPrecision(2));
print(Number.length, Number.name, Number.prototype.toFixed.length, Number.prototype.toString.length, Number.parseInt === parseInt);
var d = Object.getOwnPropertyDescriptor(Number, "MAX_VALUE");
print(d.writable, d.enumerable, d.configurable, Number.isSafeInteger(-(2 ** 53) + 1), Number.isInteger(-0), Number.isFinite(new Number(1)));
