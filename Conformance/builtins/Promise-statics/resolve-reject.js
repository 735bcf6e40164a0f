// Promise.resolve / Promise.reject on this values: a subclass, a non-promise constructor (its executor
// gets the resolving functions), non-objects and non-constructors (TypeError).
var log = [];
function Fake(executor) {
  log.push("Fake constructed with " + typeof executor + " of length " + executor.length);
  executor(function (v) { log.push("fake resolve " + v); }, function (r) { log.push("fake reject " + r); });
}
var fake = Promise.resolve.call(Fake, "x");
log.push("result is a Fake: " + (fake instanceof Fake));
Promise.reject.call(Fake, "y");
try { Promise.resolve.call(1, 2); } catch (e) { log.push("resolve on 1: " + e.constructor.name); }
try { Promise.reject.call({}, 2); } catch (e) { log.push("reject on {}: " + e.constructor.name); }
try { Promise.all.call(undefined, []); } catch (e) { log.push("all on undefined: " + e.constructor.name); }
function Twice(executor) { executor(function () {}, function () {}); executor(function () {}, function () {}); }
try { Promise.resolve.call(Twice, 1); } catch (e) { log.push("executor called twice: " + e.constructor.name); }
function NoFunctions(executor) { executor(1, 2); }
try { Promise.resolve.call(NoFunctions, 1); } catch (e) { log.push("non-callable resolve: " + e.constructor.name); }
var rejected = Promise.reject(new Error("reason object"));
rejected.catch(function (e) { log.push("rejected with: " + e.message); });
log.push("reject keeps a promise reason as is: " + (Promise.reject(rejected).catch(function (r) { log.push("same reason object: " + (r === rejected)); }) instanceof Promise));
log.push("sync end");
setTimeout(function () { print(log.join("\n")); }, 0);
