// console's other methods as node 20 prints them on stdout: count/countReset, group nesting (every line indented), dir (strings quoted), table (rows of objects, primitives as Values, a column filter, a non-object), and util.format's %s %d %i %f %j %O %c %% substitutions.
console.count(); console.count('a'); console.count(); console.countReset(); console.count();
console.group('G'); console.log('inside\nnext line'); console.group(); console.log('deeper', { k: 1 }); console.groupEnd(); console.groupEnd(); console.log('out');
console.groupEnd();
console.log('after an unmatched groupEnd');
console.dir({ a: 1 }); console.dir('str');
console.table([{ a: 1, b: 'x' }, { a: 3 }, 7]);
console.table({ r1: { c: true }, r2: { c: null, d: [1, 2] } });
console.table([{ a: 1, b: 2 }], ['b']);
console.table(5);
console.log('%s is %d years and %i days, %f%%', 'Bob', 42.5, '12.9', '3.25abc');
console.log('%j and %O', { x: [1] }, { y: 2 });
console.log('%c styled', 'color: red', 'extra', 3, { z: 1 });
console.log('%s', 5n, '%d', 7n, '%x');
console.log('%s %s', 'only one');
console.log('no subst', '%s', 1);
console.log('%d %i %f', '0x10', -0, 'abc');
console.dirxml({ a: 1 }, [2]);
