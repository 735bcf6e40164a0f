// An async function's rejection that nothing handles ends the run like an uncaught exception, after the output already printed.
async function fails() {
  await null;
  print("before the throw");
  throw new TypeError("nobody handles this");
}
fails();
print("sync end");
