// Function.prototype.toString returns the exact source text for user functions (ES2019+).
function   declared ( a,b ) { return a + b; /* comment */ }
print(declared.toString());
var expression = function(x){return x};
print(String(expression));
var arrow = (a) =>  a * 2;
print(arrow.toString());
class Klass { method() { return 1; } }
print(Klass.toString());
print(Klass.prototype.method.toString());
var object = { get accessor() { return 1; }, shorthand() {} };
print(Object.getOwnPropertyDescriptor(object, "accessor").get.toString(), object.shorthand.toString());
// NativeFunction syntax (ES2024 21.2.3.5): tokens `{ [ native code ] }`, any whitespace between them.
var nativeCode = /\{\s*\[\s*native\s+code\s*\]\s*\}\s*$/;
print(nativeCode.test(Math.max.toString()), nativeCode.test(declared.bind(null).toString()));
