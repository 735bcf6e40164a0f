// eval(...args) is a direct eval (ES2024 13.3.6.1: the callee is the identifier eval), seeing the caller's scope. Expected output written by hand from the spec and test262 language/expressions/call/eval-spread*.js: node 20 treats a spread eval as indirect.
var x = 'global';
function f() {
  var x = 'local';
  var args = ['x'];
  return [eval(...args), typeof eval(...[]), eval(...'1'), (0, eval)(...args)].join(' ');
}
print(f());
function g() { var alias = eval; var x = 'g-local'; return alias(...['x']); }
print(g());
