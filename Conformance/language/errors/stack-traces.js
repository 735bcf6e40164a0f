// Stack trace lines as V8 prints them (expected output: node's). Paths are cut to the file
// name, and each trace ends at `show`, below which node and xjs differ (node's module wrapper).
function show(f) {
  try {
    f();
  } catch (e) {
    print(e.stack);
  }
}
function print(stack) {
  const lines = stack.split("\n");
  const end = lines.findIndex((line) => line.includes("at show"));
  const kept = end < 0 ? lines : lines.slice(0, end);
  console.log(kept.map((line) => line.replace(/(?:[^\s(]*\/)?(stack-traces\.js:\d+:\d+)/, "$1")).join("\n"));
}

class C {
  constructor(fail) {
    if (fail) throw new Error("in constructor");
  }
  method() {
    throw new Error("in method");
  }
  static make() {
    throw new Error("in static method");
  }
}
class D extends C {
  constructor() {
    super(true);
  }
}
const o = {
  method() {
    throw new Error("in object method");
  },
  arrow: () => {
    throw new Error("in arrow");
  },
  named: function inner() {
    throw new Error("called as another name");
  },
};

show(() => new C(true));
show(() => new C().method());
show(() => C.make());
show(() => new D());
show(() => o.method());
show(() => o.arrow());
show(() => o.named());
show(() => o.method.call(new Map()));
show(() => Reflect.apply(o.method, [], []));
function plain() {
  throw new Error("plain call");
}
show(() => plain());
show(() => null.x);
// Native frames: builtins that call back, or throw themselves.
show(() => [1].map(function callback() { throw new Error("in callback"); }));
show(() => [1].map(undefined));
show(() => JSON.parse("{"));
show(() => Array.from([1], () => { throw new Error("in mapper"); }));
show(() => "abc".replace(/b/, () => { throw new Error("in replacer"); }));
show(() => new Map([[1, 1]]).forEach(function each() { throw new Error("in forEach"); }));
// A constructor's position is `new`, not an argument's; a member chain names its line.
show(() => { throw new Error("outer", { cause: new Error("inner") }); });
show(() => {
  const chain = { a: { b: null } };
  return chain.a
    .b
    .c;
});

// Error.captureStackTrace and Error.stackTraceLimit.
function captureHere() {
  const target = { name: "Custom", message: "captured" };
  Error.captureStackTrace(target);
  return target.stack;
}
show(() => print(captureHere()));
function factory() {
  return hidden();
}
function hidden() {
  const target = {};
  Error.captureStackTrace(target, factory);
  return target.stack;
}
show(() => print(factory()));
function recurse(n) {
  if (n === 0) throw new Error("deep");
  recurse(n - 1);
}
Error.stackTraceLimit = 3;
try {
  recurse(10);
} catch (e) {
  print(e.stack);
}
Error.stackTraceLimit = 0;
console.log(JSON.stringify(new Error("no frames").stack));
Error.stackTraceLimit = "none";
console.log(new Error("no stack").stack);
Error.stackTraceLimit = 10;
console.log(typeof Error.captureStackTrace, Object.getOwnPropertyDescriptor(Error, "stackTraceLimit"));
try {
  Error.captureStackTrace(1);
} catch (e) {
  console.log(e.name);
}
