// Whether a function needs an arguments object: the parser marks functions in which an
// `arguments` or `eval` token appears (their arrows and class computed keys included, their other
// nested functions not), and only those are scanned. Every way of mentioning `arguments` here
// must still find it (the output is node's).
function a1() { return (() => arguments[0])(); }
function a2() { class C { [arguments[0]]() { return 1; } } return Object.getOwnPropertyNames(C.prototype)[1]; }
function a3(x = () => arguments[1]) { return x(); }
function a4() { return eval("arguments[0]"); }
function a5() { return argument\u0073[0]; }
function a6() { var e = eval; return typeof (function () { return arguments.length; })(1, 2); }
function a7() { return { arguments: 1 }.arguments + (function inner() { return arguments[0]; })(5); }
print(a1(1), a2("m"), a3(undefined, 2), a4(3), a5(4), a6(), a7());
