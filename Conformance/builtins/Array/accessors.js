// Non-mutating array methods: slice, concat, join, indexOf/includes, flat, at, and friends.
var a = [1, 2, 3, 4];
print(a.slice(1, 3).join(","), a.slice(-2).join(","), a.slice().length, a.concat([5, [6]], 7).length);
print([1, [2, [3, [4]]]].flat().length, [1, [2, [3, [4]]]].flat(Infinity).join(","), [[1], [2]].flatMap(function (x) { return [x[0], x[0] * 10]; }).join(","));
print([null, undefined, 1].join("-"), [[1, 2], [3]].join(";"), [].join(), [1, 2].toString(), String([1, [2, 3]]));
print([1, 2, 1].indexOf(1), [1, 2, 1].lastIndexOf(1), [1, 2].indexOf(1, 1), [NaN].indexOf(NaN), [NaN].includes(NaN));
print(a.at(0), a.at(-1), a.at(10), Array.prototype.slice.call({ length: 2, 0: "a", 1: "b" }).join(""));
print([3, 1, 2].toSorted().join(""), [1, 2, 3].toReversed().join(""), [1, 2, 3].with(1, 9).join(""), [1, 2, 3, 4].toSpliced(1, 2).join(""));
