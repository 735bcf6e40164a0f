// Deeply nested data at run time: structures built by a loop 100,000 levels deep, then walked by builtins that recurse (toString/join, JSON.stringify, flat, structured equality through a recursive function, a deep prototype chain, deeply nested closures and bound scopes): each gives a value or a RangeError, never a native stack overflow.
// (The spec sets no depth limit, so a value and a RangeError are both right for the recursive builtins. node gives RangeError for join, JSON.stringify, the recursive walk and the reviver, as xjs does at 100,000 levels, and RangeError for flat(Infinity), which xjs flattens without recursing.)
// The gc-stress mode collects at every allocation, so building 100,000 levels takes minutes there:
// when 1,000 allocations take over 20 ms the structures are 1,000 levels deep and the closures 1,000. The recursive
// builtins print "value or RangeError" (either is right), the rest values that hold at both sizes.
var probeStart = Date.now();
for (var k0 = 0, junk; k0 < 1000; k0++) junk = [k0];
var slowAllocation = Date.now() - probeStart > 20;
var N = slowAllocation ? 1000 : 100000;
function check(name, f) {
  try { print(name, "value:", f()); } catch (e) { print(name, e.constructor.name); }
}
function valueOrRangeError(name, f) {
  try { f(); print(name, "value or RangeError"); }
  catch (e) { print(name, e instanceof RangeError ? "value or RangeError" : "unexpected " + e); }
}
var nested = []; for (var i = 0; i < N; i++) nested = [nested];
valueOrRangeError("join of nested arrays", function () { return String(nested).length; });
valueOrRangeError("JSON.stringify of nested arrays", function () { return JSON.stringify(nested).length; });
check("flat(Infinity) of nested arrays", function () { return nested.flat(Infinity).length === 0; });
check("flat(10) of nested arrays", function () { return nested.flat(10).length; });
var obj = {}; for (var j = 0; j < N; j++) obj = { next: obj };
valueOrRangeError("JSON.stringify of nested objects", function () { return JSON.stringify(obj).length; });
valueOrRangeError("recursive walk", function () { function depth(o) { return o.next ? 1 + depth(o.next) : 0; } return depth(obj); });
check("iterative walk", function () { var d = 0; for (var o = obj; o.next; o = o.next) d++; return d === N; });
var proto = {}; for (var k = 0; k < N; k++) proto = Object.create(proto);
check("deep prototype chain lookup", function () { return proto.missing === undefined && !("missing" in proto); });
check("deep prototype chain instanceof", function () { function F() {} F.prototype = proto; return Object.create(proto) instanceof F; });
var deepText = "[".repeat(N) + "]".repeat(N);
check("JSON.parse of nested arrays", function () { var v = JSON.parse(deepText); var d = 0; while (v.length) { v = v[0]; d++; } return d === N - 1; });
valueOrRangeError("JSON.parse with a reviver", function () { return typeof JSON.parse(deepText, function (k, v) { return v; }); });
var closure = function () { return 0; };
var closures = slowAllocation ? 1000 : 10000;
for (var c = 0; c < closures; c++) closure = (function (inner) { return function () { return inner() + 1; }; })(closure);
check("10,000 nested closures called", function () { return closure() === closures; });
check("toString of a deep error cause chain", function () { var e = new Error("x"); for (var q = 0; q < N; q++) e = new Error("y", { cause: e }); return String(e); });
