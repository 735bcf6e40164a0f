// Iterator helpers (ES2025 27.1): lazy map/filter/take/drop/flatMap over a logged iterator, eager reduce/toArray/forEach/some/every/find, closing on early exit and on argument errors, re-entrancy, Iterator.from and the abstract constructor. Expected output written by hand (node 20 lacks iterator helpers), each line checked against the spec's closures.
var log = [];
function counting(limit) {
  var i = 0;
  return {
    __proto__: Iterator.prototype,
    next: function () { log.push("next"); return i < limit ? { value: i++, done: false } : { value: undefined, done: true }; },
    return: function () { log.push("return"); return {}; }
  };
}
function take(iterator) { var out = []; var r; while (!(r = iterator.next()).done) out.push(r.value); return out.join(","); }
print(typeof Iterator, Iterator.prototype === Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())), Iterator.from.length, Iterator.prototype.map.length, Iterator.prototype.reduce.length);
try { new Iterator(); } catch (e) { print(e.name); }
try { Iterator(); } catch (e) { print(e.name); }
class MyIterator extends Iterator {}
print(new MyIterator() instanceof Iterator);
var mapped = counting(3).map(function (x, i) { return x * 10 + i; });
print(Object.prototype.toString.call(mapped), log.length, take(mapped), log.join());
log = [];
print(take(counting(6).filter(function (x) { return x % 2; })), take(counting(5).drop(2)), log.filter(function (s) { return s === "return"; }).length);
log = [];
print(take(counting(5).take(2)), log.join());
log = [];
var helper = counting(5).map(function (x) { return x; });
helper.next();
print(JSON.stringify(helper.return()), JSON.stringify(helper.next()), log.join());
log = [];
var fresh = counting(5).filter(function () { return true; });
print(JSON.stringify(fresh.return()), log.join());
log = [];
print(take(counting(3).flatMap(function (x) { return [x, "-"]; })), log.length);
try { counting(2).flatMap(function (x) { return "ab"; }).next(); } catch (e) { print(e.name); }
log = [];
try { counting(3).map(1); } catch (e) { print(e.name, log.join()); }
log = [];
try { counting(3).take(-1); } catch (e) { print(e.name, log.join()); }
try { counting(3).drop(NaN); } catch (e) { print(e.name); }
log = [];
try { take(counting(3).map(function () { throw new Error("boom"); })); } catch (e) { print(e.message, log.join()); }
var reentrant = counting(3).map(function () { return reentrant.next(); });
try { reentrant.next(); } catch (e) { print(e.name); }
log = [];
print(counting(4).reduce(function (a, b) { return a + b; }), counting(4).reduce(function (a, b) { return a + b; }, 10), counting(3).toArray().join());
try { counting(0).reduce(function () {}); } catch (e) { print(e.name); }
log = [];
print(counting(5).some(function (x) { return x === 1; }), counting(5).every(function (x) { return x < 1; }), counting(5).find(function (x) { return x > 2; }), log.filter(function (s) { return s === "return"; }).length);
var seen = [];
print(counting(3).forEach(function (x, i) { seen.push(x + ":" + i); }), seen.join());
var plain = { i: 0, next: function () { return { value: this.i++, done: this.i > 2 }; } };
var wrapped = Iterator.from(plain);
print(wrapped === plain, wrapped instanceof Iterator, wrapped.toArray().join(), JSON.stringify(wrapped.return()));
print(Iterator.from("ab").toArray().join("|"), Iterator.from(counting(1)) instanceof Iterator);
try { Iterator.from(5); } catch (e) { print(e.name); }
var tagDescriptor = Object.getOwnPropertyDescriptor(Iterator.prototype, Symbol.toStringTag);
print(typeof tagDescriptor.get, typeof tagDescriptor.set, Iterator.prototype[Symbol.toStringTag], Iterator.prototype.constructor === Iterator);
var own = Object.create(Iterator.prototype);
own[Symbol.toStringTag] = "Mine";
print(Object.prototype.toString.call(own), Object.prototype.hasOwnProperty.call(own, Symbol.toStringTag));
try { Iterator.prototype[Symbol.toStringTag] = "x"; } catch (e) { print(e.name); }
