// Errors: stack first (set to fixed text here: frames differ between engines), then own
// enumerable properties, [cause] and [errors].
function fixed(error, stack) { error.stack = stack; return error; }
console.log(fixed(new Error('plain'), 'Error: plain\n    at f (file.js:1:1)'));
const withCode = fixed(new Error('outer'), 'Error: outer\n    at f (file.js:1:23)\n    at g (file.js:2:1)');
withCode.code = 42;
console.log(withCode);
const inner = fixed(new TypeError('inner'), 'TypeError: inner\n    at f (file.js:1:51)');
const outer = fixed(new Error('outer', { cause: inner }), 'Error: outer\n    at f (file.js:1:23)');
outer.code = 42;
console.log(outer);
console.log(fixed(new Error('just cause', { cause: 'text' }), 'Error: just cause\n    at h (file.js:3:3)'));
const shared = '    at a (file.js:1:1)\n    at b (file.js:2:1)\n    at c (file.js:3:1)\n    at d (file.js:4:1)\n    at e (file.js:5:1)';
const cause = fixed(new Error('cause'), 'Error: cause\n    at x (file.js:9:9)\n' + shared);
console.log(fixed(new Error('top', { cause }), 'Error: top\n    at y (file.js:8:8)\n' + shared));
const aggregate = fixed(new AggregateError([fixed(new Error('one'), 'Error: one\n    at o (file.js:1:1)'), 2], 'many'), 'AggregateError: many\n    at m (file.js:1:1)');
console.log(aggregate);
console.log({ nested: fixed(new RangeError('deep'), 'RangeError: deep\n    at r (file.js:1:1)') });
console.log([fixed(new Error('in array'), 'Error: in array\n    at q (file.js:1:1)')]);
const noStack = new Error('no stack'); delete noStack.stack; console.log(noStack);
const numberStack = new Error('x'); numberStack.stack = 5; console.log(numberStack);
const emptyStack = new TypeError('empty'); emptyStack.stack = ''; console.log(emptyStack);
const frameless = new Error('frameless'); frameless.stack = 'Error: frameless'; frameless.extra = true; console.log(frameless);
class MyError extends Error {}
console.log(fixed(new MyError('mine'), 'Error: mine\n    at z (file.js:1:1)'));
class NamedError extends Error { constructor(m) { super(m); this.name = 'NamedError'; } }
console.log(fixed(new NamedError('named'), 'NamedError: named\n    at n (file.js:1:1)'));
const named = fixed(new Error('msg'), 'Error: msg\n    at k (file.js:1:1)'); named.name = 'Custom'; console.log(named);
const msgProp = fixed(new Error('m'), 'Error: m\n    at k (file.js:1:1)'); Object.defineProperty(msgProp, 'message', { value: 'm', enumerable: true }); console.log(msgProp);
console.log(Object.assign(fixed(new Error('props'), 'Error: props\n    at p (file.js:1:1)'), { a: 1, b: { c: [1, 2] } }));
