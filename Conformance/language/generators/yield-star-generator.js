// yield* to another generator: values, next arguments, throw() caught in the inner, return() through inner finally, return value.
function* inner(tag) {
  try {
    var a = yield tag + ":1";
    print(tag, "got", a);
    try {
      yield tag + ":2";
    } catch (e) {
      print(tag, "caught", e);
      yield tag + ":recovered";
    }
    yield tag + ":3";
  } finally {
    print(tag, "finally");
  }
  return tag + ":result";
}
function* outer() {
  var r1 = yield* inner("A");
  print("outer got", r1);
  var r2 = yield* inner("B");
  print("outer got", r2);
  return "outer done";
}
var it = outer();
print(JSON.stringify(it.next("x")));
print(JSON.stringify(it.next("y")));
print(JSON.stringify(it.throw("E")));
print(JSON.stringify(it.next()));
print(JSON.stringify(it.next()));
print(JSON.stringify(it.next("z")));
print(JSON.stringify(it.return("stop")));
print(JSON.stringify(it.next()));
// an uncaught throw goes through both generators' finally blocks
function* outer2() {
  try { yield* inner("C"); } finally { print("outer2 finally"); }
}
var it2 = outer2();
it2.next();
try { it2.throw(new Error("fatal")); } catch (e) { print("out:", e.message); }
// yield* of a string and of an array
function* chars() { yield* "hi"; yield* [1, [2]]; return yield* []; }
print(JSON.stringify([...chars()]));
// the yield* expression value when the inner is exhausted immediately
function* empty() { return "empty result"; }
function* wrap() { var v = yield* empty(); yield v; }
print([...wrap()].join());
