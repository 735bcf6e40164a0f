// yield* over an iterator without throw: throw() closes the inner (return called) and throws a TypeError; without return, return() completes.
var log = [];
function makeIter(withReturn) {
  var iter = {
    [Symbol.iterator]() { return this; },
    next(v) { log.push("next"); return { done: false, value: 1 }; },
  };
  if (withReturn) iter.return = function () { log.push("return(" + arguments.length + ")"); return {}; };
  return iter;
}
function* outer(withReturn) {
  try {
    yield* makeIter(withReturn);
  } catch (e) {
    log.push("outer caught " + e.constructor.name);
    yield "after";
  }
}
var it = outer(true);
it.next();
print(JSON.stringify(it.throw("E")), log.join(" "));
log = [];
var it2 = outer(false);
it2.next();
print(JSON.stringify(it2.throw("E")), log.join(" "));
// no return method: return() finishes the outer generator with the given value
log = [];
function* plain() { try { yield* makeIter(false); } finally { log.push("outer finally"); } }
var it3 = plain();
it3.next();
print(JSON.stringify(it3.return("R")), log.join(" "));
// return method that returns a non-object during throw(): still a TypeError
var bad = { [Symbol.iterator]() { return this; }, next() { return { value: 0, done: false }; }, return() { return 5; } };
function* outer4() { yield* bad; }
var it4 = outer4();
it4.next();
try { it4.throw("E"); } catch (e) { print("TypeError?", e instanceof TypeError); }
// return method that returns a non-object during return(): TypeError
var it5 = outer4();
it5.next();
try { it5.return("R"); } catch (e) { print("TypeError?", e instanceof TypeError); }
