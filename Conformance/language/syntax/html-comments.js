// Annex B.1.1 HTML-like comments in scripts: `<!--` starts a line comment; `-->` at a line start does too.
var html = 1 <!-- 2;
print(html);
--> this whole line is a comment in a script
/* comment */ --> and so is this one after a comment on the same line
print("done");
var x = 3;
var decremented = x-->0;
print(decremented, x);
