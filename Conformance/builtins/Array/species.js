// ArraySpeciesCreate: map/filter/slice/splice/concat/flat build their result with constructor[Symbol.species].
class MyArray extends Array {}
var mine = MyArray.from([1, 2, 3]);
print(mine instanceof MyArray, mine.map(function (x) { return x; }) instanceof MyArray);
print(mine.filter(Boolean) instanceof MyArray, mine.slice(1) instanceof MyArray, mine.splice(0, 1) instanceof MyArray);
print(mine.concat([4]) instanceof MyArray, mine.flat() instanceof MyArray, mine.flatMap(function (x) { return [x]; }) instanceof MyArray);
// The non-copying ES2023 methods always make a plain Array.
print(mine.toReversed() instanceof MyArray, mine.toSorted() instanceof MyArray, mine.with(0, 9).constructor === Array);
var log = [];
function Species(length) {
  log.push("construct " + length);
  this.length = 0;
}
var array = [1, 2, 3];
array.constructor = {};
array.constructor[Symbol.species] = Species;
var mapped = array.map(function (x) { return x * 10; });
print(log.join(), mapped instanceof Species, mapped[0], mapped[2], mapped.length);
// null species means %Array%; undefined constructor means %Array%.
array.constructor[Symbol.species] = null;
print(Array.isArray(array.slice()), Object.getPrototypeOf(array.slice()) === Array.prototype);
array.constructor = undefined;
print(Array.isArray(array.filter(Boolean)));
// A non-object constructor throws; a non-constructor species throws.
array.constructor = 1;
try { array.map(String); } catch (e) { print(e.constructor.name); }
array.constructor = { [Symbol.species]: function () {}.bind() };
print(array.slice().length);
array.constructor = { [Symbol.species]: Math.max };
try { array.concat(); } catch (e) { print(e.constructor.name); }
// Non-arrays ignore constructor entirely.
var arrayLike = { length: 2, 0: "a", 1: "b", constructor: { [Symbol.species]: Species } };
print(Array.isArray(Array.prototype.map.call(arrayLike, function (x) { return x; })));
// A species constructor returning a frozen object makes CreateDataPropertyOrThrow fail.
array.constructor = { [Symbol.species]: function () { return Object.freeze({}); } };
try { array.map(function (x) { return x; }); } catch (e) { print(e.constructor.name); }
