// Accessor properties from literals and defineProperty; missing halves read undefined or ignore writes.
var object = {
  _value: 1,
  get value() { return this._value * 10; },
  set value(v) { this._value = v; },
  get readOnly() { return "ro"; },
  set writeOnly(v) { this.written = v; },
};
print(object.value);
object.value = 5;
print(object.value, object._value);
object.readOnly = "ignored";
print(object.readOnly, object.writeOnly);
object.writeOnly = "stored";
print(object.written);
var descriptor = Object.getOwnPropertyDescriptor(object, "value");
print(typeof descriptor.get, typeof descriptor.set, descriptor.enumerable, descriptor.configurable, "value" in descriptor);
var counter = {};
var hits = 0;
Object.defineProperty(counter, "hits", { get: function () { return ++hits; }, configurable: true });
print(counter.hits, counter.hits, Object.keys(counter).length);
var proto = { set inherited(v) { this.viaProto = v; } };
var child = Object.create(proto);
child.inherited = "set through proto";
print(child.viaProto, child.hasOwnProperty("inherited"));
