// shift/unshift/splice on plain arrays (edited in place) agree with the generic steps on holes, inherited elements,
// frozen or fixed-length arrays and array-likes.
function show(array) {
  var parts = [];
  for (var i = 0; i < array.length; i++) parts.push(i in array ? String(array[i]) : "_");
  return parts.join(",") + " (" + array.length + ")";
}
var holey = [1, , 3, , 5];
print(holey.shift(), show(holey), holey.unshift("a", "b"), show(holey));
print(show(holey.splice(1, 3, "x")), show(holey), show(holey.splice(-1, 0, "y", "z")), show(holey));
var trailing = [1, 2, , ];
print(trailing.shift(), show(trailing), trailing.splice(0).length, show(trailing), [].shift(), [].splice(0, 5).length);
// Inherited elements fill holes (the generic path observes the prototype).
Array.prototype[1] = "inherited";
var inheriting = [0, , 2];
print(inheriting.shift(), show(inheriting), inheriting.hasOwnProperty(0));
delete Array.prototype[1];
// Frozen and fixed-length arrays reject the edits.
var frozen = Object.freeze([1, 2, 3]);
for (var edit of [function () { frozen.shift(); }, function () { frozen.unshift(0); }, function () { frozen.splice(0, 1); }]) {
  try { edit(); print("no error"); } catch (e) { print(e.constructor.name, show(frozen)); }
}
var fixed = [1, 2, 3];
Object.defineProperty(fixed, "length", { writable: false });
try { fixed.shift(); } catch (e) { print(e.constructor.name, show(fixed)); }
try { fixed.splice(1, 0, 9); } catch (e) { print(e.constructor.name, show(fixed)); }
// A queue: many shifts and pushes on one array.
var queue = [];
var total = 0;
for (var n = 0; n < 3000; n++) {
  queue.push(n, n + 1);
  total += queue.shift();
}
print(queue.length, total, queue[0], queue[queue.length - 1]);
var big = [];
for (var m = 0; m < 2000; m++) big.push(m);
var removed = big.splice(100, 1500, "a", "b");
print(removed.length, removed[0], removed[1499], big.length, big[99], big[100], big[101], big[102], big[big.length - 1]);
big.unshift.apply(big, removed.slice(0, 10));
print(big.length, big[0], big[9], big[10]);
// Array-likes take the generic path.
var like = { length: 3, 0: "a", 2: "c" };
print(Array.prototype.shift.call(like), like.length, 0 in like, like[1], Array.prototype.unshift.call(like, "z"), like[0], like[2]);
