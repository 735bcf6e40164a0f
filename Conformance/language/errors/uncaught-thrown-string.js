// Throwing a primitive: the uncaught report shows it through ToString.
print("before");
throw "plain string";
