// Primitives, boxed primitives, dates, regexps, arguments.
console.log(1, -0, 0, NaN, -Infinity, 1e21, 1.5e-7, 10n, -5n, true, undefined, null);
console.log([undefined, null, "it's", 'say "hi"', Symbol('s'), 10n, -0]);
console.log(['', 'a', 'back\\slash', 'é', '😀', '\u001b[31m']);
console.log(Symbol(), Symbol('desc'), Symbol.iterator, [Symbol.for('reg')]);
console.log(Object(Symbol('s')), new Number(3), new String('ab'), new Boolean(true), Object(1n));
console.log(new Number(-0), new String(''), Object.assign(new Number(1), { x: 2 }), Object.assign(new String('hi'), { y: 1 }));
console.log(new Date(0), new Date(NaN), [new Date(86400000)], Object.assign(new Date(0), { y: 1 }));
console.log(/a/g, [/b+/imsu], Object.assign(/c/, { x: 1 }), new RegExp('/', 'y'));
(function () { console.log(arguments); })(1, 2);
(function () { console.log(arguments); })();
(function () { console.log([arguments]); })('a');
console.log('%o and %O', { a: 1 }, [1]);
console.log('%s|%d|%i|%f|%j', 'str', 42, 3.9, '1.5', { j: 1 });
console.log('top', 'level', 'strings', ['nested']);
