// console.log shows a promise's state and value as node does.
var rejected = Promise.reject(new RangeError("no").message);
rejected.catch(function () {});
console.log(Promise.resolve(1), new Promise(function () {}), [Promise.resolve("s")], rejected);
console.log({ p: Promise.resolve({ a: 1 }) });
