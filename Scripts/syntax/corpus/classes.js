// Classes (ES2015 forms esprima knows).
class A {}
class B extends A {
  constructor(x) { super(x); this.x = x }
  method() { return super.method() }
  static staticMethod() {}
  get value() { return this.x }
  set value(v) { this.x = v }
  static get staticValue() { return 1 }
  *generator() { yield 1 }
  async asyncMethod() { await 1 }
  ['computed' + 1]() {}
  'string key'() {}
  42() {}
  static() {}
  get() {}
  set() {}
  async() {}
}
class C extends (condition ? A : B) {}
class D extends mixin(A, B) {}
const E = class extends A { constructor() { super() } }
