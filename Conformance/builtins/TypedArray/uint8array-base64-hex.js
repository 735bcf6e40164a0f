// Uint8Array base64/hex (ES2026 23.3): encoding options, whitespace, padding and lastChunkHandling, partial writes by setFromBase64/setFromHex, receiver and argument checks. Expected output written by hand (node 20 lacks these methods), each line checked against the spec's FromBase64/FromHex algorithms.
function bytes(u8) { return "[" + Array.prototype.join.call(u8, ",") + "]"; }
function attempt(f) { try { return f(); } catch (e) { return e.name; } }
print(Uint8Array.fromBase64.length, Uint8Array.fromHex.length, Uint8Array.prototype.toBase64.length, Uint8Array.prototype.setFromBase64.length);
print(new Uint8Array([72, 101, 108, 108, 111]).toBase64(), new Uint8Array([251, 255]).toBase64(), new Uint8Array([251, 255]).toBase64({ alphabet: "base64url", omitPadding: true }));
print(new Uint8Array([]).toBase64() === "", new Uint8Array([0, 15, 240, 255]).toHex());
print(bytes(Uint8Array.fromBase64(" SGVs\tbG8\n= ")), bytes(Uint8Array.fromBase64("-_8", { alphabet: "base64url" })));
print(attempt(() => Uint8Array.fromBase64("-_8")), attempt(() => Uint8Array.fromBase64("+/8=", { alphabet: "base64url" })));
print(bytes(Uint8Array.fromBase64("SGVsbG8")), attempt(() => Uint8Array.fromBase64("SGVsbG8", { lastChunkHandling: "strict" })));
print(bytes(Uint8Array.fromBase64("SGVsbG8", { lastChunkHandling: "stop-before-partial" })), bytes(Uint8Array.fromBase64("SGVsbG", { lastChunkHandling: "stop-before-partial" })));
print(attempt(() => Uint8Array.fromBase64("SGVsbG9=", { lastChunkHandling: "strict" })), bytes(Uint8Array.fromBase64("SGVsbG9=")));
print(attempt(() => Uint8Array.fromBase64("S")), attempt(() => Uint8Array.fromBase64("SG=")), attempt(() => Uint8Array.fromBase64("SGV=x")), attempt(() => Uint8Array.fromBase64("S===")));
print(attempt(() => Uint8Array.fromBase64(42)), attempt(() => Uint8Array.fromBase64("", { alphabet: "other" })), attempt(() => Uint8Array.fromBase64("", 1)), attempt(() => Uint8Array.fromBase64("", { lastChunkHandling: "none" })));
print(bytes(Uint8Array.fromHex("00ffAb")), attempt(() => Uint8Array.fromHex("abc")), attempt(() => Uint8Array.fromHex("zz")), attempt(() => Uint8Array.fromHex(new String("00"))));
var target = new Uint8Array(4);
var result = target.setFromBase64("SGVsbG8gV29ybGQ=");
print(result.read, result.written, bytes(target), Object.getPrototypeOf(result) === Object.prototype);
target = new Uint8Array(8);
print(attempt(() => target.setFromBase64("SGVsbG8g!!!")), bytes(target));
target = new Uint8Array(5);
print(attempt(() => target.setFromHex("0102zz")), bytes(target));
result = new Uint8Array(2).setFromHex("aabbcc");
print(result.read, result.written);
print(attempt(() => Uint8Array.prototype.toHex.call(new Int8Array(1))), attempt(() => Uint8Array.prototype.toBase64.call([1])));
var buffer = new ArrayBuffer(4);
var detached = new Uint8Array(buffer);
buffer.transfer();
print(attempt(() => detached.toHex()), attempt(() => detached.setFromHex("00")));
var order = [];
new Uint8Array(1).toBase64({ get alphabet() { order.push("alphabet"); return "base64"; }, get omitPadding() { order.push("omitPadding"); return 0; } });
print(order.join());
