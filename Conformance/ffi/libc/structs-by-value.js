// ffi: structs by value with libc: div and ldiv return one (as a Uint8Array of its bytes),
// inet_ntoa takes one (struct in_addr); expectations by hand from C's definitions.
// xjs-flags: --allow-ffi
const libc = ffi.dlopen("libc.so.6", {
  div: { parameters: ["i32", "i32"], result: { struct: ["i32", "i32"] } },
  ldiv: { parameters: ["i64", "i64"], result: { struct: ["i64", "i64"] } },
  inet_ntoa: { parameters: [{ struct: ["u32"] }], result: "pointer" },
});
const quotient = libc.symbols.div(-47, 5);
const view = new DataView(quotient.buffer);
print(quotient.constructor.name, quotient.length, view.getInt32(0, true), view.getInt32(4, true));
const long = new BigInt64Array(libc.symbols.ldiv(10n ** 15n + 7n, 1000).buffer);
print(long[0], long[1]);
const address = libc.symbols.inet_ntoa(new Uint8Array([192, 168, 0, 1]));
print(new ffi.UnsafePointerView(address).getCString());
try {
  libc.symbols.inet_ntoa(new Uint8Array(3));
} catch (e) {
  print(e.name, e.message);
}
