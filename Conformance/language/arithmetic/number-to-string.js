// Number::toString (ES2024 6.1.6.1.20): shortest round-trip digits, exponent outside 1e-7..1e21.
print(0, -0, 1, -1, 100, 1.5, -2.25, 123456789);
print(0.1, 0.2 + 0.1, 1 / 3, 2 / 3, 10 / 3);
print(1e21, 1e20, 123456789012345680000, 1.5e21, 1e300);
print(1e-6, 1e-7, 0.000001, 0.0000001, 1.5e-7, 123e-20);
print(5e-324, 1.7976931348623157e308, 2 ** 53, 2 ** 64, -(2 ** 70));
print(4.35, 0.000035, 1.0000000000000002, 100 / 7);
print(String(-0), (-0).toString(), [0, -0, NaN, Infinity].join(" "));
print((255).toString(16), (255).toString(2), (-255).toString(36), (0.5).toString(2), (35).toString(36));
print((3.75).toString(16), (1e21).toString(16).length > 0, (12345.6789).toString(8).slice(0, 10));
