// Deep chains of awaits: an async recursion 10000 levels deep, each level awaiting the next, settles without overflowing.
async function depth(n) {
  await null;
  if (n === 0) return 0;
  return 1 + (await depth(n - 1));
}
depth(10000).then((v) => print("depth", v));
// a rejection through 10000 levels, each returning the next level's promise
async function fail(n) { await null; if (n === 0) throw new Error("bottom"); return fail(n - 1); }
fail(10000).catch((e) => print("rejection", e.message));
