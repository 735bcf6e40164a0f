// for-in visits integer-like keys ascending, then string keys in creation order, then the prototype's.
var proto = { inherited: 1, shadowed: 1 };
var object = Object.create(proto);
object.b = 1;
object[2] = 1;
object.a = 1;
object[1] = 1;
object.shadowed = 2;
object[Symbol("hidden")] = 1;
Object.defineProperty(object, "hidden", { value: 1, enumerable: false });
var keys = [];
for (var key in object) keys.push(key);
print(keys.join(" "));
var arrayKeys = [];
var array = ["x", "y"];
array.extra = true;
for (var index in array) arrayKeys.push(typeof index + ":" + index);
print(arrayKeys.join(" "));
var visited = [];
var deleting = { first: 1, second: 2, third: 3 };
for (var name in deleting) {
  visited.push(name);
  if (name === "first") delete deleting.second;
}
print(visited.join(" "));
var nothing = [];
for (var k in null) nothing.push(k);
for (var k2 in undefined) nothing.push(k2);
for (var k3 in "ab") nothing.push(k3);
print(nothing.join(","));
