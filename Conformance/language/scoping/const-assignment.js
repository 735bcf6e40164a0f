// Assigning to a const binding throws TypeError; the object it holds stays mutable.
const object = { value: 1 };
object.value = 2;
print(object.value);
try {
  object = {};
} catch (e) {
  print(e.name, e instanceof TypeError);
}
const counter = 0;
try {
  counter++;
} catch (e) {
  print(e.name, counter);
}
try {
  for (const i = 0; i < 2; i++) {}
} catch (e) {
  print("loop", e.name);
}
var seen = [];
for (const item of [1, 2, 3]) seen.push(item);
print(seen.join(""));
var namedExpression = function name() {
  name = 5;
  return typeof name;
};
print(namedExpression());
var strictNamed = function name() {
  "use strict";
  try {
    name = 5;
  } catch (e) {
    return e.name;
  }
};
print(strictNamed());
