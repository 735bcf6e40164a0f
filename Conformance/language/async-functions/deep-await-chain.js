// Deep chains of awaits: an async recursion 1000 levels deep (beyond the native re-entry bound of 400), each level awaiting the next, settles without overflowing.
async function depth(n) {
  await null;
  if (n === 0) return 0;
  return 1 + (await depth(n - 1));
}
depth(1000).then((v) => print("depth", v));
// a rejection through 1000 levels, each returning the next level's promise
async function fail(n) { await null; if (n === 0) throw new Error("bottom"); return fail(n - 1); }
fail(1000).catch((e) => print("rejection", e.message));
