// Generator protocol: next/return/throw on a suspended-start, a suspended-yield and a completed generator.
function show(r) { return JSON.stringify(r); }
var log = [];
function* g(x) {
  log.push("start " + x);
  try {
    var a = yield 1;
    log.push("got " + a);
    yield 2;
  } finally {
    log.push("finally");
  }
  return "end";
}
// next on suspended-start: the argument is ignored
var it = g("arg");
print(show(it.next("ignored")), log.join("|"));
print(show(it.next("A")), show(it.next()), show(it.next()), log.join("|"));
// completed: next, return and throw
print(show(it.next("again")), show(it.return("r")));
try { it.throw(new Error("late")); } catch (e) { print("throw on completed:", e.message); }
// return on suspended-start: the body never runs, finally is not entered
log = [];
var it2 = g("never");
print(show(it2.return(42)), log.length, show(it2.next()));
// throw on suspended-start: thrown out, generator completes without running
var it3 = g("never");
try { it3.throw("boom"); } catch (e) { print("caught", e, log.length); }
print(show(it3.next()));
// return on suspended-yield runs finally
log = [];
var it4 = g("y");
it4.next();
print(show(it4.return("early")), log.join("|"));
// undefined arguments
var it5 = g("u");
it5.next();
print(show(it5.return()), show(it5.next()));
// each call returns a fresh result object
var it6 = g("f");
var r1 = it6.next(), r2 = it6.next();
print(r1 === r2, Object.keys(r1).join(","), Object.getPrototypeOf(r1) === Object.prototype);
