// Deep recursion through yield*: a tree walk 1000 levels deep, beyond xjs's native re-entry bound (400),
// so it passes only because resuming a generator from bytecode never recurses natively. (Deeper is
// O(depth^2) work, too slow for gc-stress mode.)
function* walk(node) {
  if (node === null) return 0;
  yield node.value;
  const below = yield* walk(node.child);
  return below + 1;
}
let chain = null;
for (let i = 0; i < 1000; i++) chain = { value: i, child: chain };
function* outer() { const depth = yield* walk(chain); yield "depth " + depth; }
let count = 0, sum = 0, last;
for (const v of outer()) { count++; if (typeof v === "number") sum += v; else last = v; }
print(count, sum, last);
