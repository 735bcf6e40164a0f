// finally: the callback gets no argument, the original value or reason passes through unless the
// callback throws or returns a rejected promise, and it waits for a returned thenable (extra ticks).
var log = [];
var p = Promise.resolve();
for (var i = 1; i <= 6; i++) {
  (function (n) { p = p.then(function () { log.push("tick " + n); }); })(i);
}
Promise.resolve("value").finally(function () { log.push("finally args: " + arguments.length); return "ignored"; })
  .then(function (v) { log.push("after finally: " + v); });
Promise.reject("reason").finally(function () { log.push("finally on rejection"); })
  .catch(function (r) { log.push("still rejected: " + r); });
Promise.resolve("value").finally(function () { throw "thrown in finally"; })
  .catch(function (r) { log.push("finally threw: " + r); });
Promise.resolve("value").finally(function () { return Promise.reject("rejected in finally"); })
  .catch(function (r) { log.push("finally returned rejection: " + r); });
Promise.resolve("waited").finally(function () {
  return new Promise(function (resolve) { setTimeout(function () { log.push("finally's promise resolves"); resolve(); }, 0); });
}).then(function (v) { log.push("after waiting: " + v); print(log.join("\n")); });
// A non-callable argument is passed to then as both handlers.
Promise.resolve("passthrough").finally(7).then(function (v) { log.push("non-callable finally: " + v); });
// finally works on any thenable object through its then method.
var calls = [];
Promise.prototype.finally.call({ then: function (f, r) { calls.push(typeof f, typeof r, f.length, r.length); return "then result"; } }, function () {});
log.push("thenable then got: " + calls.join(" "));
try { Promise.prototype.finally.call(1); } catch (e) { log.push("non-object: " + e.constructor.name); }
log.push("sync end");
