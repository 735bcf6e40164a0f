// RegExp exec/test/match with capture groups, the g flag's lastIndex, and String methods using regexps.
var re = /(\d+)-(\d+)/;
var match = re.exec("range 10-20 and 30-40");
print(match[0], match[1], match[2], match.index, match.length);
var global = /o/g;
print(global.test("foo"), global.lastIndex, global.test("foo"), global.lastIndex, global.test("foo"), global.lastIndex);
print("a1b22c333".match(/\d+/g).join(","), "abc".match(/x/), "aBc".replace(/b/i, "[$&]"));
print("2024-01-15".replace(/(\d+)-(\d+)-(\d+)/, "$3/$2/$1"), "a.b.c".split(/\./).join(" "), "x1y2".replace(/\d/g, function (d) { return d * 2; }));
print(/^[\w.]+@\w+\.\w+$/.test("me.you@site.org"), /a{2,3}/.exec("caaaat")[0], /(a)|(b)/.exec("b")[1]);
print(/\bword\b/.test("a word here"), /^$/.test(""), /./s.test("\n"), /./.test("\n"), /A/i.flags, /x/gimsuy.flags);
print(String(/a\/b/), new RegExp("a/b").source, RegExp("\\d").test("5"), /[^]/.test("\n"));
print("aaa".lastIndexOf("a"), "xAyAz".split(/a/i).join("|"), [..."a1b2".matchAll(/\d/g)].map(function (m) { return m.index; }).join());
