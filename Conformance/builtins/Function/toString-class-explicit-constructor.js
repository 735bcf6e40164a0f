// Function.prototype.toString of a class is the class's source text, with or without an explicit constructor (ES2024 15.7.14 step 14.a, 20.2.3.5).
function B() {}
class /* a */ A /* b */ extends B { constructor(x) { super(); } m() {} }
print(A.toString());
var E = class Named { constructor() {} static s() {} };
print(E.toString());
class D { m() {} }
print(D.toString(), "|", D.prototype.m.toString());
