// Array element loads and stores in loops: int32, double and string keys, holes that reach the prototype, appends, frozen arrays, negative indices and element-wise increments.
function readAll(a, keys) { var out = []; for (var i = 0; i < keys.length; i++) out.push(a[keys[i]]); return out.join(','); }
var a = [10, 20, 30, , 50];
Array.prototype[3] = 'proto';
print(readAll(a, [0, 1, 2, 3, 4, 5, -1, 1.0, 2.5, '2', '04']));
delete Array.prototype[3];
print(readAll(a, [3]));
var b = [];
for (var i = 0; i < 10; i++) b[i] = i * i;
for (var j = 0; j < 10; j++) b[j]++;
for (var k = 9; k >= 0; k--) b[k] -= 1;
print(b.join(','), b.length);
var frozen = Object.freeze([1, 2, 3]);
for (var f = 0; f < 3; f++) frozen[f] = 9;
print(frozen.join(','));
'use strict';
var counts = [0, 0, 0];
var keys = [0, 1, 2, 1, 0, 1];
for (var m = 0; m < keys.length; m++) counts[keys[m]]++;
var obj = { 0: 'zero', length: 1 };
for (var n = 0; n < 2; n++) obj[n] = (obj[n] || '') + n;
print(counts.join(','), obj[0], obj[1], readAll('hello', [0, 4, 5, -1]));
