// ffi: without --allow-ffi (this test has no xjs-flags line) `ffi` exists but every entry
// point throws an Error saying which permission is missing; nothing native is reached.
const entryPoints = {
  "ffi.dlopen": () => ffi.dlopen("libc.so.6", { abs: { parameters: ["i32"], result: "i32" } }),
  "new ffi.UnsafeCallback": () => new ffi.UnsafeCallback({ parameters: [], result: "void" }, () => {}),
  "ffi.UnsafeCallback": () => ffi.UnsafeCallback({ parameters: [], result: "void" }, () => {}),
  "new ffi.UnsafePointerView": () => new ffi.UnsafePointerView(null),
  "ffi.UnsafePointerView.getCString": () => ffi.UnsafePointerView.getCString(null),
  "ffi.UnsafePointerView.getArrayBuffer": () => ffi.UnsafePointerView.getArrayBuffer(null, 1),
  "ffi.UnsafePointerView.copyInto": () => ffi.UnsafePointerView.copyInto(null, new Uint8Array(1)),
  "ffi.UnsafePointer.of": () => ffi.UnsafePointer.of(new Uint8Array(1)),
  "ffi.UnsafePointer.create": () => ffi.UnsafePointer.create(4096n),
  "ffi.UnsafePointer.equals": () => ffi.UnsafePointer.equals(null, null),
  "ffi.UnsafePointer.offset": () => ffi.UnsafePointer.offset(null, 8),
  "ffi.UnsafePointer.value": () => ffi.UnsafePointer.value(null),
  "new ffi.UnsafeFnPointer": () => new ffi.UnsafeFnPointer(null, { parameters: [], result: "void" }),
};
print(typeof ffi, Object.getOwnPropertyNames(ffi).join(" "));
for (const [name, attempt] of Object.entries(entryPoints)) {
  try {
    attempt();
    print(name, "was not refused");
  } catch (e) {
    print(name + ":", e.name, "-", e.message);
  }
}
ffi.dlopen("libm.so.6", {});
