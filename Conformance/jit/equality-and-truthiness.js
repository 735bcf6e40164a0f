// Loose and strict equality and ToBoolean in loops, over a matrix of values of every type (the JIT decides most pairs inline and leaves conversions to the slow path).
var values = [0, -0, 1, -1, 0.5, NaN, 2147483648, '', '0', '1', 'a', 'abc', true, false, null, undefined, {}, [], [0], Symbol.iterator, 0n, 1n, function () {}];
var names = values.map(function (v, i) { return typeof v === 'symbol' ? 'sym' : typeof v === 'bigint' ? v + 'n' : i + ':' + typeof v; });
var rows = [];
for (var i = 0; i < values.length; i++) {
  var row = '';
  for (var j = 0; j < values.length; j++) {
    var a = values[i], b = values[j];
    var loose;
    try { loose = a == b; } catch (e) { loose = 'E'; }
    row += (loose === 'E' ? 'E' : loose ? '1' : '0') + (a === b ? '1' : '0') + (a != b ? '1' : '0') + (a !== b ? '1' : '0') + ' ';
  }
  rows.push(names[i] + ' ' + row);
}
print(rows.join('\n'));
var truth = [];
for (var k = 0; k < values.length; k++) { var v = values[k]; truth.push((v ? 'T' : 'F') + (!v ? 't' : 'f') + (!!v ? '1' : '0')); }
print(truth.join(' '));
var objA = {}, objB = {};
var same = 0;
for (var m = 0; m < 100; m++) { if (objA == objB) same++; if (objA == objA) same += 2; if (objA != null) same += 4; if (null == undefined) same += 8; }
print(same);
