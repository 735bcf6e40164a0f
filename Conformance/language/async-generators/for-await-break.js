// break, return and throw inside for await close the async iterator: return() is called and awaited before the loop exits.
var log = [];
function makeIterable(name) {
  return {
    [Symbol.asyncIterator]() {
      var i = 0;
      return {
        next() { log.push(name + " next"); return Promise.resolve({ value: i++, done: false }); },
        return(v) {
          log.push(name + " return called (" + arguments.length + ")");
          return new Promise((r) => setTimeout(() => { log.push(name + " return settled"); r({ done: true }); }, 10));
        },
      };
    },
  };
}
async function* gen() {
  try { yield 1; yield 2; yield 3; } finally { log.push("gen finally"); await null; log.push("gen finally after await"); }
}
(async () => {
  for await (const v of makeIterable("break")) { if (v === 1) break; }
  log.push("after break");
  await (async () => { for await (const v of makeIterable("return")) return v; })();
  log.push("after return");
  try { for await (const v of makeIterable("throw")) throw new Error("body threw"); } catch (e) { log.push("caught " + e.message); }
  outer: for (const round of [1, 2]) {
    for await (const v of makeIterable("continue" + round)) continue outer;
  }
  for await (const v of gen()) { if (v === 2) break; }
  log.push("after generator break");
  // a return() that rejects: on break the rejection is thrown; on throw the body's error wins
  var badReturn = { [Symbol.asyncIterator]() { return { next: () => ({ value: 1, done: false }), return: () => Promise.reject("return rejected") }; } };
  try { for await (const v of badReturn) break; } catch (e) { log.push("break: " + e); }
  try { for await (const v of badReturn) throw "body error"; } catch (e) { log.push("throw: " + e); }
  // a return() result that is not an object is a TypeError after break
  var nonObject = { [Symbol.asyncIterator]() { return { next: () => ({ value: 1, done: false }), return: () => 7 }; } };
  try { for await (const v of nonObject) break; } catch (e) { log.push("non-object: " + (e instanceof TypeError)); }
  // an exhausted iterator is not closed
  for await (const v of gen()); log.push("exhausted");
  print(log.join("\n"));
})();
