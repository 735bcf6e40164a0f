// Automatic semicolon insertion: restricted productions and the cases where no semicolon is inserted.
function returnsUndefined() {
  return
  "not returned";
}
print(returnsUndefined());
var a = 1
var b = a
++b
print(a, b)
var c = 1, d = 2
var sum = c
+ d
print(sum)
var text = "x"
try {
  var result = text
  (function () {})
} catch (e) {
  print("no semicolon before (:", e.name)
}
var i = 0
i
++
i
print(i)
