// String statics, String() conversion rules and String.prototype.split/normalize basics.
print(String(123), String(null), String(undefined), String(true), String([1, [2]]), String({}), String(Symbol("s")));
print(String.fromCharCode(72, 105), String.fromCharCode(65.9), String.fromCharCode(65 + 65536));
print(String.raw({ raw: ["a", "b", "c"] }, 1, 2, 3), String.raw({ raw: "xyz" }, "-", "-"));
print("a-b-c".split("-", 0).length, "".split(",").length, "".split("").length, "abc".split("b").join("|"));
print("\u0041\u030A".normalize("NFC") === "\u00C5", "\u00C5".normalize("NFD").length);
print("abc".localeCompare("abd") < 0, "b".localeCompare("a") > 0);
print(new String("obj").valueOf() === "obj", typeof String.prototype.valueOf.call("p"));
