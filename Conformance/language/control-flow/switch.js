// switch: strict-equality matching, fall-through, default anywhere, lexical scope of the case block.
function classify(value) {
  var out = [];
  switch (value) {
    case 1:
      out.push("one");
    case 2:
      out.push("two");
      break;
    default:
      out.push("default");
    case "3":
      out.push("string three");
      break;
    case 4:
      out.push("four");
  }
  return out.join("+");
}
print(classify(1), classify(2), classify(3), classify("3"), classify(4), classify(5));
var order = [];
function tag(x) { order.push(x); return x; }
switch (tag(2)) {
  case tag(1):
  case tag(2):
  case tag(3):
}
print(order.join(","));
switch (NaN) { case NaN: print("NaN matched"); break; default: print("NaN never matches"); }
switch (-0) { case 0: print("-0 matches 0"); }
