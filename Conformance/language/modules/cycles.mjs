// A cycle: the module imported first runs first, and can call this module's hoisted functions
// before this module's body has run; its `let` bindings are in TDZ until then.
import { describe, seenFromB } from "./cycles-b_FIXTURE.mjs";
export function hoisted() {
  return "hoisted function of cycles.mjs";
}
export let initialized = "let of cycles.mjs";
print("cycles.mjs runs second:", describe());
print(seenFromB);
