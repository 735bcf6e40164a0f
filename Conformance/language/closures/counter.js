function makeCounter() {
  var count = 0;
  return function () { return ++count; };
}
var a = makeCounter(), b = makeCounter();
print(a(), a(), b());
