var crlf2 = 1;
var cr2 = 2;var mixed = `a
bc`;
