// The v flag (ES2024 22.2.1 ClassSetExpression): set operations, nested classes, \q{} strings.
function run(source, flags, input) {
  try {
    var m = new RegExp(source, flags).exec(input);
    return m === null ? "null" : JSON.stringify(m[0]);
  } catch (e) {
    return e.name + ": " + e.message;
  }
}
print(run("[\\w--\\d]+", "v", "12ab_3"), run("[[a-z]&&[aeiou]]+", "v", "xyzaei"), run("[[a-z]--[b-y]]+", "v", "bza"));
print(run("[\\q{abc|d}x]+", "v", "--abcxdabc"), run("[\\q{a|ab|abc}]", "v", "abcd"), run("^[\\q{|x}]$", "v", ""));
print(run("[\\q{ab|c}--\\q{ab}]+", "v", "abcc"), run("[\\q{KM}]", "vi", "km"), run("[\\p{Script=Greek}&&\\p{Lu}]+", "v", "αΒΓδ"));
print(run("\\P{Ll}", "vi", "a"), run("\\P{Ll}", "ui", "a"), run("[^a]", "vi", "A"), run("[\\W]", "vi", "S"));
print(run("[^\\q{ab}]", "v", "x"));
print(run("[a-]", "v", ""));
print(run("[ab&&c]", "v", ""));
print(run("[a!!b]", "v", ""));
var re = /[\q{ab}c]/gv;
print(re.flags, re.unicodeSets, "xabcab".replace(re, "-"), "😀x".split(/(?:)/v).length, "😀x".split(/(?:)/u).length);
