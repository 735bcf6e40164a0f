// var is function-scoped: declarations inside blocks and loops are visible in the whole function.
// (catchVar relies on Annex B.3.4: a var in a catch block may redeclare the catch parameter.)
function f() {
  if (false) {
    var neverAssigned = 1;
  }
  for (var i = 0; i < 3; i++) {
    var inLoop = i;
  }
  { var inBlock = "block"; }
  return [typeof neverAssigned, i, inLoop, inBlock].join(" ");
}
print(f());
function redeclare() {
  var a = 1;
  var a;
  return a;
}
print(redeclare());
function catchVar() {
  try {
    throw "e";
  } catch (err) {
    var err = "reassigned";
    var fromCatch = err;
  }
  return [typeof err, fromCatch].join(" ");
}
print(catchVar());
