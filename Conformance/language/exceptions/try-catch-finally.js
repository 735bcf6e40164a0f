// Execution order through try, catch and finally, including nested handlers and rethrow.
var log = [];
try {
  log.push("try");
  throw new Error("boom");
} catch (e) {
  log.push("catch " + e.message);
} finally {
  log.push("finally");
}
print(log.join(", "));
log = [];
try {
  try {
    throw "inner";
  } finally {
    log.push("inner finally");
  }
} catch (e) {
  log.push("outer caught " + e);
}
print(log.join(", "));
log = [];
try {
  try {
    throw 1;
  } catch (e) {
    log.push("caught " + e);
    throw e + 1;
  } finally {
    log.push("finally");
  }
} catch (e) {
  log.push("rethrown " + e);
}
print(log.join(", "));
function noThrow() {
  try {
    return "try value";
  } finally {
    print("finally runs before return completes");
  }
}
print(noThrow());
