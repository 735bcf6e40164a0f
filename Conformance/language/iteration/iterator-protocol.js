// The iterator protocol: next() until done, return() on early exit, not on exhaustion or throw from next.
var log = [];
function iterable(limit) {
  return {
    [Symbol.iterator]() {
      var i = 0;
      return {
        next() { log.push("next"); return i < limit ? { value: i++, done: false } : { value: "end", done: true }; },
        return() { log.push("return"); return {}; },
      };
    },
  };
}
for (var v of iterable(2)) {}
print(log.join(" "));
log = [];
for (var v2 of iterable(5)) { if (v2 === 1) break; }
print(log.join(" "));
log = [];
try {
  for (var v3 of iterable(5)) throw "stop";
} catch (e) {
  log.push("caught " + e);
}
print(log.join(" "));
log = [];
(function () {
  for (var v4 of iterable(5)) return;
})();
print(log.join(" "));
log = [];
var [d1] = iterable(5);
print(log.join(" "));
log = [];
var [e1, e2, e3] = iterable(2);
print(log.join(" "), e3);
var throwingNext = {
  [Symbol.iterator]() {
    return { next() { throw new Error("next failed"); }, return() { log.push("return called"); } };
  },
};
log = [];
try {
  for (var x of throwingNext) {}
} catch (e) {
  log.push(e.message);
}
print(log.join(" "));
var badResult = { [Symbol.iterator]() { return { next() { return 1; } }; } };
try {
  for (var y of badResult) {}
} catch (e) {
  print(e.name);
}
