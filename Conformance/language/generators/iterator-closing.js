// Iterator records: a for-of inside a generator is closed by return()/throw(); next is read once; abrupt consumers close generators.
function* inner(tag) { try { yield 1; yield 2; } finally { print(tag, "inner closed"); } }
function* outer(tag) { for (const x of inner(tag)) yield x; }
var o = outer("return");
o.next();
print(JSON.stringify(o.return("R")));
var o2 = outer("throw");
o2.next();
try { o2.throw("T"); } catch (e) { print("thrown", e); }
function* forIn() { for (var k in { a: 1, b: 2, c: 3 }) yield k; }
var fi = forIn();
print(fi.next().value, JSON.stringify(fi.return("x")));
// next is looked up once per iteration, by for-of and by yield*
var calls = [];
function makeIter() {
  return {
    n: 0,
    [Symbol.iterator]() { return this; },
    next() {
      calls.push("original");
      this.next = function () { calls.push("replaced"); return { done: true }; };
      return { value: this.n++, done: this.n > 3 };
    },
  };
}
function* delegate(it) { yield* it; }
print(JSON.stringify([...delegate(makeIter())]), calls.join());
calls = [];
var got = [];
for (const v of makeIter()) got.push(v);
print(JSON.stringify(got), calls.join());
// a throwing done getter propagates without closing the iterator
var badDone = {
  [Symbol.iterator]() { return this; },
  next() { return { get done() { throw new Error("done getter"); } }; },
  return() { print("return must not be called"); return {}; },
};
try { delegate(badDone).next(); } catch (e) { print(e.message); }
try { for (const v of badDone); } catch (e) { print("for-of:", e.message); }
// consumers that fail part-way close the generator; a generator that throws is not closed
try { Array.from(inner("Array.from"), () => { throw "mapFn threw"; }); } catch (e) { print(e); }
try { new Map(inner("Map")); } catch (e) { print("Map entry:", e instanceof TypeError); }
try { new Set(inner("Set")).add.call(null); } catch (e) { print("Set completed first:", e instanceof TypeError); }
function* thrower() { try { yield 1; throw new Error("mid"); } finally { print("thrower finally"); } }
try { [...thrower()]; } catch (e) { print("spread", e.message); }
try { var [a, b, c] = thrower(); } catch (e) { print("destructuring", e.message, a); }
Promise.all(inner("Promise.all")).then((v) => print("Promise.all", JSON.stringify(v)));
