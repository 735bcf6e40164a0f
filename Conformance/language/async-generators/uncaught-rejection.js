// An async generator's throw that reaches an unhandled for-await loop rejects its async function, reported as uncaught (in promise).
async function* g() {
  yield 1;
  throw "a string";
}
(async () => {
  for await (const x of g()) print("got", x);
  print("never");
})();
