// &&, ||, ?? return operands and short-circuit; ?. stops at null/undefined; logical assignment.
var log = [];
function t(v) { log.push(String(v)); return v; }
print(t(0) && t("x"), t(1) && t("y"), t("") || t("fallback"), t(null) ?? t("nullish"), t(0) ?? t("kept"));
print(log.join(","));
var object = { nested: { value: 42, fn() { return "called"; } } };
print(object?.nested?.value, object.missing?.value, object.missing?.deep.deeper.deepest, object.nested.fn?.(), object.nope?.());
var counter = 0;
var nothing = null;
nothing?.[counter++];
print(counter);
var a = null, b = 0, c = "set";
a ??= "assigned";
b ||= "replaced";
c &&= "and-assigned";
print(a, b, c);
var getterCalls = 0;
var holder = { get value() { getterCalls++; return 1; }, set value(v) { print("setter must not run"); } };
holder.value ||= 5;
holder.value ??= 6;
print(getterCalls);
print((null || undefined) ?? "both nullish", false ?? "not nullish");
print(delete object?.nested.value, object.nested.value, delete nothing?.x);
