// Map, Set, WeakMap, WeakSet, Promise.
console.log(new Map(), new Set(), new Map([[1, { a: 1 }]]), new Set([1, 'two', [3]]));
console.log(new Map([['a', 1], ['b', 2], [{ k: 1 }, [1, 2]]]));
console.log(new WeakMap(), new WeakSet());
console.log(new Map([[new Map([[1, 2]]), new Set([new Set([1])])]]));
console.log(new Set(Array.from({ length: 120 }, (_, i) => i)));
console.log(new Map(Array.from({ length: 12 }, (_, i) => [i, 'v' + i])));
const m = new Map(); m.set('self', m); console.log(m);
const extra = new Set([1]); extra.note = 'hi'; console.log(extra);
console.log({ deep: { deeper: { map: new Map([[1, 2]]), empty: new Map() } } });
class MyMap extends Map {}
console.log(new MyMap([[1, 2]]));
console.log(Promise.resolve(1), new Promise(() => {}), Promise.resolve({ a: [1] }));
const rejected = Promise.reject(3); rejected.catch(() => {}); console.log(rejected);
const tagged = Promise.resolve(2); tagged.label = 'x'; console.log(tagged);
console.log([Promise.resolve('s')]);
