// Iterator.concat (ES2026 27.1.3.2.2): @@iterator methods read eagerly and in order, iterators opened lazily one after another, fresh result objects, return() forwarded only to the open iterator. Expected output written by hand (node 20 lacks Iterator.concat), checked against the spec's closure.
var log = [];
function iterable(name, values) {
  var object = {};
  Object.defineProperty(object, Symbol.iterator, {
    get: function () {
      log.push("get " + name);
      return function () {
        log.push("open " + name);
        var i = 0;
        return {
          next: function () { return i < values.length ? { value: values[i++], done: false } : { done: true }; },
          return: function () { log.push("return " + name); return {}; }
        };
      };
    }
  });
  return object;
}
var it = Iterator.concat(iterable("a", [1, 2]), iterable("b", []), iterable("c", [3]));
print(Iterator.concat.length, Object.prototype.toString.call(it), log.join());
log = [];
print(it.toArray().join(), log.join());
log = [];
it = Iterator.concat(iterable("a", [1, 2]), iterable("b", [3]));
print(JSON.stringify(it.return()), log.join());
it = Iterator.concat(iterable("a", [1, 2]), iterable("b", [3]));
it.next();
log = [];
print(JSON.stringify(it.return()), JSON.stringify(it.next()), log.join());
try { Iterator.concat([1], "ab"); } catch (e) { print(e.name); }
try { Iterator.concat({}); } catch (e) { print(e.name); }
print(Iterator.concat().next().done, Iterator.concat([1, 2], new Set([3])).toArray().join());
