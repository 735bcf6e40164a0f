// Generators: lazy evaluation, values passed into next(), return() and throw() on a suspended generator.
function* counter(limit) {
  for (var i = 0; i < limit; i++) {
    var received = yield i;
    if (received) print("received", received);
  }
  return "done";
}
var gen = counter(3);
print(JSON.stringify(gen.next()), JSON.stringify(gen.next("hello")), JSON.stringify(gen.next()), JSON.stringify(gen.next()), JSON.stringify(gen.next()));
print([...counter(4)].join(","));
function* withCleanup() {
  try {
    yield 1;
    yield 2;
  } finally {
    print("cleanup");
  }
}
var early = withCleanup();
early.next();
print(JSON.stringify(early.return("early")));
var thrown = withCleanup();
thrown.next();
try {
  thrown.throw(new Error("injected"));
} catch (e) {
  print(e.message);
}
function* delegating() {
  var inner = yield* counter(2);
  yield inner;
}
print([...delegating()].join(","));
print(Object.prototype.toString.call(gen), typeof gen[Symbol.iterator], gen[Symbol.iterator]() === gen);
