// A syntax error inside eval is thrown at run time (an Uncaught SyntaxError), after earlier output.
print("eval next");
eval("var = 1;");
