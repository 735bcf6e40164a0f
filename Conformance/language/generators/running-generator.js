// A generator that calls its own next/return/throw while running gets a TypeError, and stays usable.
var self;
function* g() {
  for (var method of ["next", "return", "throw"]) {
    try {
      self[method](1);
      print(method, "did not throw");
    } catch (e) {
      print(method, e instanceof TypeError, e.constructor === TypeError);
    }
  }
  var x = yield "first";
  print("resumed with", x);
  return "done";
}
self = g();
print(JSON.stringify(self.next()));
print(JSON.stringify(self.next("v")));
print(JSON.stringify(self.next()));
// reentry through a callback invoked from within the generator body
function* h() {
  var inner = [1, 2, 3].map(function (v) {
    try { it.next(); return "no error"; } catch (e) { return e.name; }
  });
  yield inner.join(",");
}
var it = h();
print(it.next().value);
// a generator left by an exception is completed, not stuck "running"
function* bad() { yield 1; throw new RangeError("inside"); }
var b = bad();
b.next();
try { b.next(); } catch (e) { print(e.name, e.message); }
print(JSON.stringify(b.next()));
