// await in expression positions (optional chains, unary operators, templates, for-of/for-in heads, defaults), and `async` as an identifier.
var log = [];
(async () => {
  var o = { x: { y: 5 } };
  log.push("optional chain " + (await Promise.resolve(o))?.x.y + " " + (await null)?.x);
  log.push("unary " + -(await 3) + " " + typeof (await 1) + " " + !(await 0));
  log.push("template " + `${await "a"}-${await Promise.resolve("b")}`);
  for (const v of await Promise.resolve([1, 2])) log.push("for-of head " + v);
  var keys = [];
  for (var k in await { p: 1, q: 2 }) keys.push(k + (await k));
  log.push("for-in " + keys.join());
  var { a = await "default" } = {};
  log.push("destructuring default " + a);
  log.push("exponent " + (await 2) ** 3 + " " + (await 10) % 4);
  log.push("call " + Math.max(await 1, await Promise.resolve(7), 3));
  log.push("new " + new (await Promise.resolve(Array))(3).length);
  log.push("nested await " + (await await await Promise.resolve("deep")));
  log.push("in condition " + ((await false) ? "yes" : "no"));
  var arr = [await 1, ...(await [2, 3])];
  log.push("array " + arr.join());
  log.push("comma " + (await 1, await 2));
})().then(() => print(log.join("\n")));
// `async` and `await` as plain identifiers outside async functions
var async = (x) => "called a function named async with " + x;
print(async(1));
var await = 5;
print("await identifier", await + 1);
var f = async
x => x;
print("line break after async: not an async arrow", typeof f, f(2));
var g = async (x) => x;
print(Object.prototype.toString.call(g), Object.prototype.toString.call(async function () {}));
for (var src of ["async function p(a = await 1) {}", "async () => { function f() { await 1; } }", "function f() { for await (const x of []); }"]) {
  try { eval(src); print("parsed", src); } catch (e) { print(e.name); }
}
