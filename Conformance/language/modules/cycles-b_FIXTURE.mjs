import { hoisted, initialized } from "./cycles.mjs";
import * as root from "./cycles.mjs";
print("b runs first:", hoisted());
let tdz;
try {
  initialized;
} catch (error) {
  tdz = error.constructor.name;
}
let namespaceTdz;
try {
  root.initialized;
} catch (error) {
  namespaceTdz = error.constructor.name;
}
export const seenFromB = "before cycles.mjs ran: " + tdz + " " + namespaceTdz + " " + Reflect.ownKeys(root).length;
export function describe() {
  return initialized;
}
