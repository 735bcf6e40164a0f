// \p{Script=…} and \p{Script_Extensions=…} (Unicode 17 script data), long and short names.
print(/^\p{Script=Latin}+$/u.test("abcÉ"), /\p{sc=Latn}/u.test("α"), /^\p{sc=Greek}+$/u.test("αβγ"));
print(/\p{Script=Han}/u.test("漢"), /\p{scx=Hira}/u.test("ー"), /\p{sc=Hira}/u.test("ー"), /\p{sc=Zyyy}/u.test("ー"));
print(/\p{sc=Arabic}/u.test("\u0640"), /\p{scx=Arab}/u.test("\u0640"), /\p{scx=Common}/u.test("\u0640"));
print(/\P{Script=Latin}/u.exec("abc1")[0], "Grüße, Ωμέγα!".match(/\p{sc=Grek}+/gu).join(), /[\p{sc=Cyrl}\d]+/u.exec("x Привет7 y")[0]);
print(/\p{Script_Extensions=Devanagari}/u.test("\u0964"), /\p{sc=Inherited}/u.test("\u0301"), /\p{sc=Zinh}/u.test("a"));
for (const source of ["\\p{Script=latin}", "\\p{Script}", "\\p{Latin}", "\\p{sc=}", "\\p{Script=Latin=x}"]) {
  try { new RegExp(source, "u"); print("no error", source); } catch (e) { print(e.name, e.message); }
}
print(/\p{Script=Latin}/.test("p{Script=Latin}"));  // not unicode mode: an identity escape
