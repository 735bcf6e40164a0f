// How `this` is bound: method calls, plain calls (sloppy: global, strict: undefined), arrows, bind.
var globalObject = this;
function sloppyThis() { return this; }
function strictThis() { "use strict"; return this; }
print(sloppyThis() === globalObject, strictThis() === undefined);
var object = { name: "obj", get: function () { return this.name; } };
var detached = object.get;
print(object.get(), object["get"](), (object.get)());
print(detached.call({ name: "other" }), detached.apply({ name: "applied" }, []));
var bound = detached.bind({ name: "bound" });
print(bound(), bound.call({ name: "ignored" }), new ((function () { this.x = 1; }).bind({ x: 5 }))().x);
var arrowHolder = { name: "arrow", make: function () { return () => this.name; } };
print(arrowHolder.make()(), arrowHolder.make().call({ name: "nope" }));
print(typeof sloppyThis.call(5), typeof strictThis.call(5), strictThis.call(null) === null);
print(sloppyThis.call(null) === globalObject, sloppyThis.call(undefined) === globalObject);
