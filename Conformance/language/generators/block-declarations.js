// Generator, async and async generator declarations in blocks are block-scoped everywhere: Annex B's var hoisting applies only to plain functions.
{ function* blockGen() { yield "inside"; } print("in block:", blockGen().next().value); }
print("global code, generator:", typeof blockGen);
{ async function blockAsync() {} }
print("global code, async:", typeof blockAsync);
{ async function* blockAsyncGen() {} }
print("global code, async generator:", typeof blockAsyncGen);
switch (1) { case 1: function* caseGen() {} }
print("switch case:", typeof caseGen);
{ function plainFunction() {} }
print("plain function (Annex B):", typeof plainFunction);
function inFunction() { { function* g() {} } return typeof g; }
print("function code:", inFunction());
function viaDirectEval() { eval("{ function* e() {} async function a() {} }"); return typeof e + " " + typeof a; }
print("direct eval:", viaDirectEval());
print("indirect eval:", (0, eval)("{ function* ie() {} } typeof ie"));
// the block binding shadows an outer var of the same name only inside the block
var shadowed = "outer var";
{ function* shadowed() {} print("inside:", typeof shadowed); }
print("outside:", shadowed);
