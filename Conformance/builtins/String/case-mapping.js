// toUpperCase/toLowerCase: full Unicode mappings (ß → SS, İ → i̇, ŉ → ʼN), Final_Sigma, Latin-1 edges, lone surrogates kept.
function hex(s) { var r = []; for (var i = 0; i < s.length; i++) r.push(s.charCodeAt(i).toString(16)); return r.join(" "); }
print("Hello, World".toUpperCase(), "Hello, World".toLowerCase(), "".toUpperCase() === "");
print(hex("\u00DF".toUpperCase()), hex("\u00B5".toUpperCase()), hex("\u00FF".toUpperCase()), hex("\u00D7\u00F7".toUpperCase()));
print(hex("\u00C0\u00DE\u00D7".toLowerCase()), hex("\u0130".toLowerCase()), hex("\u0149".toUpperCase()), hex("\uFB00".toUpperCase()));
print(hex("\u01C5".toUpperCase()), hex("\u01C5".toLowerCase()), hex("\u1F80".toUpperCase()), hex("\u0390".toUpperCase()));
print(hex("\uD801\uDC00".toLowerCase()), hex("\uD801\uDC28".toUpperCase()), hex("\uD800a\uDC00".toUpperCase()));
print(hex("\u03A3".toLowerCase()), hex("\u0391\u03A3".toLowerCase()), hex("\u0391\u03A3\u0391".toLowerCase()));
print(hex("\u0391.\u03A3".toLowerCase()), hex("\u0391\u03A3.".toLowerCase()), hex("\u0391\u03A3.\u0391".toLowerCase()));
print(hex("\u0391\u0345\u03A3".toLowerCase()), hex("\u0345\u03A3".toLowerCase()), hex("\u0391\u03A3 \u0391".toLowerCase()));
print("istanbul".toLocaleUpperCase(), "ISTANBUL".toLocaleLowerCase(), String.prototype.toUpperCase.call(true));
try {
  String.prototype.toLowerCase.call(undefined);
} catch (e) {
  print(e.name);
}
