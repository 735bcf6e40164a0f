// Date.prototype.toString/toDateString/toTimeString with TZ=UTC (the runner sets it). node prints the zone
// as "(Coordinated Universal Time)" from ICU; xjs prints the C library's abbreviation "(UTC)", which the
// spec leaves to the implementation, so this expectation was written by hand.
var d = new Date(Date.UTC(2021, 6, 4, 5, 6, 7, 8));
print(d.toString());
print(d.toDateString(), "|", d.toTimeString());
print(String(new Date(Date.UTC(-100, 0, 1))), "|", new Date(NaN).toString(), "|", new Date(NaN).toDateString());
print(Date.parse(d.toString()) === Date.UTC(2021, 6, 4, 5, 6, 7), String(d) === d.toString(), `${d}` === d.toString());
