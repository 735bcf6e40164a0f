// Annex B HTML methods: tags, attribute quoting (only '"' is escaped), argument conversion and lengths.
print("t".anchor('a"b'), "t".big(), "t".blink(), "t".bold(), "t".fixed(), "t".fontcolor("red"), "t".fontsize(7));
print("t".italics(), "t".link("u<&>"), "t".small(), "t".strike(), "t".sub(), "t".sup(), "t".anchor());
print(String.prototype.anchor.length, String.prototype.big.length, String.prototype.link.name, String.prototype.fontcolor.call(5, 6));
try {
  String.prototype.bold.call(null);
} catch (e) {
  print(e.name);
}
