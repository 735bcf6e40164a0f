// Deep yield* chains: return() and throw() reach the innermost generator (1000 levels), every finally runs; an in-order tree walk.
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
const g = guarded(999);
for (let i = 0; i < 700; i++) g.next();
print(JSON.stringify(g.return("closed")), finallies);
// throw() from the top reaches the innermost yield
function* catcher(n) {
  if (n === 0) { try { yield "bottom"; } catch (e) { yield "caught " + e + " at the bottom"; } return; }
  yield* catcher(n - 1);
}
const c = catcher(1000);
print(c.next().value, c.throw("E").value, JSON.stringify(c.return("R")));
// a binary tree walked in order
function build(lo, hi) { if (lo > hi) return null; const mid = (lo + hi) >> 1; return { v: mid, l: build(lo, mid - 1), r: build(mid + 1, hi) }; }
function* inorder(t) { if (!t) return; yield* inorder(t.l); yield t.v; yield* inorder(t.r); }
let ok = true, prev = -1, n = 0;
for (const v of inorder(build(0, 2047))) { if (v !== prev + 1) ok = false; prev = v; n++; }
print(ok, n);
