// An error thrown deep in a call chain, passing through a finally, stays uncaught.
function level3() { throw new TypeError("deep failure"); }
function level2() {
  try {
    level3();
  } finally {
    print("finally in level2");
  }
}
function level1() { level2(); }
level1();
