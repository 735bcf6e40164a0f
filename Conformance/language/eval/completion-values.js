// The value of a script evaluated by eval is its last value-producing statement's completion.
print(eval("1; 2; 3"));
print(eval("var x = 5"));
print(eval("if (true) { 'then' } else { 'else' }"));
print(eval("if (false) { 'then' }"));
print(eval("for (var i = 0; i < 3; i++) i * 10"));
print(eval("1; var y = 2;"));
print(eval("'value'; ;"));
print(eval("do { 'body'; break; } while (false)"));
print(eval("try { 'try' } finally { 'finally' }"));
print(eval("switch (1) { case 1: 'case one'; }"));
print(eval("1; { }"));
print(eval("2; while (false) {}"));
print(eval("function f() {} 'after function'"));
print(eval("label: { 'labeled'; break label; }"));
