// Flat chains at runtime: mixed operators, strings, logical, branches.
const n = 10000;
function make(op, term, count) { return Array(count).fill(term).join(op); }
const sum = eval(make("+", "1", n));
const str = eval(make("+", "'s'", n));
const mixed = eval("1" + " - 1 + 2".repeat(n/2));
let x = 3;
const and = eval(make(" && ", "x", n));
const or = eval("0" + " || 0".repeat(n) + " || 'last'");
const cond = eval("(function(){ if (" + make(" && ", "x", n) + ") return 'yes'; return 'no'; })()");
const cond2 = eval("(function(){ if (" + make(" || ", "0", n) + ") return 'yes'; return 'no'; })()");
const nul = eval(make(" ?? ", "null", n) + " ?? 7");
console.log(sum, str.length, mixed, and, or, cond, cond2, nul);
const y = 2, z = 5;
console.log(y * z + y - z * 2 + (y || z) && z, 1 + 2 + 3 + "4" + 5 + 6, "a" in {a:1} === true, y < z && z > y || 0, x = x + 1 + x);
