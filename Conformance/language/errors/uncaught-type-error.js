print("before");
var notAFunction = 1;
notAFunction();
