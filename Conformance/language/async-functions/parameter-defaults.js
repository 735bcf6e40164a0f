// Errors while evaluating an async function's parameters reject its promise instead of throwing at the call.
var order = [];
function thrower(msg) { order.push("thrower"); throw new Error(msg); }
async function withDefault(a = thrower("default failed")) { order.push("body"); return a; }
var p1 = withDefault();
order.push("after call");
print(p1 instanceof Promise, order.join());
p1.then(() => print("fulfilled?"), (e) => print("rejected:", e.message));
withDefault(1).then((v) => print("with argument:", v));
async function destructure({ x }) { return x; }
var p2 = destructure();
p2.catch((e) => print("destructuring undefined:", e instanceof TypeError));
destructure({ x: "ok" }).then((v) => print("destructured:", v));
var arrow = async (a = undefinedVariable) => a;
arrow().catch((e) => print("arrow default:", e instanceof ReferenceError));
var method = { async m([first] = 5) { return first; } };
method.m().catch((e) => print("method default:", e instanceof TypeError));
// a default that refers to a later parameter: TDZ error, also a rejection
async function tdz(a = b, b = 1) { return a; }
tdz().catch((e) => print("tdz:", e instanceof ReferenceError));
// the rejection is visible before the body would have run
async function order2(x = order.push("param"), y = thrower("second")) { order.push("body2"); }
order = [];
order2().catch((e) => print("second param:", e.message, order.join()));
print("sync end");
// generator-like defaults with await are not allowed, but a default may call an async function
async function later(v = (async () => "promise default")()) { return await v; }
later().then((v) => print(v));
