// Regular expression semantics: greedy vs lazy, backtracking, lookahead, backreferences, unicode.
print(/a.*b/.exec("axxbyyb")[0], /a.*?b/.exec("axxbyyb")[0], /(a+)+b/.test("aaaaaaaaaaaaaaaaaaaaab"));
print(/\d+(?=px)/.exec("12em 34px")[0], /\d+(?!px)/.exec("34px 56em")[0], /(\w)\1/.exec("abccd")[0]);
print(/(a)|b/.exec("b")[1], /(?:ab)+/.exec("ababab")[0], /[a-c]+/.exec("xxabcabd")[0]);
print(/\u{1F600}/u.test("\u{1F600}"), /^.$/u.test("\u{1F600}"), /^.$/.test("\u{1F600}"), "\u{1F600}".match(/./gu).length);
print(/(z)((a+)?(b+)?(c))*/.exec("zaacbbbcac").join(","));
