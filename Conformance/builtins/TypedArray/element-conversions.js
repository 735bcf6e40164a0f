// Element stores convert with each type's rule (ES2024 10.4.5.16, 7.1.6-7.1.12): integer kinds wrap
// modulo 2^n, Uint8Clamped clamps and rounds half to even, Float32 rounds to single precision; reads
// give Numbers (Uint32 above 2^31 included) and NaN/-0 survive in float kinds.
var inputs = [0, -0, 1, -1, 127, 128, 255, 256, 257, 32767, 32768, 65535, 65536, 2147483647, 2147483648,
  4294967295, 4294967296, -2147483649, 1.5, 2.5, -1.5, 254.5, 255.5, 0.49999999999999994, 1e20, -1e20,
  Infinity, -Infinity, NaN, "12", "0x10", "", "abc", true, null, undefined, [7], { valueOf: function () { return 300; } }];
var kinds = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array];
for (var k = 0; k < kinds.length; k++) {
  var array = new kinds[k](inputs.length);
  for (var i = 0; i < inputs.length; i++) array[i] = inputs[i];
  var shown = [];
  for (var j = 0; j < array.length; j++) shown.push(Object.is(array[j], -0) ? "-0" : String(array[j]));
  print(kinds[k].name, shown.join(" "));
}
var f32 = new Float32Array([0.1, 16777217, 3.4028235677973366e38, 1e-46, -1e-46]);
print(f32[0], f32[1], f32[2], f32[3], Object.is(f32[4], -0));
var u32 = new Uint32Array([-1, 2147483648]);
print(u32[0], u32[1], typeof u32[0], u32[0] === 4294967295);
var fromOther = new Int8Array(new Float64Array([300.7, -129.9, NaN, Infinity]));
print(fromOther.join());
var clampedFromFloat = new Uint8ClampedArray(new Float32Array([-0.5, 0.5, 1.5, 256]));
print(clampedFromFloat.join());
