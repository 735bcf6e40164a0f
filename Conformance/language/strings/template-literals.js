// Template literals: substitutions go through ToString; escapes and line continuations.
var name = "xjs", n = 3;
print(`hello ${name}`, `${n} + ${n} = ${n + n}`, `${[1, 2]}`, `${{}}`, `${null} ${undefined}`);
print(`nested ${`inner ${n}`} done`);
print(`multi
line`.split("\n").length);
print(`a\tb`.length, `\u0041\x42`, `\``, `$`, `$\{n}`, `${"$"}{n}`);
print(`line \
continued`);
var object = { toString: function () { return "T"; }, valueOf: function () { return "V"; } };
print(`${object}`, "" + object);
