// Temporal dead zone: let/const/class bindings throw ReferenceError before initialization.
function tryRead(f) {
  try {
    return f();
  } catch (e) {
    return e.name;
  }
}
print(tryRead(function () { return before; let before = 1; }));
print(tryRead(function () { return typeof tdz; let tdz; }));
print(tryRead(function () { return typeof undeclaredName; }));
print(tryRead(function () { new K(); class K {} }));
print(tryRead(function () { let self = self; }));
print(tryRead(function () { const c = 1; return c; }));
print(tryRead(function () { let x = x + 1; return x; }));
function closure() {
  var read = function () { return later; };
  var result = tryRead(read);
  let later = "ready";
  return result + " then " + read();
}
print(closure());
print(tryRead(function () { switch (1) { case 0: let inCase = 1; break; case 1: return inCase; } }));
