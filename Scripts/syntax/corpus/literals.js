// Numeric, string, template and regular-expression literals.
var n = [0, 1, 123, 1.5, .5, 5., 1e10, 1E+10, 1e-10, 0x0, 0xFF, 0Xab, 0o7, 0O17, 0b0, 0B1010,
  017, 08, 09.5, 00, 9007199254740993, 1.7976931348623157e308, 5e-324, 1e400]
var s = ['', "", 'a', "\0", '\b\f\n\r\t\v', '\x00\xff', '\u0000\uFFFF', '\u{0}\u{10FFFF}',
  'line\
continuation', '\a\c\d', '\'', "\"", '\\', '\101\7\08', 'unicode é ü 中']
var t = [``, `a`, `\n`, `${1}`, `${1}${2}`, `a${b}c${d}e`, `nested ${`inner ${x}`}`,
  `multi
line`, `\``, `$`, `$${x}`, `\${x}`, `{}`]
var r = [/a/, /a/gimsuy, /[a-z]+/i, /\//, /[/\]]/, /a|b/, /(?:x)/, /\d{1,3}/, /=/, /=a/g]
x = a / 2 / b
x = a /= 2
x = (a) / 2
x = [] / 2
x = {} / 2
x = `` / 2
y = function () {} / 2
