// Computed member names, static accessors, and the order class elements are defined in.
var log = [];
function key(name) { log.push(name); return name; }
class Computed {
  [key("method")]() { return "method"; }
  static [key("staticMethod")]() { return "static"; }
  get [key("getter")]() { return "getter"; }
  [key("a") + key("b")]() { return "ab"; }
}
print(log.join(","));
var instance = new Computed();
print(instance.method(), Computed.staticMethod(), instance.getter, instance.ab());
class Counter {
  static get count() { return Counter._count || 0; }
  static set count(v) { Counter._count = v; }
}
Counter.count = 5;
print(Counter.count, Object.getOwnPropertyNames(Counter).indexOf("count") >= 0);
var symbol = Symbol("tag");
class WithSymbol { [symbol]() { return "symbol method"; } }
print(new WithSymbol()[symbol]());
class Generated {
  "quoted name"() { return "quoted"; }
  42() { return "numeric"; }
}
print(new Generated()["quoted name"](), new Generated()[42]());
