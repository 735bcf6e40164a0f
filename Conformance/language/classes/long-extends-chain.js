// 1,200 levels of `extends` (3,000 and more run too; gc-stress mode is too slow for them here),
// each constructor calling super(), which re-enters the interpreter natively: it once stopped at 400.
let Base = class {
  constructor() {
    this.depth = 0;
  }
};
for (let i = 0; i < 1200; i++) {
  const Parent = Base;
  Base = class extends Parent {
    constructor() {
      super();
      this.depth++;
    }
  };
}
const instance = new Base();
console.log(instance.depth);
// Implicit constructors forward to super() the same way.
let Implicit = class {
  constructor(value) {
    this.value = value;
  }
};
for (let i = 0; i < 1200; i++) Implicit = class extends Implicit {};
console.log(new Implicit(42).value);
