// Function name inference and the length property.
var anonymous = function () {};
var named = function inner() {};
var arrow = () => {};
var object = { method() {}, ["comp" + "uted"]: function () {}, get prop() { return 1; } };
print(anonymous.name, named.name, arrow.name, object.method.name, object.computed.name);
print(Object.getOwnPropertyDescriptor(object, "prop").get.name);
function declared(a, b) {}
print(declared.name, declared.bind(null).name, declared.bind(null, 1).length, declared.length);
print((function (a, b = 1, c) {}).length, ((a, ...b) => {}).length, (class { constructor(x, y) {} }).length);
var symbolKey = Symbol("desc");
var withSymbol = { [symbolKey]: function () {} };
print(withSymbol[symbolKey].name);
let assignedLater;
assignedLater = function () {};
print(assignedLater.name);
print(new Function("a", "b", "return a").name, Object.getOwnPropertyDescriptor(declared, "name").writable);
