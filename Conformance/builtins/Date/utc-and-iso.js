// Date values that do not depend on the local time zone: UTC fields, ISO strings, time values.
var epoch = new Date(0);
print(epoch.getTime(), epoch.toISOString(), epoch.getUTCFullYear(), epoch.getUTCDay());
var d = new Date(Date.UTC(2024, 1, 29, 12, 30, 45, 123));
print(d.toISOString(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMilliseconds());
print(Date.UTC(2000, 0), Date.UTC(1970, 0, 1, 0, 0, 0, 1), Date.UTC(99, 0), Date.UTC(2024, 12, 1) === Date.UTC(2025, 0, 1));
print(Date.parse("2000-01-01T00:00:00Z"), Date.parse("2000-01-01T00:00:00.500+01:00"), Date.parse("2000-01-01"));
print(isNaN(new Date(NaN)), String(new Date(NaN)), new Date(8.64e15).getTime(), isNaN(new Date(8.64e15 + 1)));
try {
  new Date(NaN).toISOString();
} catch (e) {
  print(e.name);
}
print(new Date(-1).toISOString(), new Date(Date.UTC(-1, 0)).toISOString(), new Date(Date.UTC(10000, 0)).toISOString());
var copy = new Date(d);
copy.setUTCDate(copy.getUTCDate() + 1);
print(copy.toISOString(), d.valueOf() === +d, typeof Date.now(), JSON.stringify({ when: epoch }));
