// Numeric literal forms: hex, octal, binary, separators, exponents, leading-dot decimals.
print(0x1f, 0XFF, 0o17, 0O7, 0b1011, 0B1);
print(1_000_000, 0xf_f, 0b1_0, 1e3, 1E-3, 2.5e+2);
print(.5, 5., 0.0, 00 === 0);
print(010, 019, 08);
print(1..toString(), 1 .toString(), (1).toString());
print(0xFFFFFFFFFFFFF, 0x20000000000001);
