// Global declarations: var and function create global object properties; let, const, class do not.
var globalVar = 1;
function globalFunction() {}
let globalLet = 2;
const globalConst = 3;
class GlobalClass {}
var global = this;
print("globalVar" in global, "globalFunction" in global, "globalLet" in global, "globalConst" in global, "GlobalClass" in global);
print(globalLet + globalConst, typeof GlobalClass);
var descriptor = Object.getOwnPropertyDescriptor(global, "globalVar");
print(descriptor.writable, descriptor.enumerable, descriptor.configurable);
print(delete global.globalVar, globalVar);
implicitGlobal = "implicit";
print(Object.getOwnPropertyDescriptor(global, "implicitGlobal").configurable, delete global.implicitGlobal, typeof implicitGlobal);
print(globalThis === global, typeof globalThis);
