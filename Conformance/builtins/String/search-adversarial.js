// Searches on inputs that defeat a naive scan (many near-matches): results must equal the simple definition.
var a = "a".repeat(20000);
print((a + "b").indexOf(a.slice(0, 10000) + "b"), (a + "b").indexOf(a + "bb"), a.indexOf(a.slice(1) + "a", 1), (a + "b" + a).indexOf("a".repeat(5000) + "b", 10));
print(("b" + a).lastIndexOf("b" + a.slice(0, 10000)), (a + "b" + a).lastIndexOf("b" + "a".repeat(20000)), a.lastIndexOf("a".repeat(15000), 3000), a.lastIndexOf("x" + a.slice(1)));
var w = "\u4E2D".repeat(20000);
print((w + "\u00E9").indexOf(w.slice(0, 9000) + "\u00E9"), (w + "x" + w).lastIndexOf("x" + w.slice(0, 5000)), w.includes(w.slice(0, 3000) + "x"));
var ab = "ab".repeat(10000);
print((ab + "ac").indexOf(ab.slice(0, 6000) + "ac"), (ab + "ac").split(ab.slice(0, 4000) + "ac").length, (ab + "c" + ab).replaceAll("ab".repeat(3000) + "c", "-").length);
print(("x" + a).startsWith(a.slice(0, 19999) + "b", 1), (a + "x").endsWith("a".repeat(100) + "x"), (a + "ab" + a).indexOf("ab" + a.slice(0, 100), 20000));
