// Math.f16round (ES2025 21.3.2.17): ToNumber, then round to the nearest IEEE binary16 value (ties to even). Expected output written by hand (node 20 lacks f16round), each value checked against binary16 rounding.
var d = Object.getOwnPropertyDescriptor(Math, "f16round");
print(typeof d.value, d.writable, d.enumerable, d.configurable, Math.f16round.length, Math.f16round.name);
print(Math.f16round(1.337), Math.f16round(0.1), Math.f16round(65504), Math.f16round(65519.99), Math.f16round(65520));
print(Object.is(Math.f16round(-0), -0), Math.f16round(NaN), Math.f16round(-Infinity), Math.f16round());
print(Math.f16round(1 + 2 ** -11), Math.f16round(1 + 3 * 2 ** -11), Math.f16round(2 ** -24), Math.f16round(2 ** -25), Math.f16round(2 ** -25 + 2 ** -40));
print(Math.f16round("2.5"), Math.f16round({ valueOf: function () { return 3.0009765625; } }), Math.f16round(true));
try { new Math.f16round(1); } catch (e) { print(e instanceof TypeError); }
