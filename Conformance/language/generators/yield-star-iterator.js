// yield* forwards next/throw/return (with their arguments) to a hand-written iterator and passes its result objects through.
var log = [];
var results = [];
var inner = {
  count: 0,
  [Symbol.iterator]() { log.push("@@iterator"); return this; },
  next(v) {
    log.push("next(" + v + ")");
    var r = { count: ++this.count };
    Object.defineProperty(r, "done", { get() { log.push("get done"); return r.count > 3; } });
    Object.defineProperty(r, "value", { get() { log.push("get value"); return "v" + r.count; } });
    results.push(r);
    return r;
  },
  throw(e) { log.push("throw(" + e + ")"); return { done: false, value: "thrown " + e }; },
  return(v) { log.push("return(" + v + ")"); return { done: true, value: "ret " + v }; },
};
function* outer() {
  var result = yield* inner;
  log.push("result " + result);
  return result;
}
var it = outer();
var r = it.next("a");
print(r === results[0], log.join(" ")); log = [];
print(it.next("b") === results[1], log.join(" ")); log = [];
print(JSON.stringify(it.throw("E")), log.join(" ")); log = [];
print(JSON.stringify(it.next("c")), log.join(" ")); log = [];
print(JSON.stringify(it.next("d")), log.join(" ")); log = [];
// return forwarded: inner says done, outer finishes with the inner's value
inner.count = 0;
var it2 = outer();
it2.next();
log = [];
print(JSON.stringify(it2.return("X")), log.join(" ")); log = [];
// inner return that says not done keeps the delegation going
var keepGoing = {
  [Symbol.iterator]() { return this; },
  next() { return { done: false, value: "n" }; },
  return(v) { print("inner return", v); return { done: false, value: "still here" }; },
};
function* outer2() { yield* keepGoing; }
var it3 = outer2();
it3.next();
print(JSON.stringify(it3.return("Y")));
// next result that is not an object is a TypeError
function* outer3() { yield* { [Symbol.iterator]() { return { next() { return 1; } }; } }; }
try { outer3().next(); } catch (e) { print(e instanceof TypeError); }
