// toFixed, toPrecision, toExponential and toString(radix) (ES2024 21.1.3).
print((1.005).toFixed(2), (1.5).toFixed(0), (2.5).toFixed(0), (-1.5).toFixed(0), (0).toFixed(2), (1e21).toFixed(2));
print((123.456).toFixed(1), (0.000001).toFixed(7), (-0).toFixed(1), (1.45).toFixed(1), (8.345).toFixed(2));
print((123.456).toPrecision(4), (0.00001).toPrecision(1), (123456).toPrecision(2), (1.5).toPrecision(1), (99.99).toPrecision(3));
print((123456).toExponential(2), (0).toExponential(), (1.5).toExponential(3), (-0.00015).toExponential(1), (5).toExponential(0));
print((255).toString(16), (-255).toString(2), (0.1).toString(3).slice(0, 12), (1e15).toString(36), Number.prototype.toString.call(10, 10));
print((25).toString(undefined), (NaN).toFixed(2), (Infinity).toPrecision(3), (123).toPrecision());
try {
  (1).toString(1);
} catch (e) {
  print(e.name);
}
