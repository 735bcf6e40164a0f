/* A block comment */ var a = 1 /* inline */ + 2 // line comment
/**
 * Doc comment with a newline (counts as a line terminator for ASI).
 */
var b = a
/* no newline */ var c = 3
<!-- HTML-like open comment, Annex B
var d = 4
--> HTML-like close comment at the start of a line
  --> after white space too
/* block */ --> after a block comment
var e = 5 // end
