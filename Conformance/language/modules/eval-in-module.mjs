// Direct eval in module code is strict and sees the module's bindings, imports included
// (read live, never assignable); its own vars stay in the eval.
import { count, increment } from "./live-bindings-counter_FIXTURE.mjs";
const local = "local";
print(eval("count"), eval("typeof increment"), eval("local"));
eval("increment()");
print(eval("count"), count);
for (const code of ["count = 5", "local = 1", "undeclared = 1"]) {
  try {
    eval(code);
  } catch (error) {
    print(code, error.constructor.name);
  }
}
eval("var fromEval = 1");
print(typeof fromEval, this);
