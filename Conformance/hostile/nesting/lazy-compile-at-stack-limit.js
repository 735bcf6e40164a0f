// A function compiles at its first call (lazy compilation), and a first call can come at the
// bottom of a deep recursion, where the compiler has no native stack left for a deeply nested
// body. The call throws a catchable RangeError (as V8's lazy compile does there), never a native
// stack overflow, and the same function compiles and runs once it is called from a shallower
// depth. The recursion goes through a native builtin (Array.prototype.forEach) so that the native
// stack is what runs out, and allocates nothing per level (the gc-stress mode scans the whole
// stack at every allocation).
var nested = "[".repeat(1000) + "1" + "]".repeat(1000);
var deep = new Function("return function deep() { return " + nested + "; };")();
var shallow = new Function("return function shallow() { return 42; };")();
var one = [0], target = null, outcome = null;
function step() {
  try { one.forEach(step); }
  catch (e) {
    if (outcome === null) {
      try { outcome = "value " + target().length; } catch (e2) { outcome = e2.constructor.name; }
    }
  }
}
function callAtTheBottom(f) {
  target = f;
  outcome = null;
  step();
  return outcome;
}
var atBottom = callAtTheBottom(deep);
print("deep body at the bottom of a recursion:", atBottom === "RangeError" || atBottom === "value 1" ? "RangeError or a value" : atBottom);
print("then from the top:", deep().length, JSON.stringify(deep()).length);
var shallowAtBottom = callAtTheBottom(shallow);
print("small body at the bottom:", shallowAtBottom === "RangeError" || shallowAtBottom === "value undefined" ? "RangeError or a value" : shallowAtBottom);
print("then from the top:", shallow());
