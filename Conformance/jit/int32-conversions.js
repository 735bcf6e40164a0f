// ToInt32 of doubles in bitwise operators and int32 remainders in loops (the JIT truncates doubles below 2^63 inline and leaves larger ones, NaN and infinities to the slow path; % inline only for a non-negative dividend and a positive divisor).
var doubles = [0.5, -0.5, 3.7, -3.7, 2147483648, 4294967295.5, 4294967301, -2147483649, 1e15 + 0.5, -1e18, 9.3e18, 1e20, -1e300, NaN, Infinity, -Infinity, -0, 5e-324];
var out = [];
for (var i = 0; i < doubles.length; i++) {
  var d = doubles[i];
  out.push([d | 0, d & 0xFFFF, d ^ 1, d << 1, d >> 1, d >>> 0, ~~d, 7 | d].join(' '));
}
print(out.join('\n'));
var sums = 0;
for (var j = 0; j < 1000; j++) sums = (sums + j * 2654435761) | 0;
var mixed = 0x7fffffff;
for (var k = 0; k < 10; k++) mixed = (mixed + 0x7fffffff) >>> 0;
print(sums, mixed);
var rems = [];
var pairs = [[7, 3], [-7, 3], [7, -3], [0, 5], [-0, 5], [5, 0], [2147483647, 2], [-2147483648, -1], [6.5, 2], [9, 9], [1, 2147483647]];
for (var m = 0; m < pairs.length; m++) { var r = pairs[m][0] % pairs[m][1]; rems.push(Object.is(r, -0) ? '-0' : String(r)); }
var acc = 0;
for (var n = 0; n < 5000; n++) acc += n % 7 + (n % 13) * 2;
print(rems.join(' '), acc);
