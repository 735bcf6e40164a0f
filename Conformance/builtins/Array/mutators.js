// Array mutator methods and their return values.
var a = [1, 2, 3];
print(a.push(4, 5), a.pop(), a.shift(), a.unshift(0), a.join(","));
var removed = a.splice(1, 2, "x", "y", "z");
print(removed.join(","), a.join(","), a.splice(-1).join(","), a.splice(1, 0, "ins").length, a.join(","));
print([1, 2, 3].reverse().join(""), [3, 1, 2].sort().join(""), [].pop(), [].shift());
var filled = new Array(3).fill(7);
print(filled.join(","), [1, 2, 3, 4].fill(0, 1, -1).join(","), [1, 2, 3, 4, 5].copyWithin(0, 3).join(","));
var sparse = [1, , 3];
print(sparse.length, 1 in sparse, sparse.join("-"), sparse.indexOf(undefined), sparse.includes(undefined));
