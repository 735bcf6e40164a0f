// Deep recursion through yield*: a tree walk 5000 levels deep must not exhaust the native stack.
// Expected output from node's default (JIT) mode; `node --jitless` overflows its stack at 5000 levels.
function* walk(node) {
  if (node === null) return 0;
  yield node.value;
  const below = yield* walk(node.child);
  return below + 1;
}
let chain = null;
for (let i = 0; i < 5000; i++) chain = { value: i, child: chain };
function* outer() { const depth = yield* walk(chain); yield "depth " + depth; }
let count = 0, sum = 0, last;
for (const v of outer()) { count++; if (typeof v === "number") sum += v; else last = v; }
print(count, sum, last);
