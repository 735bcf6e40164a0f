// An async generator that calls its own next() while running gets a queued promise (no TypeError), settled after its current request.
var log = [];
async function* g() {
  log.push("running");
  var p = it.next("from inside");
  log.push("own next returned a promise: " + (p instanceof Promise));
  p.then((r) => log.push("own request settled " + JSON.stringify(r)));
  var x = yield 1;
  log.push("resumed with " + x);
  var y = yield 2;
  log.push("resumed with " + y);
  it.return("inner return").then((r) => log.push("own return settled " + JSON.stringify(r)));
  yield 3;
  log.push("not reached");
}
var it = g();
it.next("first").then((r) => log.push("first request settled " + JSON.stringify(r)));
it.next("second").then((r) => log.push("second request settled " + JSON.stringify(r)));
// throw() from inside while running is queued too, and reaches a later yield
async function* h() {
  try {
    self.throw("queued throw").catch((e) => log.push("h throw rejected: " + e));
    yield "h1";
  } catch (e) {
    log.push("h caught " + e);
    yield "h recovered";
  }
}
var self = h();
self.next().then((r) => log.push("h first " + JSON.stringify(r)));
self.next().then((r) => log.push("h next " + JSON.stringify(r)));
setTimeout(() => print(log.join("\n")), 0);
