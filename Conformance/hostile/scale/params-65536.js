// A function with 65,536 parameters, called with 65,536 arguments through apply, spread, Reflect.apply, new and bind; builtins given 65,536 arguments; 1,000,000 arguments run or are a RangeError, never a crash.
// (node refuses more than 65,534 parameters with a SyntaxError; the spec sets no limit. Regression: a sloppy function with 65,536 parameters that uses `arguments` took 10 s to compile. The parameter names are built from two blocks of 256 so that the gc-stress mode, which collects at every allocation, stays fast.)
function check(name, f) {
  try { print(name, f()); } catch (e) { print(name, e instanceof RangeError ? "RangeError" : "unexpected " + e); }
}
var block = [];
for (var i = 0; i < 256; i++) block.push("p" + i + "_X");
block = block.join(",");
var names = [];
for (var j = 0; j < 256; j++) names.push(block.replaceAll("X", j));
var params = names.join(",");
print("parameters", params.length - params.replaceAll(",", "").length + 1);
var f = Function(params, "return p0_0 + ' ' + p1_0 + ' ' + p255_255 + ' ' + typeof p0_1;");
var strictF = Function(params, "'use strict'; return arguments.length + ' ' + p0_0 + ' ' + p255_255;");
var arrowF = (0, eval)("(" + params + ") => p0_0 + p255_255");
print("length", f.length, strictF.length, arrowF.length);
var args = Array.from({ length: 65536 }, function (_, k) { return k; });
check("apply", function () { return f.apply(null, args); });
check("strict apply", function () { return strictF.apply(null, args); });
check("spread", function () { return f(...args); });
check("arrow spread", function () { return arrowF(...args); });
check("Reflect.apply", function () { return Reflect.apply(f, null, args); });
check("call", function () { return f.call(null, ...args); });
check("fewer arguments", function () { return f(1, 2); });
check("more arguments", function () { return f(...args, ...args); });
check("new", function () { return typeof new f(...args); });
check("Reflect.construct", function () { return typeof Reflect.construct(f, args); });
var bound = f.bind(null, ...args.slice(0, 30000));
check("bound", function () { return bound(...args.slice(30000)); });
check("Math.max", function () { return Math.max.apply(null, args); });
check("Math.min spread", function () { return Math.min(...args); });
check("String.fromCharCode", function () { return String.fromCharCode.apply(null, args).length; });
check("push", function () { var a = []; a.push.apply(a, args); return a.length; });
check("Array.of", function () { return Array.of(...args).length; });
check("Array constructor", function () { return new Array(...args).length; });
check("concat", function () { return [].concat(...args.slice(0, 1000).map(function (x) { return [x]; })).length; });
check("arguments sum", function () { return (function () { var s = 0; for (var k = 0; k < arguments.length; k++) s += arguments[k]; return s; }).apply(null, args); });
check("strict arguments of 65,536 parameters", function () { return Function(params, "'use strict'; return arguments[65535] + arguments.length;").apply(null, args); });
check("mapped arguments of 65,536 parameters", function () { return Function(params, "arguments[65535] = 7; return p255_255 + arguments.length + p0_0;").apply(null, args); });
check("rest", function () { return (function (a, ...rest) { return rest.length; })(...args); });
// A million arguments: a result or a RangeError (node: RangeError); print the same for both.
var million = new Array(1e6).fill(1);
function okOrRange(name, g) {
  try { g(); print(name, "ok or RangeError"); } catch (e) { print(name, e instanceof RangeError ? "ok or RangeError" : "unexpected " + e); }
}
okOrRange("1e6 apply", function () { return f.apply(null, million); });
okOrRange("1e6 spread", function () { return Math.max(...million); });
okOrRange("1e6 Reflect.apply", function () { return Reflect.apply(Array.prototype.push, [], million); });
okOrRange("1e6 new", function () { return new f(...million); });
