// A finally block's abrupt completion (return, throw, break) overrides the try/catch completion.
function returnOverrides() {
  try {
    return "try";
  } finally {
    return "finally";
  }
}
function throwOverridden() {
  try {
    throw new Error("lost");
  } finally {
    return "finally won";
  }
}
function finallyThrows() {
  try {
    return "try";
  } finally {
    throw new Error("from finally");
  }
}
print(returnOverrides(), throwOverridden());
try {
  finallyThrows();
} catch (e) {
  print(e.message);
}
function breakInFinally() {
  for (var i = 0; i < 3; i++) {
    try {
      return "returned " + i;
    } finally {
      if (i < 2) continue;
    }
  }
  return "loop ended";
}
print(breakInFinally());
function returnValueCaptured() {
  var x = 1;
  try {
    return x;
  } finally {
    x = 2;
  }
}
print(returnValueCaptured());
var count = 0;
while (true) {
  try {
    break;
  } finally {
    count++;
  }
}
print(count);
