// Conditional, comma and void operators: evaluation order and results.
var log = [];
function t(x) { log.push(x); return x; }
print(t(true) ? t("yes") : t("no"), log.join(""));
log = [];
print((t(1), t(2), t(3)), log.join(""));
print(void 0, void t("evaluated"), typeof void 0);
var nested = 5 > 3 ? 2 > 1 ? "both" : "first" : "neither";
print(nested);
var x = 1;
x = (x++, x++, x);
print(x);
