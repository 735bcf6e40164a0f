// Strict mode differences: undeclared assignment, read-only writes, delete, duplicate params, this.
function strictCatch(f) {
  "use strict";
  try {
    f();
    return "no error";
  } catch (e) {
    return e.name;
  }
}
print(strictCatch(function () { "use strict"; undeclaredVariable = 1; }));
print(strictCatch(function () { "use strict"; var o = Object.freeze({ a: 1 }); o.a = 2; }));
print(strictCatch(function () { "use strict"; var o = {}; Object.defineProperty(o, "x", { value: 1 }); delete o.x; }));
print(strictCatch(function () { "use strict"; var s = "abc"; s.length = 1; }));
print(strictCatch(function () { "use strict"; var o = { get only() { return 1; } }; o.only = 2; }));
print(strictCatch(function () { eval("'use strict'; function dup(a, a) {}"); }));
print(strictCatch(function () { eval("'use strict'; var eval = 1;"); }));
print(strictCatch(function () { eval("'use strict'; with ({}) {}"); }));
function sloppy() { var o = Object.freeze({ a: 1 }); o.a = 2; return o.a; }
print(sloppy());
print((function () { "use strict"; return this; })() === undefined);
