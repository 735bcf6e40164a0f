// Direct eval inside a class sees the class's private names; eval in a field initializer may not name `arguments`.
class A {
  #secret = 41;
  reveal() { return eval('this.#secret + 1'); }
  has(o) { return eval('#secret in o'); }
  viaArrow = () => eval('this.#secret');
}
const a = new A();
print(a.reveal(), a.has(a), a.has({}), a.viaArrow());
try { eval('class B { #x; m() { return eval("this.#y"); } } new B().m()'); } catch (e) { print(e.constructor.name); }
try { class C { f = eval('arguments'); } new C(); } catch (e) { print(e.constructor.name); }
try { class D { f = () => eval('arguments'); } new D().f(); } catch (e) { print(e.constructor.name); }
