// Arithmetic, comparisons and branches on the JIT's int32 and double paths and their overflow exits: sums past 2^31, products that are -0, shifts by out-of-range counts, NaN compares, mixed int32/double and non-number operands.
function ops(a, b) {
  return [a + b, a - b, a * b, a / b, a % b, a & b, a | b, a ^ b, a << b, a >> b, a >>> b, a < b, a <= b, a > b, a >= b, a === b, a !== b, a == b];
}
function show(values) { return values.map(function (v) { return Object.is(v, -0) ? '-0' : String(v); }).join(' '); }
var pairs = [[2147483647, 1], [-2147483648, -1], [-2147483648, 1], [0, -5], [-3, 0], [7, 33], [-7, -1], [1 << 30, 4], [0.5, 2], [NaN, 1], [3, NaN], ['4', 2], [null, 1], [true, 3], [1.5, 1.5], [-0, 0], [5, '5']];
for (var i = 0; i < pairs.length; i++) print(show(ops(pairs[i][0], pairs[i][1])));
var x = 0, y = 2147483640, z = 1;
for (var j = 0; j < 20; j++) { x += 1073741824; y++; z *= -3; }
print(x, y, z, -x, ~y, -(-2147483648), -0 === 0);
var branches = [];
var values = [0, 1, -1, 0.5, NaN, '', 'a', null, undefined, {}, [], -0];
for (var k = 0; k < values.length; k++) { var v = values[k]; branches.push((v ? 'T' : 'F') + (!v ? 't' : 'f') + (v < 1 ? '<' : '') + (v >= 1 ? '>=' : '')); }
print(branches.join(' '));
var count = 0;
for (var m = 0.5; m < 10; m += 0.75) count++;
for (var n = 10; n > 0; n -= 3) count++;
print(count);
