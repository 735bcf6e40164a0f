export const b = "bee", a = "ay";
export function c() {}
export { a as Z, b as "é" };
