// The Date constructor's forms (ES2024 21.4.2.1), Date.parse of the ISO format and of the engine's own
// output (TZ=UTC: the expected output was produced with TZ=UTC), Date.UTC, and the conversions.
var fixed = Date.UTC(2021, 6, 4, 5, 6, 7, 8);
print(fixed, new Date(fixed).getTime(), new Date(new Date(fixed)).getTime(), new Date(String(fixed)).getTime());
print(new Date("2021-07-04").getTime(), new Date("2021-07-04T05:06").getTime(), new Date("2021-07-04T05:06:07.008+02:00").getTime());
print(Date.parse("+275760-09-13T00:00:00.000Z"), Date.parse("+275760-09-13T00:00:00.001Z"), Date.parse("-000000-01-01T00:00:00Z"), Date.parse("-000001-01-01T00:00:00Z"));
print(Date.parse("2021-13-01"), Date.parse("2021-02-30"), Date.parse("2021-02-29"), Date.parse("2021-02-28T24:00"), Date.parse("2021-02-28T24:00:01"));
print(Date.parse(new Date(fixed).toUTCString()) === fixed - 8, Date.parse(new Date(fixed).toISOString()) === fixed, Date.parse(new Date(fixed).toString()) === fixed - 8);
print(Date.parse("Jul 4 2021"), Date.parse("2021/07/04 10:00"), Date.parse("Sun, 04 Jul 2021 05:06:07 GMT"), Date.parse("nonsense"));
print(Date.UTC(), Date.UTC(2020), Date.UTC(2020, 0, 1, 0, 0, 0, 0), Date.UTC(275760, 8, 13), Date.UTC(275760, 8, 13, 0, 0, 0, 1));
print(new Date(8.64e15).toISOString(), new Date(-8.64e15).toISOString(), isNaN(new Date(8.64e15 + 1)), new Date(-0).getTime(), Object.is(new Date(-0).getTime(), 0));
print(new Date(1.9).getTime(), new Date(-1.9).getTime(), new Date(true).getTime(), new Date(null).getTime(), isNaN(new Date(undefined)));
var primitive = { valueOf: function () { return 1000; }, toString: function () { return "2000-01-01T00:00:00Z"; } };
print(new Date(primitive).getTime(), new Date({ [Symbol.toPrimitive]: function () { return "1970-01-01T00:00:01Z"; } }).getTime());
print(typeof Date(), typeof Date(0), Date.length, Date.UTC.length, Date.parse.length, typeof Date.now());
class Later extends Date {
  year() { return this.getUTCFullYear(); }
}
print(new Later(0).year(), new Later(0) instanceof Date, Object.prototype.toString.call(new Later(0)));
var d = new Date(fixed);
print(d.toISOString(), d.toJSON(), JSON.stringify([d]), d.toUTCString(), d.toGMTString === d.toUTCString);
print(new Date(NaN).toJSON(), new Date(Date.UTC(-1, 0)).toISOString(), new Date(Date.UTC(10000, 0)).toISOString(), new Date(Date.UTC(0, 0)).toUTCString());
print(Date.prototype.toJSON.call({ toISOString: function () { return "custom"; } }), Date.prototype.toJSON.call({ valueOf: function () { return Infinity; } }));
try {
  new Date(NaN).toISOString();
} catch (e) {
  print(e.name, e.message);
}
try {
  Date.prototype.getTime.call({});
} catch (e) {
  print(e.name, e.message);
}
print(d[Symbol.toPrimitive]("number"), typeof d[Symbol.toPrimitive]("default"), d[Symbol.toPrimitive]("string") === d.toString(), d - 0 === fixed, typeof (d + 1));
try {
  d[Symbol.toPrimitive]("bogus");
} catch (e) {
  print(e.name);
}
print(d.toLocaleDateString(), d.toLocaleTimeString(), d.toLocaleString(), new Date(Date.UTC(2021, 0, 1, 12)).toLocaleTimeString(), new Date(NaN).toLocaleString());
