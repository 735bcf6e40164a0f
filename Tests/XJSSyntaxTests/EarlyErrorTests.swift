// Early errors (ES2024 "Static Semantics: Early Errors"), each with its message
// and position, and the valid neighbours that must keep parsing.

import Testing

@testable import XJSSyntax

@Suite struct EarlyErrorTests {
  /// Each source must fail with `message@line:column`.
  func expectErrors(
    _ cases: [(String, String)], strict: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (source, expected) in cases {
      #expect(errorSummary(source, strict: strict) == expected, "source: \(source)", sourceLocation: sourceLocation)
    }
  }

  /// Each source must parse.
  func expectValid(_ sources: [String], strict: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
    for source in sources {
      #expect(errorSummary(source, strict: strict) == "parsed", "source: \(source)", sourceLocation: sourceLocation)
    }
  }

  @Test func redeclarations() {
    expectErrors([
      ("let a; let a;", "Identifier 'a' has already been declared@1:12"),
      ("let a; var a;", "Identifier 'a' has already been declared@1:12"),
      ("var a; let a;", "Identifier 'a' has already been declared@1:12"),
      ("const a = 1; function a() {}", "Identifier 'a' has already been declared@1:23"),
      ("function a() {} let a;", "Identifier 'a' has already been declared@1:21"),
      ("class A {} var A;", "Identifier 'A' has already been declared@1:16"),
      ("let [a, a] = b;", "Identifier 'a' has already been declared@1:9"),
      ("{ let a; { var a; } }", "Identifier 'a' has already been declared@1:16"),
      ("{ function f() {} let f; }", "Identifier 'f' has already been declared@1:23"),
      ("{ function f() {} var f; }", "Identifier 'f' has already been declared@1:23"),
      ("{ async function f() {} function f() {} }", "Identifier 'f' has already been declared@1:34"),
      ("function f(a) { let a; }", "Identifier 'a' has already been declared@1:21"),
      ("switch (0) { case 1: let a; case 2: let a; }", "Identifier 'a' has already been declared@1:41"),
      ("for (let a;;) { var a; }", "Identifier 'a' has already been declared@1:21"),
      ("for (let a of b) { var a; }", "Identifier 'a' has already been declared@1:24"),
      ("try {} catch (e) { let e; }", "Identifier 'e' has already been declared@1:24"),
      ("try {} catch ([e]) { var e; }", "Identifier 'e' has already been declared@1:26"),
      ("try {} catch ([e, e]) {}", "Identifier 'e' has already been declared@1:19"),
      ("try {} catch (e) { function e() {} }", "Identifier 'e' has already been declared@1:29"),
      ("let let = 1;", "let is disallowed as a lexically bound name@1:5"),
      ("for (let let of a);", "let is disallowed as a lexically bound name@1:10"),
      ("const [let] = a;", "let is disallowed as a lexically bound name@1:8"),
    ])
    expectValid([
      "var a; var a;", "function a() {} var a;", "var a; function a() {}",
      "function a() {} function a() {}", "{ let a; } { let a; }", "let a; { let a; }",
      "{ function f() {} function f() {} }", "switch (0) { case 1: function f() {} default: function f() {} }",
      "try {} catch (e) { var e; }", "try {} catch (e) { for (var e of []); }",
      "try {} catch (e) { { let e; } }", "function f(a) { var a; }", "(function f() { let f; })",
      "for (let a;;) { let a; }", "{ var a; } var a;", "{ function f() {} } var f;",
    ])
    // Annex B lets sloppy blocks repeat plain function declarations, not strict ones.
    expectErrors(
      [("{ function f() {} function f() {} }", "Identifier 'f' has already been declared@1:28")], strict: true)
  }

  @Test func strictModeRules() {
    expectErrors(
      [
        ("with (a) {}", "Strict mode code may not include a with statement@1:1"),
        ("010", "Octal literals are not allowed in strict mode@1:1"),
        ("08", "Decimals with leading zeros are not allowed in strict mode@1:1"),
        ("'\\07'", "Octal escape sequences are not allowed in strict mode@1:1"),
        ("'\\8'", "Octal escape sequences are not allowed in strict mode@1:1"),
        ("({ 010: 1 })", "Octal literals are not allowed in strict mode@1:4"),
        ("delete a", "Delete of an unqualified identifier in strict mode@1:8"),
        ("delete (a)", "Delete of an unqualified identifier in strict mode@1:9"),
        ("eval = 1", "Unexpected eval or arguments in strict mode@1:1"),
        ("arguments++", "Unexpected eval or arguments in strict mode@1:1"),
        ("[eval] = a", "Unexpected eval or arguments in strict mode@1:2"),
        ("({eval = 1} = a)", "Unexpected eval or arguments in strict mode@1:3"),
        ("var eval;", "Unexpected eval or arguments in strict mode@1:5"),
        ("function arguments() {}", "Unexpected eval or arguments in strict mode@1:10"),
        ("function f(eval) {}", "Unexpected eval or arguments in strict mode@1:12"),
        ("eval => 1", "Unexpected eval or arguments in strict mode@1:1"),
        ("(eval) => 1", "Unexpected eval or arguments in strict mode@1:2"),
        ("try {} catch (arguments) {}", "Unexpected eval or arguments in strict mode@1:15"),
        ("var implements;", "Unexpected strict mode reserved word@1:5"),
        ("var interface, package;", "Unexpected strict mode reserved word@1:5"),
        ("private = 1", "Unexpected strict mode reserved word@1:1"),
        ("var static;", "Unexpected strict mode reserved word@1:5"),
        ("var yield;", "Unexpected strict mode reserved word@1:5"),
        ("function f(a, a) {}", "Duplicate parameter name not allowed in this context@1:15"),
        (
          "l: function f() {}", "In strict mode code, functions can only be declared at top level or inside a block@1:4"
        ),
        (
          "if (a) function f() {}",
          "In strict mode code, functions can only be declared at top level or inside a block@1:8"
        ),
      ], strict: true)
    // The same code is fine in sloppy mode.
    expectValid([
      "with (a) {}", "010", "08", "'\\07'", "delete a", "eval = 1", "var eval, implements, static, yield;",
      "function f(a, a) {}", "l: function f() {}", "if (a) function f() {} else function g() {}",
    ])
  }

  @Test func useStrictAppliesToWhatCameBefore() {
    expectErrors([
      ("function eval() { 'use strict' }", "Unexpected eval or arguments in strict mode@1:10"),
      ("function f(eval) { 'use strict' }", "Unexpected eval or arguments in strict mode@1:12"),
      ("function f(a, a) { 'use strict' }", "Duplicate parameter name not allowed in this context@1:15"),
      ("function f(interface) { 'use strict' }", "Unexpected strict mode reserved word@1:12"),
      ("function f() { '\\07'; 'use strict'; }", "Octal escape sequences are not allowed in strict mode@1:16"),
      ("'\\07'; 'use strict';", "Octal escape sequences are not allowed in strict mode@1:1"),
      ("'use strict'; 010", "Octal literals are not allowed in strict mode@1:15"),
      ("(eval) => { 'use strict' }", "Unexpected eval or arguments in strict mode@1:2"),
      (
        "function f(a = 1) { 'use strict' }",
        "Illegal 'use strict' directive in function with non-simple parameter list@1:21"
      ),
      ("(a = 1) => { 'use strict' }", "Illegal 'use strict' directive in function with non-simple parameter list@1:14"),
      (
        "({ m({a}) { 'use strict' } })",
        "Illegal 'use strict' directive in function with non-simple parameter list@1:13"
      ),
    ])
  }

  @Test func duplicateParameters() {
    expectErrors([
      ("(a, a) => 1", "Duplicate parameter name not allowed in this context@1:5"),
      ("({ m(a, a) {} })", "Duplicate parameter name not allowed in this context@1:9"),
      ("class C { m(a, a) {} }", "Duplicate parameter name not allowed in this context@1:16"),
      ("function f(a, [a]) {}", "Duplicate parameter name not allowed in this context@1:16"),
      ("function f(a, ...a) {}", "Duplicate parameter name not allowed in this context@1:18"),
      ("function f(a = 1, a) {}", "Duplicate parameter name not allowed in this context@1:19"),
    ])
    expectValid(["function f(a, a) {}", "function* g(a, a) {}", "async function f(a, a) {}", "(function (a, a) {})"])
  }

  @Test func jumpsOutOfPlace() {
    expectErrors([
      ("break;", "Illegal break statement@1:1"),
      ("continue;", "Illegal continue statement: no surrounding iteration statement@1:1"),
      ("return;", "Illegal return statement@1:1"),
      ("switch (0) { case 1: continue; }", "Illegal continue statement: no surrounding iteration statement@1:22"),
      ("l: { continue l; }", "Illegal continue statement: 'l' does not denote an iteration statement@1:6"),
      ("break l;", "Undefined label 'l'@1:7"),
      ("l: while (1) { function f() { break l; } }", "Undefined label 'l'@1:37"),
      ("while (1) { function f() { break; } }", "Illegal break statement@1:28"),
      ("l: l: ;", "Label 'l' has already been declared@1:4"),
      ("l: { l: ; }", "Label 'l' has already been declared@1:6"),
      ("while (1) () => { continue; }", "Illegal continue statement: no surrounding iteration statement@1:19"),
    ])
    expectValid([
      "while (1) break;", "l: { break l; }", "a: b: while (1) continue a;", "l: for (;;) continue l;",
      "switch (0) { case 1: break; }", "l: ; l: ;", "l: { } l: { }", "function f() { return; }",
      "x: while (1) { y: do { continue x; } while (0) }",
    ])
  }

  @Test func superAndNewTarget() {
    expectErrors([
      ("super.x", "'super' keyword unexpected here@1:1"),
      ("function f() { super.x }", "'super' keyword unexpected here@1:16"),
      ("class C { m() { super() } }", "'super' keyword unexpected here@1:17"),
      ("class C { constructor() { super() } }", "'super' keyword unexpected here@1:27"),
      ("class C extends B { x = super() }", "'super' keyword unexpected here@1:25"),
      ("class C extends B { constructor() { function f() { super() } } }", "'super' keyword unexpected here@1:52"),
      ("({ m() { super() } })", "'super' keyword unexpected here@1:10"),
      ("class C extends B { constructor() { new super() } }", "'super' keyword unexpected here@1:41"),
      ("super", "'super' keyword unexpected here@1:1"),
      ("new.target", "new.target expression is not allowed here@1:1"),
      ("() => new.target", "new.target expression is not allowed here@1:7"),
      ("class C extends B { m() { super.#x } }", "Unexpected private field@1:33"),
    ])
    expectValid([
      "({ m() { super.x; super[y]; () => super.z } })",
      "class C extends B { constructor() { super(); () => super(); } m() { super.m() } static s() { super.s } }",
      "class C { x = super.y; static { super.z } }",
      "function f() { new.target; () => new.target }",
      "class C { x = new.target }",
    ])
  }

  @Test func directEvalOptions() {
    var options = ParserOptions()
    options.allowNewTarget = true
    options.allowSuperProperty = true
    #expect(syntaxError("new.target; super.x", options: options) == nil)
    #expect(syntaxError("super()", options: options)?.message == "'super' keyword unexpected here")
    options.allowSuperCall = true
    #expect(syntaxError("super()", options: options) == nil)
    var functionContext = ParserOptions()
    functionContext.isFunctionContext = true
    #expect(syntaxError("new.target", options: functionContext) == nil)
    var fieldEval = ParserOptions()
    fieldEval.isInClassFieldInitializer = true
    #expect(syntaxError("arguments", options: fieldEval)?.message.hasPrefix("'arguments' is not allowed") == true)
    #expect(syntaxError("() => arguments", options: fieldEval) != nil)
    #expect(syntaxError("function f() { arguments }", options: fieldEval) == nil)
    var inClass = ParserOptions()
    inClass.privateNames = ["x"]
    #expect(syntaxError("this.#x; #x in this", options: inClass) == nil)
    #expect(
      syntaxError("this.#y", options: inClass)?.message == "Private field '#y' must be declared in an enclosing class")
    var strictEval = ParserOptions()
    strictEval.isStrict = true
    #expect(syntaxError("with (a) {}", options: strictEval) != nil)
  }

  @Test func yieldAndAwaitRules() {
    expectErrors([
      ("function* g() { var yield; }", "Unexpected identifier 'yield'@1:21"),
      ("function* g(yield) {}", "Unexpected identifier 'yield'@1:13"),
      ("function* g(a = yield) {}", "Yield expression not allowed in formal parameter@1:17"),
      ("function* g() { (a = yield) => 1 }", "Yield expression not allowed in formal parameter@1:22"),
      ("function* g() { (yield) => 1 }", "Yield expression not allowed in formal parameter@1:18"),
      ("(function* yield() {})", "Unexpected identifier 'yield'@1:12"),
      ("function* g() { yi\\u0065ld }", "Keyword must not contain escaped characters@1:17"),
      ("async function f() { var await; }", "Unexpected reserved word@1:26"),
      ("async function f(await) {}", "Unexpected reserved word@1:18"),
      ("async function f(a = await 1) {}", "Illegal await-expression in formal parameters of async function@1:22"),
      (
        "async function f() { (a = await 1) => 1 }",
        "Illegal await-expression in formal parameters of async function@1:27"
      ),
      ("(async function await() {})", "Unexpected reserved word@1:17"),
      ("async function f() { aw\\u0061it x }", "Keyword must not contain escaped characters@1:22"),
      ("function f() { for await (x of y); }", "Unexpected identifier 'await'@1:20"),
      ("async function f() { for await (x in y); }", "Unexpected token 'in'@1:35"),
      ("async function f() { for await (;;); }", "Unexpected token ';'@1:33"),
      (
        "async function f() { await x ** 2 }",
        "Unary operator used immediately before exponentiation expression. Parenthesis must be used to disambiguate operator precedence@1:30"
      ),
      ("class C { static { await; } }", "Unexpected reserved word@1:20"),
      ("class C { static { var await; } }", "Unexpected reserved word@1:24"),
      ("class C { static { (await => 0); } }", "Unexpected reserved word@1:21"),
      (
        "class C { static { arguments; } }",
        "'arguments' is not allowed in class field initializer or static initialization block@1:20"
      ),
      (
        "class C { x = arguments; }",
        "'arguments' is not allowed in class field initializer or static initialization block@1:15"
      ),
      (
        "class C { x = () => arguments; }",
        "'arguments' is not allowed in class field initializer or static initialization block@1:21"
      ),
    ])
    expectValid([
      "function yield() {}",
      "async function await() {}",
      "function* g() { () => yield }", "async function f() { () => await }",
      "class C { static { () => { var await; }; function f() { var await; } } }",
      "class C { x = function () { arguments } }",
    ])
  }

  @Test func classRules() {
    expectErrors([
      ("class C { constructor() {} constructor() {} }", "A class may only have one constructor@1:28"),
      ("class C { get constructor() {} }", "Class constructor may not be an accessor@1:15"),
      ("class C { *constructor() {} }", "Class constructor may not be a generator@1:12"),
      ("class C { async constructor() {} }", "Class constructor may not be an async method@1:17"),
      ("class C { constructor = 1 }", "Classes may not have a field named 'constructor'@1:11"),
      ("class C { 'constructor' }", "Classes may not have a field named 'constructor'@1:11"),
      ("class C { static prototype() {} }", "Classes may not have a static property named 'prototype'@1:18"),
      ("class C { static prototype }", "Classes may not have a static property named 'prototype'@1:18"),
      ("class C { #constructor }", "Classes may not have a private field named '#constructor'@1:11"),
      ("class C { #a; #a; }", "Identifier '#a' has already been declared@1:15"),
      ("class C { #a; get #a() {} }", "Identifier '#a' has already been declared@1:19"),
      ("class C { get #a() {} static set #a(v) {} }", "Identifier '#a' has already been declared@1:34"),
      ("class C { m() { this.#x } }", "Private field '#x' must be declared in an enclosing class@1:22"),
      ("this.#x", "Private field '#x' must be declared in an enclosing class@1:6"),
      ("class C { #x; m() { delete this.#x } }", "Private fields can not be deleted@1:28"),
      ("class C { #x; m() { delete this?.#x } }", "Private fields can not be deleted@1:28"),
      ("class C { #x; m() { #x } }", "Unexpected identifier '#x'@1:21"),
      ("class C { #x; m() { 1 + #x in this } }", "Unexpected identifier '#x'@1:25"),
      ("class C extends B(this.#x) { #x }", "Private field '#x' must be declared in an enclosing class@1:24"),
      ("class let {}", "Unexpected strict mode reserved word@1:7"),
      ("class C { m() { with (a); } }", "Strict mode code may not include a with statement@1:17"),
      ("class C { get m(a) {} }", "Getter must not have any formal parameters@1:11"),
      ("class C { set m() {} }", "Setter must have exactly one formal parameter@1:11"),
      ("class C { set m(...a) {} }", "Setter function argument must not be a rest parameter@1:20"),
      ("class C { x y }", "Unexpected identifier 'y'@1:13"),
      ("class C { get *m() {} }", "Unexpected token '*'@1:15"),
    ])
    expectValid([
      "class C { #a; m() { this.#a; #a in this; } }",
      "class C { m() { this.#later } #later }",
      "class C { get #a() {} set #a(v) {} }",
      "class C { static get #a() {} static set #a(v) {} }",
      "class C { #x; m() { class D { n() { this.#x } } } }",
      "class C { static constructor() {} static 'prototype2' }",
      "class C { ['constructor'] = 1; constructor() {} }",
      "class C { x\n y }",
    ])
  }

  @Test func singleStatementPositions() {
    expectErrors([
      ("if (a) let b;", "Unexpected identifier 'b'@1:12"),
      ("if (a) let [b] = c;", "Lexical declaration cannot appear in a single-statement context@1:8"),
      ("while (a) const b = 1;", "Lexical declaration cannot appear in a single-statement context@1:11"),
      ("if (a) class C {}", "Lexical declaration cannot appear in a single-statement context@1:8"),
      (
        "while (a) function f() {}",
        "In non-strict mode code, functions can only be declared at top level, inside a block, or as the body of an if statement@1:11"
      ),
      ("if (a) function* g() {}", "Generators can only be declared at the top level or inside a block@1:8"),
      ("if (a) async function f() {}", "Async functions can only be declared at the top level or inside a block@1:8"),
      ("while (a) l: function f() {}", "Labelled function declarations are not allowed here@1:14"),
      ("l: function* g() {}", "Generators can only be declared at the top level or inside a block@1:4"),
      ("let [a] = b\nlet [c]", "Missing initializer in destructuring declaration@2:8"),
      ("const a;", "Missing initializer in const declaration@1:8"),
      ("for (const a;;);", "Missing initializer in const declaration@1:13"),
      ("for (let a = 1 of b);", "for-of loop variable declaration may not have an initializer@1:14"),
      ("for (var [a] = 1 in b);", "for-in loop variable declaration may not have an initializer@1:16"),
      ("for (let a, b of c);", "Invalid left-hand side in for-of loop: Must have a single binding@1:6"),
      ("for (let of x);", "Unexpected identifier 'x'@1:13"),
      ("for (let.x of y);", "The left-hand side of a for-of loop may not be 'let'@1:6"),
      ("for (async of x);", "The left-hand side of a for-of loop may not be 'async'@1:6"),
      ("for (a + b in c);", "Invalid left-hand side in for-in loop@1:6"),
    ])
    expectValid([
      "if (a) function f() {}", "l: function f() {}", "l1: l2: function f() {}", "for (var a = 1 in b);",
      "for (let.x in y);",
    ])
    expectErrors(
      [("for (var a = 1 in b);", "for-in loop variable declaration may not have an initializer@1:14")], strict: true)
  }

  @Test func modulesOnlySyntax() {
    expectErrors([
      ("import a from 'b'", "Cannot use import statement outside a module@1:1"),
      ("export var a", "Unexpected token 'export'@1:1"),
      ("import.meta", "Cannot use 'import.meta' outside a module@1:1"),
      ("new import('a')", "Cannot use new with import@1:5"),
      ("enum = 1", "Unexpected reserved word@1:1"),
    ])
    expectValid(["import('a')", "import('a').then(f)"])
  }

  @Test func unexpectedTokenMessages() {
    expectErrors([
      ("a +", "Unexpected end of input@1:4"),
      ("var 1", "Unexpected number@1:5"),
      ("var 'a'", "Unexpected string@1:5"),
      ("var if", "Unexpected token 'if'@1:5"),
      ("a `b`c", "Unexpected identifier 'c'@1:6"),
      ("\\u0069f (a) b", "Keyword must not contain escaped characters@1:1"),
      ("var \\u0069f", "Keyword must not contain escaped characters@1:5"),
      ("({ \\u0069f })", "Keyword must not contain escaped characters@1:4"),
      ("function f() {", "Unexpected end of input@1:15"),
      ("({a: 1", "Unexpected end of input@1:7"),
      ("try {}", "Missing catch or finally after try@1:7"),
      ("switch (a) { default: default: }", "More than one default clause in switch statement@1:23"),
      ("function () {}", "Function statements require a function name@1:10"),
    ])
    expectValid(["({ \\u0069f: 1 }).\\u0069f", "var l\\u0065t", "l\\u0065t\nx"])
  }
}

@Suite struct SyntaxErrorDisplayTests {
  @Test func aShortLineIsShownWholeWithTheCaretUnderTheColumn() throws {
    let error = try #require(syntaxError("let a = 1;\n\tlet b = ;"))
    #expect(error.description == "SyntaxError: Unexpected token ';' at test.js:2:10\n\tlet b = ;\n\t        ^")
  }

  @Test func aLongLineIsCutAroundTheColumn() throws {
    let line = String(repeating: "a + ", count: 300) + "@" + String(repeating: " + b", count: 300)
    let error = try #require(syntaxError(line))
    let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix("...") && lines[1].hasSuffix("..."))
    #expect(lines[1].count == SyntaxError.excerptWidth + 6)
    // The caret still points at the '@'.
    let caretColumn = lines[2].count - 1
    #expect(Array(lines[1])[caretColumn] == "@")
  }
}
