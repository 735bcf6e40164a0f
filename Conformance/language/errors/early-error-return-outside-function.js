// `return` outside a function is a syntax error in a script.
print("never printed");
if (true) {
  return;
}
