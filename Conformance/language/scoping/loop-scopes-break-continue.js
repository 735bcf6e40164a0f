// A break or continue out of a loop whose per-iteration binding is captured by a closure leaves
// that iteration's environment: names after it resolve in the right scope (found by the
// differential tester: a continue in for-in left its environment current, so a later `const`
// of the enclosing function read as uninitialized, and in gc-stress as a freed cell).
function loops(kind) {
  const outer = "outer";
  const list = [1, 2, 3];
  const seen = [];
  function step(i) {
    switch (kind) {
      case "for-in continue":
        for (const k in list) { if (i % 2 === 0) continue; seen.push(() => k); }
        break;
      case "for-in break":
        for (const k in list) { seen.push(() => k); if (k === "1") break; }
        break;
      case "for-in labelled continue":
        outerLoop: for (const k in list) { for (const j in list) { seen.push(() => k + j); continue outerLoop; } }
        break;
      case "for-of continue":
        for (const v of list) { if (i % 2 === 0) continue; seen.push(() => v); }
        break;
      case "for-of break":
        for (const v of list) { seen.push(() => v); if (v === 2) break; }
        break;
      case "for continue":
        for (let n = 0; n < 3; n++) { if (n === 1) continue; seen.push(() => n); }
        break;
      case "for break":
        for (let n = 0; n < 3; n++) { seen.push(() => n); if (n === 1) break; }
        break;
      case "block in switch":
        for (const k in list) { switch (k) { case "0": { let c = () => k; seen.push(c); continue; } } }
        break;
    }
    return typeof outer + ":" + outer;
  }
  const results = [];
  for (let i = 0; i < 3; i++) {
    try { results.push(step(i)); } catch (e) { results.push(e.name); }
  }
  print(kind, results.join(" "), seen.map((f) => f()).join(","));
}
for (const kind of ["for-in continue", "for-in break", "for-in labelled continue", "for-of continue", "for-of break",
  "for continue", "for break", "block in switch"]) {
  loops(kind);
}
// The differential tester's program (minimized): an enclosing const read after a for-in whose
// continue skipped a closure's block.
function minimized() {
  const nan = NaN;
  const arr = [1, 2];
  function capture() { return nan; }
  function body(i) {
    for (const key in Object.assign({}, arr)) {
      if (i % 2 === 0) continue;
      switch ("10") { case 3: { let unused = arr.filter(() => key); } }
    }
    return nan != nan;
  }
  const out = [];
  for (let i = 0; i < 14; i++) out.push(body(i));
  print("minimized", out.every((x) => x === true));
}
minimized();
