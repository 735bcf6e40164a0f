// Shared by the DOM conformance pages: out(...) appends one line to <pre id=out>, so the
// printed document is the test's output (the same in every browser and in every engine mode).
function out(...values) {
  let pre = document.getElementById('out');
  if (!pre) {
    pre = document.createElement('pre');
    pre.id = 'out';
    (document.body || document.documentElement).append(pre);
  }
  pre.append(values.map(String).join(' ') + '\n');
}
function check(name, f) {
  try {
    out(name + ':', f());
  } catch (e) {
    out(name + ': threw', e && e.name);
  }
}
