// xjs-flags: --timeout-ms=500
// JSON.stringify with a replacer array of length 2^32 - 1 (all holes): the time limit stops the property-list loop (38 s before).
var replacer = [];
replacer.length = 2 ** 32 - 1;
print("start");
JSON.stringify({ a: 1 }, replacer);
