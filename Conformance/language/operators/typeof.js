// typeof for every type, including undeclared identifiers and callables.
print(typeof undefined, typeof null, typeof true, typeof 1, typeof NaN, typeof "s");
print(typeof Symbol(), typeof {}, typeof [], typeof function () {}, typeof class {}, typeof (() => 1));
print(typeof undeclaredIdentifier, typeof Math, typeof Math.max, typeof new Number(1), typeof Object(Symbol()));
print(typeof typeof 1, typeof /re/, typeof Date, typeof new Date(0));
var object = { nested: {} };
print(typeof object.missing, typeof object.nested.missing);
