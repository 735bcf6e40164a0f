// throw(): caught by a try/catch around the yield, which may yield again; uncaught it completes the generator.
function* g() {
  var errors = [];
  while (errors.length < 3) {
    try {
      var v = yield errors.length;
      print("value", v);
    } catch (e) {
      errors.push(e);
      print("caught", e);
    }
  }
  return errors.join("+");
}
var it = g();
print(JSON.stringify(it.next()));
print(JSON.stringify(it.throw("e1")));
print(JSON.stringify(it.next("plain")));
print(JSON.stringify(it.throw("e2")));
print(JSON.stringify(it.throw("e3")));
print(JSON.stringify(it.next()));
function* catchYields() {
  try {
    yield 1;
  } catch (e) {
    var back = yield "handling " + e;
    print("back", back);
  }
  yield "after";
}
var c = catchYields();
c.next();
print(JSON.stringify(c.throw("oops")), JSON.stringify(c.next("B")), JSON.stringify(c.next()));
function* noCatch() {
  try { yield 1; } finally { print("finally on throw"); }
  yield 2;
}
var n = noCatch();
n.next();
try { n.throw(new TypeError("t")); } catch (e) { print("propagated", e.name, e.message); }
print(JSON.stringify(n.next()));
// the error object passes through unchanged
var marker = { tag: "marker" };
function* identity() { try { yield; } catch (e) { yield e; } }
var i = identity();
i.next();
print(i.throw(marker).value === marker);
