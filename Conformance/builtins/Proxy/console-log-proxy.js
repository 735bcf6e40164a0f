// console.log shows a Proxy as its target without running its traps (as node does); a revoked
// Proxy as <Revoked Proxy>.
const target = { a: 1, nested: [1, 2] };
const traps = { get() { throw new Error("no trap may run"); }, ownKeys() { throw new Error("no trap may run"); } };
console.log(new Proxy(target, traps));
console.log([new Proxy([1, 2, 3], traps)]);
const { proxy, revoke } = Proxy.revocable({}, {});
revoke();
console.log(proxy);
