// async functions: await suspends until the microtask queue runs; rejections become throws.
var log = [];
async function work(name) {
  log.push(name + " start");
  await null;
  log.push(name + " resumed");
  return name + " result";
}
async function failing() {
  await 0;
  throw new Error("async failure");
}
async function main() {
  var a = work("a");
  log.push("after calling a");
  print(await a);
  try {
    await failing();
  } catch (e) {
    print("caught", e.message);
  }
  print(log.join(" | "));
}
main();
print("script end");
