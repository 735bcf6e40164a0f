// Object literal forms: shorthand, methods, computed keys, duplicate keys, numeric keys.
var x = 1, y = 2;
var object = {
  x,
  y,
  method() { return "method " + this.x; },
  ["computed" + x]: "computed",
  "quoted key": "quoted",
  1.5: "number key",
  0x10: "hex key",
  duplicate: "first",
  duplicate: "second",
};
print(object.x, object.y, object.method(), object.computed1, object["quoted key"]);
print(object["1.5"], object[16], object.duplicate, Object.keys(object).join("|"));
var getterThenValue = { get p() { return "getter"; }, p: "value" };
print(getterThenValue.p, typeof Object.getOwnPropertyDescriptor(getterThenValue, "p").get);
var order = [];
var evaluated = { [(order.push("k1"), "a")]: order.push("v1"), [(order.push("k2"), "b")]: order.push("v2") };
print(order.join(","));
print(typeof { method() {} }.method.prototype);
