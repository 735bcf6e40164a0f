// ffi: native memory from malloc, written and read through UnsafePointerView, copied by memcpy
// and strcpy, seen through getArrayBuffer and copyInto; pointers compared and offset.
// Expectations by hand (little-endian x86-64/arm64 byte order).
// xjs-flags: --allow-ffi
const libc = ffi.dlopen("libc.so.6", {
  malloc: { parameters: ["usize"], result: "pointer" },
  calloc: { parameters: ["usize", "usize"], result: "pointer" },
  free: { parameters: ["pointer"], result: "void" },
  memcpy: { parameters: ["pointer", "buffer", "usize"], result: "pointer" },
  strcpy: { parameters: ["pointer", "buffer"], result: "pointer" },
}).symbols;
const memory = libc.calloc(8, 8);
const view = new ffi.UnsafePointerView(memory);
print(view.getBigUint64(0), view.getInt32(60), view.pointer === memory);
view.setUint8(255, 0);
view.setInt16(-2, 2);
view.setUint32(4294967295, 4);
view.setFloat64(-0.5, 8);
view.setBigUint64(2n ** 64n - 1n, 16);
view.setFloat32(0.1, 24);
print(view.getInt8(0), view.getUint8(0), view.getInt16(2), view.getUint16(2), view.getInt32(4), view.getUint32(4));
print(view.getFloat64(8), view.getBigInt64(16), view.getBigUint64(16), view.getFloat32(24) === Math.fround(0.1));
const bytes = new Uint8Array(8);
view.copyInto(bytes);
print(bytes.join(","));
print(new Uint8Array(view.getArrayBuffer(4, 2)).join(","), ffi.UnsafePointerView.getArrayBuffer(memory, 3).byteLength);
print(ffi.UnsafePointer.equals(libc.memcpy(memory, new Uint8Array([1, 2, 3, 4]), 4), memory), view.getUint32(0));
const message = new Uint8Array([...Array.from("native text", (c) => c.charCodeAt(0)), 0]);
const copy = libc.strcpy(ffi.UnsafePointer.offset(memory, 32), message);
print(new ffi.UnsafePointerView(copy).getCString(), view.getCString(39), ffi.UnsafePointerView.getCString(memory, 32));
print(ffi.UnsafePointer.value(copy) - ffi.UnsafePointer.value(memory), ffi.UnsafePointer.equals(copy, memory));
view.setPointer(copy, 0);
print(ffi.UnsafePointer.equals(view.getPointer(), copy), ffi.UnsafePointer.create(0), ffi.UnsafePointer.of(new Uint8Array(0)));
libc.free(memory);
