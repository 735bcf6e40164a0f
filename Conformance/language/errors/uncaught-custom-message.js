// An uncaught Error ends the script: output so far stays on stdout, the error line goes to stderr.
print("working");
function fail() {
  throw new RangeError("value out of range: 42");
}
fail();
print("not reached");
