// Deep recursion through yield*: a tree walk 5000 levels deep must not exhaust the native stack.
// Expected output from node's default (JIT) mode; `node --jitless` overflows its stack at this depth.
function* walk(node) {
  if (node === null) return 0;
  yield node.value;
  const below = yield* walk(node.child);
  return below + 1;
}
let chain = null;
for (let i = 0; i < 5000; i++) chain = { value: i, child: chain };
let count = 0, sum = 0;
for (const v of walk(chain)) { count++; sum += v; }
print(count, sum);
function* outer() { const depth = yield* walk(chain); yield "depth " + depth; }
let last;
for (const v of outer()) last = v;
print(last);
// closing deep delegation: return() reaches the innermost generator and every finally runs
let finallies = 0;
function* guarded(n) {
  try {
    yield n;
    if (n > 0) yield* guarded(n - 1);
  } finally {
    finallies++;
  }
}
const g = guarded(4999);
for (let i = 0; i < 3000; i++) g.next();
print(JSON.stringify(g.return("closed")), finallies);
// throw() from the top reaches the innermost yield
function* catcher(n) {
  if (n === 0) { try { yield "bottom"; } catch (e) { yield "caught " + e + " at the bottom"; } return; }
  yield* catcher(n - 1);
}
const c = catcher(4000);
print(c.next().value, c.throw("E").value);
// a binary tree walked in order
function build(lo, hi) { if (lo > hi) return null; const mid = (lo + hi) >> 1; return { v: mid, l: build(lo, mid - 1), r: build(mid + 1, hi) }; }
function* inorder(t) { if (!t) return; yield* inorder(t.l); yield t.v; yield* inorder(t.r); }
let ok = true, prev = -1, n = 0;
for (const v of inorder(build(0, 20000))) { if (v !== prev + 1) ok = false; prev = v; n++; }
print(ok, n);
