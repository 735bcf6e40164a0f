// Integer-indexed exotic objects (ES2024 10.4.5): canonical numeric keys ("-0", "1.5", "Infinity",
// "4294967295") are never looked up on the prototype, stores to invalid indices are dropped, elements are
// writable/enumerable/configurable data properties that cannot be deleted or redefined otherwise.
var ta = new Int16Array([10, 20, 30]);
Object.prototype["-0"] = "proto -0";
Object.prototype["1.5"] = "proto 1.5";
Object.prototype["7"] = "proto 7";
Object.prototype["Infinity"] = "proto Infinity";
Object.prototype["01"] = "proto 01";
print(ta["-0"], ta["1.5"], ta[7], ta.Infinity, ta["01"], ta[-1], ta["4294967295"]);
print("-0" in ta, "1" in ta, "3" in ta, "01" in ta, "NaN" in ta);
ta["-0"] = 5; ta[3] = 5; ta["1.5"] = 5; ta["01"] = "own";
print(ta.join(), Object.keys(ta).join(), ta.hasOwnProperty("01"), ta.hasOwnProperty("1.5"));
delete Object.prototype["-0"]; delete Object.prototype["1.5"]; delete Object.prototype["7"];
delete Object.prototype["Infinity"]; delete Object.prototype["01"];
var d = Object.getOwnPropertyDescriptor(ta, "1");
print(d.value, d.writable, d.enumerable, d.configurable, Object.getOwnPropertyDescriptor(ta, "3"));
print(delete ta[1], delete ta[5], delete ta["-0"], ta[1]);
print(Reflect.defineProperty(ta, "0", { value: 99 }), ta[0]);
print(Reflect.defineProperty(ta, "0", { value: 1, writable: false }), Reflect.defineProperty(ta, "0", { get: function () {} }));
print(Reflect.defineProperty(ta, "0", { value: 1, enumerable: false }), Reflect.defineProperty(ta, "9", { value: 1 }), ta[0]);
try { Object.defineProperty(ta, "1", { configurable: false }); } catch (e) { print(e.name); }
print(Reflect.ownKeys(ta).join());
var keys = [];
for (var key in ta) keys.push(key);
print(keys.join(), JSON.stringify(new Uint8Array([1, 2])), JSON.stringify({ a: new Float64Array([0.5]) }));
try { Object.freeze(new Uint8Array(2)); } catch (e) { print("freeze", e.name); }
print(Object.isFrozen(Object.freeze(new Uint8Array(0))), Object.isSealed(new Uint8Array(1)));
var child = Object.create(ta);
child[0] = 42;
child[10] = 43;
print(child.hasOwnProperty(0), child[0], ta[0], child.hasOwnProperty(10), child[10], child[20]);
var asProto = Object.setPrototypeOf([], new Uint8Array([9, 8]));
print(asProto[1], asProto.length, (asProto[0] = 1, asProto.length));
var numericStrings = ["0", "1", "-0", "+0", "1e0", "1e+21", "Infinity", "-Infinity", "NaN", "0.5"];
print(numericStrings.map(function (s) { return s in ta; }).join());
