// A redeclared let binding is an early error: nothing runs, not even the first print.
print("never printed");
let duplicate = 1;
let duplicate = 2;
