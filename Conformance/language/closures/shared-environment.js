// Closures created in one call share that call's environment; separate calls do not.
function pair() {
  var value = 0;
  return { get: function () { return value; }, set: function (v) { value = v; } };
}
var first = pair(), second = pair();
first.set(10);
print(first.get(), second.get());
function outer() {
  var x = "outer";
  function inner() { return x; }
  x = "changed";
  return inner;
}
print(outer()());
var adders = [1, 2, 3].map(function (n) { return function (m) { return n + m; }; });
print(adders[0](10), adders[2](10));
function counterFactory() {
  var count = 0;
  return [function () { return ++count; }, function () { return --count; }];
}
var ops = counterFactory();
ops[0](); ops[0](); ops[1]();
print(ops[0]());
