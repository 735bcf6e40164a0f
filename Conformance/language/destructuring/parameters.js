// Destructuring in parameters, with defaults for the whole pattern and its parts.
function point({ x = 0, y = 0 } = {}) { return x + "," + y; }
print(point(), point({ x: 1 }), point({ y: 2, x: 3 }));
function pair([first, second = "none"]) { return first + "/" + second; }
print(pair([1]), pair("ab"));
var arrow = ({ name }, [age]) => name + " is " + age;
print(arrow({ name: "Ada" }, [36]));
function counted({ a, b }) { return arguments.length; }
print(counted({}));
function nested({ outer: { inner: [value] } }) { return value; }
print(nested({ outer: { inner: ["deep"] } }));
try {
  point(null);
} catch (e) {
  print(e.name);
}
