// return(): finally blocks run innermost first; a finally may yield (return is delayed) or override the value.
function* nested() {
  try {
    try {
      yield 1;
    } finally {
      print("inner finally");
    }
  } finally {
    print("outer finally");
  }
}
var a = nested();
a.next();
print(JSON.stringify(a.return("R")));
function* yieldsInFinally() {
  try {
    yield "body";
  } finally {
    var got = yield "from finally";
    print("finally resumed with", got);
    yield "second from finally";
  }
  print("never");
}
var b = yieldsInFinally();
print(JSON.stringify(b.next()));
print(JSON.stringify(b.return("R")));
print(JSON.stringify(b.next("x")));
print(JSON.stringify(b.next()));
print(JSON.stringify(b.next()));
function* overrides() {
  try { yield 1; } finally { return "overridden"; }
}
var c = overrides();
c.next();
print(JSON.stringify(c.return("R")), JSON.stringify(c.next()));
function* throwsInFinally() {
  try { yield 1; } finally { throw new Error("from finally"); }
}
var d = throwsInFinally();
d.next();
try { d.return("R"); } catch (e) { print("caught", e.message); }
print(JSON.stringify(d.next()));
function* catchDoesNotSeeReturn() {
  try { yield 1; } catch (e) { print("catch must not run"); } finally { print("only finally"); }
}
var e = catchDoesNotSeeReturn();
e.next();
print(JSON.stringify(e.return(7)));
// return() in a finally that a yield in a catch block reached
function* yieldInCatch() {
  try { throw 1; } catch (x) { try { yield "in catch"; } finally { print("finally in catch", x); } }
}
var f = yieldInCatch();
print(JSON.stringify(f.next()), JSON.stringify(f.return("R")));
