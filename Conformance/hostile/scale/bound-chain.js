// A chain of 100,000 bound functions (f = f.bind(null) 1e5 times): call, new, Reflect.apply, Reflect.construct, apply, call and the name all work without recursing per link; instanceof (which recurses through each bound target) runs or is a RangeError (node: RangeError).
// (Regression: these calls used to recurse once per link and crash. The gc-stress mode collects at every allocation, so 1e5 links take minutes there: when 1,000 allocations take over 20 ms the chain is 2,000 links long; the output is the same for both sizes.)
var probeStart = Date.now();
for (var k = 0, junk; k < 1000; k++) junk = [k];
var slowAllocation = Date.now() - probeStart > 20;
function check(name, f) {
  try { print(name, f()); } catch (e) { print(name, e instanceof RangeError ? "RangeError" : "unexpected " + e); }
}
var calls = 0;
function target(a, b) { calls++; return new.target ? "new" : "call " + a + " " + b; }
var f = target;
for (var i = 0, links = slowAllocation ? 2000 : 1e5; i < links; i++) f = f.bind(null);
check("call", function () { return f(1, 2); });
check("new", function () { return typeof new f(); });
check("Reflect.apply", function () { return Reflect.apply(f, null, [3, 4]); });
check("Reflect.construct", function () { return typeof Reflect.construct(f, []); });
check("apply", function () { return f.apply(null, [5, 6]); });
check("call method", function () { return f.call(null, 7, 8); });
check("spread", function () { return f(...[9, 10]); });
check("name", function () { return f.name.length === 6 * i + 6 && f.name.slice(0, 12) + "..." + f.name.slice(-12); });
check("length", function () { return f.length; });
// A result of false and a RangeError are both right here (the spec sets no depth limit); print the same for both.
try { print("instanceof", ({}) instanceof f ? "true" : "false or RangeError"); } catch (e) { print("instanceof", e instanceof RangeError ? "false or RangeError" : "unexpected " + e); }
print("calls", calls);
// A chain whose links each add one bound argument: the target sees them all in order.
var g = function () { return arguments.length + ":" + arguments[0] + "," + arguments[arguments.length - 1]; };
for (var j = 0; j < 1000; j++) g = g.bind(null, j);
check("bound arguments", function () { return g("last"); });
check("bound arguments new", function () { return typeof new g(); });
