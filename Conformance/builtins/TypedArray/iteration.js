// Typed arrays iterate with the array iterator (ES2024 23.1.5.1: the typed array's own length, read at
// each step): for-of, spread, Array.from, destructuring, entries/keys/values; a view whose length grows
// or shrinks (resizable buffer) is followed by iterators already running.
var ta = new Uint16Array([7, 8, 9]);
var collected = [];
for (var value of ta) collected.push(value);
print(collected.join(), [...ta].length, Array.from(ta).join(), Array.from(ta.entries()).join(" "), [...ta.keys()].join());
var [first, , third] = ta;
print(first, third, Math.max(...ta));
var iterator = ta.values();
print(Object.prototype.toString.call(iterator), iterator.next().value, JSON.stringify(iterator.next()));
var rab = new ArrayBuffer(4, { maxByteLength: 8 });
var tracking = new Uint8Array(rab);
tracking.set([1, 2, 3, 4]);
var growing = [];
for (var x of tracking) {
  growing.push(x);
  if (growing.length === 2) { rab.resize(6); tracking[4] = 5; }
}
print(growing.join(), tracking.length);
var shrinking = [];
for (var y of tracking) {
  shrinking.push(y);
  if (shrinking.length === 2) rab.resize(3);
}
print(shrinking.join(), tracking.length);
var fixedView = new Uint8Array(rab, 0, 3);
var it = fixedView.values();
it.next();
rab.resize(2);
try { it.next(); } catch (e) { print(e.name); }
print(fixedView.length, fixedView.byteLength, fixedView[0], tracking.length);
