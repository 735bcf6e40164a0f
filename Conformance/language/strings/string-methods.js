// Common String.prototype methods with edge-case arguments.
var s = "Hello, World";
print(s.slice(7), s.slice(-5), s.slice(3, -3), s.slice(5, 2) === "");
print(s.substring(7), s.substring(5, 2), s.substring(-3, 2), s.substr(-5, 3));
print(s.indexOf("o"), s.lastIndexOf("o"), s.indexOf("o", 5), s.indexOf("z"), s.indexOf(""));
print(s.includes("World"), s.startsWith("Hell"), s.endsWith("ld"), s.startsWith("World", 7));
print(s.toUpperCase(), s.toLowerCase());
print("ab".repeat(3), "ab".repeat(0) === "", "5".padStart(3, "0"), "5".padEnd(4, "xy"), "abc".padStart(2));
print("[" + "  pad  ".trim() + "]", "[" + "  pad  ".trimStart() + "]", "[" + "  pad  ".trimEnd() + "]");
print("a,b,,c".split(",").length, "a,b,c".split(",", 2).join("|"), "abc".split("").join("-"), "abc".split().length);
print("abc".at(-1), "abc".at(5), "abc".concat(1, 2), "aXbXc".replaceAll("X", "-"), "aXbX".replace("X", "_"));
print("abc".localeCompare("abc"), "  x".trimStart().length, "%".codePointAt(0));
