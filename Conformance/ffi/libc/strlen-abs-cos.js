// ffi: scalar calls into libc and libm (strlen with a borrowed buffer, abs, cos, powf, llabs
// with the 64-bit rule); expectations by hand: C's own results, printed by JS's ToString.
// xjs-flags: --allow-ffi
const libc = ffi.dlopen("libc.so.6", {
  strlen: { parameters: ["buffer"], result: "usize" },
  abs: { parameters: ["i32"], result: "i32" },
  llabs: { parameters: ["i64"], result: "i64" },
  toupper: { parameters: ["i32"], result: "i32" },
});
const libm = ffi.dlopen("libm.so.6", {
  cos: { parameters: ["f64"], result: "f64" },
  powf: { parameters: ["f32", "f32"], result: "f32" },
  hypot: { parameters: ["f64", "f64"], result: "f64" },
});
const text = (s) => new Uint8Array([...s].map((c) => c.charCodeAt(0)).concat(0));
print(libc.symbols.strlen(text("hello, world")), libc.symbols.strlen(text("")));
print(libc.symbols.strlen(new DataView(text("abc").buffer)), libc.symbols.strlen(text("xyz").buffer));
print(libc.symbols.abs(-5), libc.symbols.abs(5), libc.symbols.toupper(97));
print(libc.symbols.llabs(-(2 ** 40)), libc.symbols.llabs(-(2n ** 62n)), typeof libc.symbols.llabs(-(2n ** 62n)));
print(libm.symbols.cos(0), libm.symbols.cos(Math.PI), libm.symbols.cos(0.5) === Math.cos(0.5));
print(libm.symbols.powf(2, 10), libm.symbols.powf(2, 0.5) === Math.fround(Math.SQRT2), libm.symbols.hypot(3, 4));
print(Object.keys(libc.symbols).join(" "), libc.symbols.strlen.name, libc.symbols.strlen.length);
libc.close();
libm.close();
