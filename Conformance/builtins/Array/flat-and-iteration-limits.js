// flat/flatMap depth handling (including very deep nesting), and callbacks seeing changes made during iteration.
print([1, [2, [3, [4]]]].flat().length, [1, [2, [3, [4]]]].flat(2).length, [1, [2, [3, [4]]]].flat(Infinity).join());
print([1, [2]].flat(-1).length, [1, [2]].flat("1").length, [[1], , [2]].flat().join());
print([1, 2].flatMap(function (x) { return [x, [x * 10]]; }).length, [1, 2].flatMap(function (x) { return x; }).join());
try { [1].flatMap(); } catch (e) { print(e.constructor.name); }
var nested = [0];
for (var i = 0; i < 300; i++) nested = [nested];
print(nested.flat(Infinity).join(), nested.flat(299).length, Array.isArray(nested.flat(299)[0]));
// forEach visits elements added before their turn, not elements past the original length.
var grown = [1, 2];
var seen = [];
grown.forEach(function (value, index) {
  seen.push(value);
  if (index === 0) { grown.push(3); }
});
print(seen.join(), grown.length);
var shrunk = [1, 2, 3];
seen = [];
shrunk.forEach(function (value) {
  seen.push(value);
  shrunk.length = 1;
});
print(seen.join());
// A hole filled through the prototype is visited.
var holey = [1, , 3];
Array.prototype[1] = "proto";
seen = [];
holey.forEach(function (value) { seen.push(value); });
print(seen.join(), holey.indexOf("proto"), holey.includes("proto"), holey.join());
delete Array.prototype[1];
print(holey.indexOf("proto"), 1 in holey);
// reduce/reduceRight starting points.
print([, 1, , 2].reduce(function (a, b) { return a + "," + b; }), [1, 2, 3].reduceRight(function (a, b) { return a + b; }, ""));
try { [, ,].reduce(function () {}); } catch (e) { print(e.constructor.name); }
print([, ,].reduce(function () {}, "init"));
