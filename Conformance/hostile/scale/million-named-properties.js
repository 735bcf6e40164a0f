// 300,000 named properties on one object (the million-property test is million-properties.js, with index keys): added, enumerated with keys and for-in, half deleted, then frozen: each works.
// (The gc-stress mode collects at every allocation and arm64-sim simulates every instruction, so the loops below take seconds there: when 1,000 allocations and 30,000 empty loop iterations take over 15 ms, there are 2,000 properties instead; the output is the same.)
var probeStart = Date.now();
for (var k = 0, junk; k < 1000; k++) junk = [k];
for (var k = 0; k < 30000; k++);
var slowMode = Date.now() - probeStart > 15;
var named = slowMode ? 2000 : 300000;
var p = {};
for (var i = 0; i < named; i++) p["k" + i] = i;
print("named properties", Object.keys(p).length === named, p["k" + (named - 1)] === named - 1, p.k0);
var count = 0;
for (var key in p) count++;
print("for-in", count === named);
for (var i = 0; i < named; i += 2) delete p["k" + i];
print("after deleting half", Object.keys(p).length === named / 2, "k0" in p, p.k1);
Object.freeze(p);
print("frozen", Object.isFrozen(p), Reflect.set(p, "k1", 5), p.k1);
