// console.log formats values like node: quoted nested strings, arrays with holes, Map/Set contents, class names, null prototypes, -0, depth limit.
console.log('top-level string', 42, -0, null, undefined, true);
console.log({ a: 1, b: 'x', c: [1, 2, { d: null }], f() {} });
console.log([undefined, , 3], [], {});
console.log(new Map([['a', 1], ['b', { c: 2 }]]), new Set([1, 'two']), new Map());
class Point { constructor() { this.x = 1; this.y = 2; } }
console.log(new Point(), Object.create(null));
console.log({ level1: { level2: { level3: { level4: 1 } } } });
console.log({ [Symbol('k')]: 'v', "it's": "quote's" });
