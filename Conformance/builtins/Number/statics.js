// Number constructor properties and predicates.
print(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, Number.EPSILON === Math.pow(2, -52));
print(Number.MAX_VALUE, Number.MIN_VALUE, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
print(Number.isInteger(5.0), Number.isInteger(5.5), Number.isInteger("5"), Number.isInteger(Infinity));
print(Number.isSafeInteger(2 ** 53 - 1), Number.isSafeInteger(2 ** 53), Number.isFinite("5"), isFinite("5"));
print(Number.isNaN("abc"), isNaN("abc"), Number.isNaN(NaN), Number.parseFloat === parseFloat);
print(parseInt("  42abc"), parseInt("abc"), parseInt("0.0000005"), parseInt(0.0000005), parseInt("ff", 16), parseInt("z", 36), parseInt("10", 37));
print(parseFloat(".5"), parseFloat("-.5e-3"), parseFloat("Infinityx"), parseFloat("1e1000"), parseFloat(""));
print(Number(), new Number(5) + 1, typeof new Number(5), Number("12") === 12);
