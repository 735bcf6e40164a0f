// Comments, unusual whitespace (TAB VT FF NBSP ZWNBSP) and line terminators (LS, PS, CR) per the lexical grammar.
var a = 1 /* inline */ + /* another */ 2;
print(a);
var b = 3 // line comment
print(b);
var c =	 ﻿4;
print(c);
var d = 5 print(d) var e = 6print(e)
var f = 'a' + // comment ends at LS 'b';
print(f);
/* multi
   line */ print("after multi-line comment");
var g = 1 /* a multi-line comment containing a
line terminator acts as one */
+ 2;
print(g);
print(" ".length, eval("'\u2028'").length);
