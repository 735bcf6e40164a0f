print("never printed");
var x = (1 +;
