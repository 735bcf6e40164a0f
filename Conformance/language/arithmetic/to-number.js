// ToNumber applied to strings (StringToNumber grammar) and other values.
print(Number(""), Number("   "), Number(" 12 "), Number("\n\t42\n"));
print(Number("0x1F"), Number("0o17"), Number("0b101"), Number("-0x10"));
print(Number("1e3"), Number(".5"), Number("5."), Number("+.5e1"), Number("1_000"));
print(Number("Infinity"), Number("-Infinity"), Number("infinity"), Number("12px"));
print(Number(null), Number(undefined), Number(false), Number([]), Number(["8"]), Number([1, 2]));
print(Number("00012"), Number("-0") === 0, 1 / Number("-0"));
print(parseInt("12px"), parseFloat("3.5e2abc"), parseInt("0x1A"), parseInt("101", 2), parseInt("-0"));
