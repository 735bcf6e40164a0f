// Local-time getters and setters. The runner sets TZ=UTC, so local time equals UTC here (the expected output
// was produced with TZ=UTC); the test checks the spec's step order, argument handling and clipping.
// Line 11 was written by hand: since ES2023 the setters read [[DateValue]] before coercing every argument
// (21.4.4.22 steps 3-8), so a valueOf that invalidates the date is overwritten; node 20 still stops early.
var d = new Date(2024, 0, 31, 13, 5, 9, 7);
print(d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds(), d.getTimezoneOffset());
print(d.setMonth(1), d.getMonth(), d.getDate());
print(d.setDate(0), d.getMonth(), d.getDate(), d.setDate(366), d.getFullYear());
print(d.setHours(25, 61, 61, 1001), d.toISOString());
print(d.setMinutes(-1), d.toISOString(), d.setSeconds(90, 5), d.toISOString(), d.setMilliseconds(-1), d.toISOString());
print(d.setFullYear(2000, 1, 29), d.toISOString(), d.setFullYear(2001), d.toISOString());
print(d.setUTCFullYear(1999, 11, 31), d.setUTCHours(23, 59, 59, 999), d.toISOString(), d.setUTCMonth(13), d.toISOString());
print(d.setTime(8.64e15), d.setTime(8.64e15 + 1), d.getTime(), d.setDate(1), d.setHours(1));
print(d.setFullYear(2020), d.toISOString(), new Date(NaN).setUTCFullYear(1970, 0, 2));
var invalid = new Date(NaN);
print(invalid.getFullYear(), invalid.getDay(), invalid.getTimezoneOffset(), invalid.setMonth(1), invalid.setMinutes(1), invalid.getTime());
var order = [];
var date = new Date(0);
var result = date.setHours({ valueOf: function () { order.push("h"); date.setTime(NaN); return 1; } }, { valueOf: function () { order.push("m"); return 2; } });
print(order.join(), result, date.getTime());
print(new Date(2024, 0).getTime(), new Date(99, 0).getFullYear(), new Date(100, 0).getFullYear(), new Date(-1, 0).getFullYear(), new Date(2024, 0, 1, 0, 0, 0, 0.9).getMilliseconds());
var y = new Date(0);
print(y.getYear(), y.setYear(99), y.getFullYear(), y.setYear(2005), y.getYear(), y.setYear(NaN), new Date(NaN).setYear(70), new Date(1e15).getYear());
print(Date.prototype.setHours.length, Date.prototype.setFullYear.length, Date.prototype.setUTCSeconds.length, Date.prototype.setYear.length, Date.prototype.getYear.length);
