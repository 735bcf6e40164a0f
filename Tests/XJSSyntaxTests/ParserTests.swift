// The parser: tree shapes for every construct, operator precedence and
// associativity, automatic semicolon insertion, and the cover grammars.

import Testing

@testable import XJSSyntax

@Suite struct PrecedenceTests {
  @Test func arithmeticAndAssociativity() throws {
    #expect(try sexpr("a + b * c") == "(+ a (* b c))")
    #expect(try sexpr("a * b + c") == "(+ (* a b) c)")
    #expect(try sexpr("a - b - c") == "(- (- a b) c)")
    #expect(try sexpr("a / b % c") == "(% (/ a b) c)")
    #expect(try sexpr("(a + b) * c") == "(* (+ a b) c)")
    #expect(try sexpr("a ** b ** c") == "(** a (** b c))")
    #expect(try sexpr("(-a) ** b") == "(** (- a) b)")
    #expect(try sexpr("a ** -b") == "(** a (- b))")
    #expect(try sexpr("++a ** b") == "(** (++pre a) b)")
    #expect(try sexpr("a++ ** b") == "(** (post++ a) b)")
    #expect(try sexpr("2 * a ** b") == "(* 2 (** a b))")
  }

  @Test func shiftsComparisonsAndBitwise() throws {
    #expect(try sexpr("a << b + c") == "(<< a (+ b c))")
    #expect(try sexpr("a < b << c") == "(< a (<< b c))")
    #expect(try sexpr("a == b < c") == "(== a (< b c))")
    #expect(try sexpr("a & b == c") == "(& a (== b c))")
    #expect(try sexpr("a ^ b & c") == "(^ a (& b c))")
    #expect(try sexpr("a | b ^ c") == "(| a (^ b c))")
    #expect(try sexpr("a && b | c") == "(&& a (| b c))")
    #expect(try sexpr("a || b && c") == "(|| a (&& b c))")
    #expect(try sexpr("a in b instanceof c") == "(instanceof (in a b) c)")
    #expect(try sexpr("a >>> b >> c") == "(>> (>>> a b) c)")
    #expect(try sexpr("a !== b === c != d") == "(!= (=== (!== a b) c) d)")
  }

  @Test func nullishCoalescing() throws {
    #expect(try sexpr("a ?? b ?? c") == "(?? (?? a b) c)")
    #expect(try sexpr("(a || b) ?? c") == "(?? (|| a b) c)")
    #expect(try sexpr("a ?? (b && c)") == "(?? a (&& b c))")
    #expect(try sexpr("a ?? b | c") == "(?? a (| b c))")
    #expect(errorSummary("a ?? b || c") == "Unexpected token '??'@1:3")
    #expect(errorSummary("a || b ?? c") == "Unexpected token '??'@1:8")
    #expect(errorSummary("a && b ?? c") == "Unexpected token '??'@1:8")
    #expect(errorSummary("a ?? b && c") == "Unexpected token '??'@1:3")
  }

  @Test func conditionalAndAssignment() throws {
    #expect(try sexpr("a ? b : c ? d : e") == "(? a b (? c d e))")
    #expect(try sexpr("a ? b = 1 : c") == "(? a (= b 1) c)")
    #expect(try sexpr("a = b = c") == "(= a (= b c))")
    #expect(try sexpr("a += b -= c") == "(+= a (-= b c))")
    #expect(try sexpr("a ||= b &&= c ??= d") == "(||= a (&&= b (??= c d)))")
    #expect(try sexpr("a **= 2") == "(**= a 2)")
    #expect(try sexpr("a >>>= 1") == "(>>>= a 1)")
    #expect(try sexpr("a = b ? c : d") == "(= a (? b c d))")
    #expect(try sexpr("a, b = c, d") == "(, a (= b c) d)")
  }

  @Test func unaryAndUpdate() throws {
    #expect(try sexpr("!-~+a") == "(! (- (~ (+ a))))")
    #expect(try sexpr("typeof void delete a.b") == "(typeof (void (delete (. a b))))")
    #expect(try sexpr("- -a") == "(- (- a))")
    #expect(try sexpr("a++ + ++b") == "(+ (post++ a) (++pre b))")
    #expect(try sexpr("a-- - --b") == "(- (post-- a) (--pre b))")
    #expect(try sexpr("a.b++") == "(post++ (. a b))")
    #expect(try sexpr("++a[0]") == "(++pre ([] a 0))")
  }

  @Test func memberCallAndNew() throws {
    #expect(try sexpr("a.b.c") == "(. (. a b) c)")
    #expect(try sexpr("a[b][c]") == "([] ([] a b) c)")
    #expect(try sexpr("a.b(c)(d)") == "(call (call (. a b) c) d)")
    #expect(try sexpr("a(...b, c)") == "(call a ...b c)")
    #expect(try sexpr("a(b,)") == "(call a b)")
    #expect(try sexpr("new a") == "(new a)")
    #expect(try sexpr("new a.b(c)") == "(new (. a b) c)")
    #expect(try sexpr("new a().b") == "(. (new a) b)")
    #expect(try sexpr("new new a()()") == "(new (new a))")
    #expect(try sexpr("new a.b.c") == "(new (. (. a b) c))")
    #expect(try sexpr("new (a())") == "(new (call a))")
    #expect(try sexpr("new a()()") == "(call (new a))")
    #expect(try sexpr("a.if.class.new") == "(. (. (. a if) class) new)")
    #expect(try sexpr("a.\\u0069f") == "(. a if)")
  }

  @Test func optionalChains() throws {
    #expect(try sexpr("a?.b") == "(chain (?. a b))")
    #expect(try sexpr("a?.b.c") == "(chain (. (?. a b) c))")
    #expect(try sexpr("a?.[b]?.(c)") == "(chain (?.call (?.[] a b) c))")
    #expect(try sexpr("(a?.b).c") == "(. (chain (?. a b)) c)")
    #expect(try sexpr("a?.b()") == "(chain (call (?. a b)))")
    #expect(try sexpr("a ?.5:1") == "(? a 0.5 1)")
    #expect(errorSummary("a?.b`t`") == "Invalid tagged template on optional chain@1:5")
    #expect(errorSummary("a?.`t`") == "Invalid tagged template on optional chain@1:4")
    #expect(errorSummary("new a?.b()") == "Invalid optional chain from new expression@1:6")
  }
}

@Suite struct PrimaryExpressionTests {
  @Test func literals() throws {
    #expect(try sexpr("[1, , 2, ...a, ]") == "[1 _ 2 ...a]")
    #expect(try sexpr("[,]") == "[_]")
    #expect(try sexpr("[, ,]") == "[_ _]")
    #expect(try sexpr("this") == "this")
    #expect(try sexpr("null") == "null")
    #expect(try sexpr("true") == "true")
    #expect(try sexpr("'a' + \"b\"") == #"(+ "a" "b")"#)
    #expect(try sexpr("10n") == "10n")
  }

  @Test func objectLiterals() throws {
    #expect(try sexpr("({a, b: 1, [c]: 2, 'd': 3, 4: 5, ...e})") == #"{a b:1 [c]:2 "d":3 4:5 ...e}"#)
    #expect(
      try sexpr("({get a() {}, set a(v) {}, b() {}, *c() {}, async d() {}, async *e() {}})")
        == "{getter(a) setter(a) method(b) method(c) method(d) method(e)}")
    #expect(try sexpr("({get, set, async, static: 1})") == "{get set async static:1}")
    #expect(try sexpr("({get() {}, set: 1, async() {}})") == "{method(get) set:1 method(async)}")
    #expect(try sexpr("({if: 1, class: 2, null: 3})") == "{if:1 class:2 null:3}")
    #expect(try sexpr("({__proto__: a, b})") == "{__proto__=a b}")
    #expect(try sexpr("({'__proto__': a})") == "{__proto__=a}")
    #expect(try sexpr("({['__proto__']: a, __proto__})") == #"{["__proto__"]:a __proto__}"#)
    #expect(try sexpr("({__proto__() {}})") == "{method(__proto__)}")
  }

  @Test func regularExpressionsAndDivision() throws {
    #expect(try sexpr("/ab+c/gi") == "/ab+c/gi")
    #expect(try sexpr("a / b / c") == "(/ (/ a b) c)")
    #expect(try sexpr("/[/]/") == "/[/]/")
    #expect(try sexpr("/=/") == "/=/")
    #expect(try sexpr("a /= /=/") == "(/= a /=/)")
    #expect(try sexpr("(a) / 2") == "(/ a 2)")
    #expect(try sexpr("x = y / z / w") == "(= x (/ (/ y z) w))")
    #expect(try sexpr("[/a/, {} / 1]") == "[/a/ (/ {} 1)]")
    #expect(errorSummary("/a") == "Invalid regular expression: missing /@1:1")
    #expect(errorSummary("/a\n/") == "Invalid regular expression: missing /@1:1")
    #expect(errorSummary("/a/gg") == "Invalid regular expression flags@1:4")
    #expect(errorSummary("/a/x") == "Invalid regular expression flags@1:4")
    #expect(errorSummary("/a/uv") == "Invalid regular expression flags@1:4")
    #expect(errorSummary("/a/\\u0067") == "Invalid regular expression flags@1:4")
    #expect(try sexpr("/a/dgimsuy") == "/a/dgimsuy")
  }

  @Test func regularExpressionValidatorHook() throws {
    var options = ParserOptions()
    options.validateRegExp = { pattern, flags in
      pattern == Array("(".utf16) ? "Unterminated group" : nil
    }
    #expect(syntaxError("/a/", options: options) == nil)
    #expect(
      syntaxError("x = /(/u", options: options)?.message
        == "Invalid regular expression: /(/u: Unterminated group")
  }

  @Test func templates() throws {
    #expect(try sexpr("`a${b}c${d}e`") == #"(template "a" b "c" d "e")"#)
    #expect(try sexpr("``") == #"(template "")"#)
    #expect(try sexpr("`${a}`") == #"(template "" a "")"#)
    #expect(try sexpr("`a${`b${c}`}`") == #"(template "a" (template "b" c "") "")"#)
    #expect(try sexpr("tag`a${b}`") == #"(tag tag "a" b "")"#)
    #expect(try sexpr("a.b`c`") == #"(tag (. a b) "c")"#)
    #expect(try sexpr("`\\n\\u0041`") == #"(template "\nA")"#)
    #expect(try sexpr("tag`\\unicode`") == "(tag tag undefined)")
    #expect(errorSummary("`\\unicode`") == "Invalid Unicode escape sequence@1:2")
    #expect(errorSummary("`\\01`") == "Octal escape sequences are not allowed in template strings@1:2")
    #expect(errorSummary("`\\8`") == "Octal escape sequences are not allowed in template strings@1:2")
    #expect(errorSummary("`a${b`") == "Unterminated template literal@1:6")
    #expect(errorSummary("`a${}`") == "Unexpected token '}'@1:5")
  }

  @Test func templateRawValues() throws {
    let program = try parse("t`a\\nb\r\nc\rd\\\r\ne`")
    guard case .expression(let expression) = program.body[0].kind,
      case .taggedTemplate(_, let quasi) = expression.kind
    else {
      Issue.record("expected a tagged template")
      return
    }
    #expect(quasi.quasis[0].raw == Array("a\\nb\nc\nd\\\ne".utf16))
    #expect(quasi.quasis[0].cooked == Array("a\nb\nc\nde".utf16))
  }
}

@Suite struct ArrowAndCoverTests {
  @Test func arrowFunctions() throws {
    #expect(try sexpr("x => x") == "(=> (x) x)")
    #expect(try sexpr("(x) => x") == "(=> (x) x)")
    #expect(try sexpr("() => 1") == "(=> () 1)")
    #expect(try sexpr("(a, b) => a + b") == "(=> (a b) (+ a b))")
    #expect(try sexpr("(a = 1, {b}, [c], ...d) => 0") == "(=> ((= a 1) {b} [c] ...d) 0)")
    #expect(try sexpr("(a,) => 0") == "(=> (a) 0)")
    #expect(try sexpr("() => {}") == "(=> () {0})")
    #expect(try sexpr("a => b => c") == "(=> (a) (=> (b) c))")
    #expect(try sexpr("x = () => y, z") == "(, (= x (=> () y)) z)")
    #expect(try sexpr("a ? () => b : c => d") == "(? a (=> () b) (=> (c) d))")
    #expect(try sexpr("({a = 1}) => a") == "(=> ({a=1}) a)")
    #expect(try sexpr("([a, {b: [c]}]) => a") == "(=> ([a {b:[c]}]) a)")
  }

  @Test func asyncArrowsAndCalls() throws {
    #expect(try sexpr("async x => x") == "(=> async (x) x)")
    #expect(try sexpr("async (x, y) => x") == "(=> async (x y) x)")
    #expect(try sexpr("async () => await 1") == "(=> async () (await 1))")
    #expect(try sexpr("async (...a) => a") == "(=> async (...a) a)")
    #expect(try sexpr("async(x, y)") == "(call async x y)")
    #expect(try sexpr("async\n(x)") == "(call async x)")
    #expect(try sexpr("async") == "async")
    #expect(try sexpr("async => async") == "(=> (async) async)")
    #expect(try sexpr("async(async)") == "(call async async)")
    #expect(try sexpr("new async()") == "(new async)")
    #expect(try sexpr("(async function() {})") == "(function async)")
    #expect(errorSummary("async (x)\n=> x") == "Unexpected token '=>'@2:1")
    #expect(errorSummary("async x\n=> x") == "Unexpected token '=>'@2:1")
    #expect(errorSummary("async (await) => 1") == "Unexpected reserved word@1:8")
    #expect(errorSummary("async await => 1") == "Unexpected reserved word@1:7")
    #expect(errorSummary("async (...a, b) => 1") == "Rest parameter must be last formal parameter@1:11")
  }

  @Test func invalidArrowParameters() {
    #expect(errorSummary("(a + b) => 1") == "Invalid destructuring assignment target@1:2")
    #expect(errorSummary("((a)) => 1") == "Invalid destructuring assignment target@1:2")
    #expect(errorSummary("(a, (b)) => 1") == "Invalid destructuring assignment target@1:5")
    #expect(errorSummary("([a.b]) => 1") == "Invalid destructuring assignment target@1:3")
    #expect(errorSummary("(...a, b) => 1") == "Rest parameter must be last formal parameter@1:6")
    #expect(errorSummary("(...a = 1) => 1") == "Rest parameter may not have a default initializer@1:7")
    #expect(errorSummary("([...a, ]) => 1") == "Rest element must be last element@1:7")
    #expect(errorSummary("(a, a) => 1") == "Duplicate parameter name not allowed in this context@1:5")
    #expect(errorSummary("()") == "Unexpected token ')'@1:2")
    #expect(errorSummary("(a,)") == "Unexpected token ')'@1:4")
    #expect(errorSummary("(...a)") == "Unexpected token '...'@1:2")
    #expect(errorSummary("x\n=> 1") == "Unexpected token '=>'@2:1")
    #expect(errorSummary("a + b => 1") == "Malformed arrow function parameter list@1:1")
    #expect(errorSummary("() => {} + 1") == "Unexpected token '+'@1:10")
    #expect(errorSummary("f(a) => 1") == "Malformed arrow function parameter list@1:1")
  }

  @Test func destructuringAssignment() throws {
    #expect(try sexpr("[a, b] = c") == "(= [a b] c)")
    #expect(try sexpr("[a, , b = 1, ...c] = d") == "(= [a _ b=1 ...c] d)")
    #expect(try sexpr("({a, b: c.d, e: f[0], g = 1, ...h} = i)") == "(= {a b:(. c d) e:([] f 0) g=1 ...h} i)")
    #expect(try sexpr("[a.b, [c], {d}] = e") == "(= [(. a b) [c] {d}] e)")
    #expect(try sexpr("({a: [b] = c} = d)") == "(= {a:[b]=c} d)")
    #expect(try sexpr("[(a), (b.c)] = d") == "(= [a (. b c)] d)")
    #expect(try sexpr("({__proto__: a, __proto__: b} = c)") == "(= {__proto__:a __proto__:b} c)")
    #expect(try sexpr("(a) = 1") == "(= a 1)")
    #expect(try sexpr("[x = y = 1] = z") == "(= [x=(= y 1)] z)")
  }

  @Test func invalidAssignmentTargets() {
    #expect(errorSummary("1 = 2") == "Invalid left-hand side in assignment@1:1")
    #expect(errorSummary("a + b = c") == "Invalid left-hand side in assignment@1:1")
    #expect(errorSummary("++a()", strict: true) == "Invalid left-hand side expression in prefix operation@1:3")
    #expect(errorSummary("a()++", strict: true) == "Invalid left-hand side expression in postfix operation@1:1")
    #expect(errorSummary("a() = 1", strict: true) == "Invalid left-hand side in assignment@1:1")
    #expect(errorSummary("a() &&= 1") == "Invalid left-hand side in assignment@1:1")
    #expect(errorSummary("a?.b = 1") == "Invalid left-hand side in assignment@1:1")
    #expect(errorSummary("({a}) = 1") == "Invalid left-hand side in assignment@1:2")
    #expect(errorSummary("([a]) = 1") == "Invalid left-hand side in assignment@1:2")
    #expect(errorSummary("[(a = 1)] = 2") == "Invalid destructuring assignment target@1:3")
    #expect(errorSummary("[({a})] = 1") == "Invalid destructuring assignment target@1:3")
    #expect(errorSummary("({a() {}} = 1)") == "Invalid destructuring assignment target@1:3")
    #expect(errorSummary("[...a, b] = c") == "Rest element must be last element@1:6")
    #expect(errorSummary("[...a,] = c") == "Rest element must be last element@1:6")
    #expect(
      errorSummary("({...{a}} = c)") == "`...` must be followed by an assignable reference in assignment contexts@1:6")
    #expect(errorSummary("({a = 1})") == "Invalid shorthand property initializer@1:5")
    #expect(errorSummary("({a = 1}).b = 2") == "Invalid shorthand property initializer@1:5")
    #expect(
      errorSummary("({__proto__: a, __proto__: b})")
        == "Duplicate __proto__ fields are not allowed in object literals@1:17")
    #expect(errorSummary("a + {b = 1}") == "Invalid shorthand property initializer@1:8")
    #expect(errorSummary("[a] += 1") == "Invalid left-hand side in assignment@1:1")
  }

  @Test func annexBCallExpressionTargetsInSloppyCode() throws {
    // Annex B: a ReferenceError at run time, not an early error, in sloppy code.
    #expect(try sexpr("f() = 1") == "(= (call f) 1)")
    #expect(try sexpr("f() += 1") == "(+= (call f) 1)")
    #expect(try sexpr("f()++") == "(post++ (call f))")
    #expect(errorSummary("[f()] = 1") == "Invalid destructuring assignment target@1:2")
    #expect(errorSummary("f()`` = 1") == "Invalid left-hand side in assignment@1:1")
  }
}

@Suite struct StatementTests {
  func statementKinds(_ source: String) throws -> [String] {
    try parse(source).body.map { statement in
      switch statement.kind {
      case .variableDeclaration(let declaration): return declaration.kind.rawValue
      case .functionDeclaration: return "function"
      case .classDeclaration: return "class"
      case .expression(let expression): return render(expression)
      case .block: return "block"
      case .empty: return "empty"
      case .debugger: return "debugger"
      case .if: return "if"
      case .for: return "for"
      case .forIn: return "for-in"
      case .forOf: return "for-of"
      case .while: return "while"
      case .doWhile: return "do-while"
      case .continue(let label): return "continue" + (label.map { " " + $0 } ?? "")
      case .break(let label): return "break" + (label.map { " " + $0 } ?? "")
      case .return: return "return"
      case .throw: return "throw"
      case .with: return "with"
      case .switch: return "switch"
      case .labeled(let label, _): return "label " + label
      case .try: return "try"
      case .importDeclaration: return "import"
      case .exportDeclaration: return "export"
      }
    }
  }

  @Test func everyStatementForm() throws {
    let source = """
      var a; let b; const c = 1; function d() {} class E {}
      a; {} ; debugger; if (a) b; else c;
      for (;;) break; for (x in y); for (x of y); while (0); do ; while (0)
      with (a) b; switch (a) { case 1: default: } l: a; try {} catch {} throw a
      """
    #expect(
      try statementKinds(source) == [
        "var", "let", "const", "function", "class", "a", "block", "empty", "debugger", "if",
        "for", "for-in", "for-of", "while", "do-while", "with", "switch", "label l", "try",
        "throw",
      ])
  }

  @Test func automaticSemicolonInsertion() throws {
    #expect(try statementKinds("a\nb") == ["a", "b"])
    #expect(try statementKinds("a\n++b") == ["a", "(++pre b)"])
    #expect(try statementKinds("a\n(b)") == ["(call a b)"])
    #expect(try statementKinds("a\n[b]") == ["([] a b)"])
    #expect(try statementKinds("a = b\n/c/g.exec(d)") == ["(= a (/ (/ b c) (call (. g exec) d)))"])
    #expect(try statementKinds("do x; while (0) y") == ["do-while", "y"])
    #expect(try statementKinds("{ a } b") == ["block", "b"])
    #expect(try statementKinds("a /* \n */ b") == ["a", "b"])
    #expect(try statementKinds("x\n--> comment\ny") == ["x", "y"])
    #expect(errorSummary("a b") == "Unexpected identifier 'b'@1:3")
    #expect(errorSummary("a /* */ b") == "Unexpected identifier 'b'@1:9")
    #expect(errorSummary("for (a\nb\nc) ;") == "Unexpected identifier 'b'@2:1")
  }

  @Test func restrictedProductions() throws {
    let program = try parse("function f() { return\n1 }")
    guard case .functionDeclaration(let function) = program.body[0].kind,
      case .block(let body) = function.body
    else {
      Issue.record("expected a function")
      return
    }
    #expect(body.count == 2)
    if case .return(let argument) = body[0].kind { #expect(argument == nil) }
    #expect(try statementKinds("a\n++\nb") == ["a", "(++pre b)"])
    #expect(try statementKinds("l: for (;;) { break\nl }").count == 1)
    #expect(errorSummary("throw\n1") == "Illegal newline after throw@2:1")
  }

  @Test func letAsIdentifierInSloppyCode() throws {
    #expect(try statementKinds("let = 1") == ["(= let 1)"])
    #expect(try statementKinds("let\nx = 1") == ["let"])
    #expect(try statementKinds("let.x") == ["(. let x)"])
    #expect(try statementKinds("let: 1") == ["label let"])
    #expect(try statementKinds("for (let in x);") == ["for-in"])
    #expect(try statementKinds("if (a) let\nx") == ["if", "x"])
    #expect(errorSummary("let = 1", strict: true) == "Unexpected strict mode reserved word@1:1")
  }

  @Test func yieldAndAwaitAsIdentifiers() throws {
    #expect(try statementKinds("yield = 1; await = 2; var yield, await") == ["(= yield 1)", "(= await 2)", "var"])
    #expect(try statementKinds("function* g() { yield\n1 }") == ["function"])
    #expect(try statementKinds("async function f() { await\n1 }") == ["function"])
  }

  @Test func forStatementHeads() throws {
    #expect(try statementKinds("for (var i = 0, j; i < 1; i++);") == ["for"])
    #expect(try statementKinds("for (let [a, b] of c);") == ["for-of"])
    #expect(try statementKinds("for (const {a} in b);") == ["for-in"])
    #expect(try statementKinds("for ([a, b] of c);") == ["for-of"])
    #expect(try statementKinds("for (a.b in c);") == ["for-in"])
    #expect(try statementKinds("for (var a = 1 in b);") == ["for-in"])
    #expect(errorSummary("for (x of y, z);") == "Unexpected token ','@1:12")
    #expect(try statementKinds("for (async of => {};;);") == ["for"])
    #expect(try statementKinds("async function f() { for await (async of x); }") == ["function"])
    #expect(try statementKinds("for ((a in b);;);") == ["for"])
    // The arrow's concise body has no `in` in a for head, so `in y` makes a for-in
    // whose target (an arrow) is invalid.
    #expect(errorSummary("for (x => x in y;;);") == "Invalid left-hand side in for-in loop@1:6")
  }
}

@Suite struct FunctionAndClassTests {
  @Test func functionShapes() throws {
    let program = try parse("function f(a, b = 1, {c}, ...d) { 'use'; return a }")
    guard case .functionDeclaration(let function) = program.body[0].kind else {
      Issue.record("expected a function declaration")
      return
    }
    #expect(function.name?.name == "f")
    #expect(function.parameters.map(render) == ["a", "(= b 1)", "{c}"])
    #expect(function.restParameter.map(render) == "d")
    #expect(function.expectedArgumentCount == 1)
    #expect(!function.hasSimpleParameterList)
    #expect(function.range == SourceRange(0, 51))
    #expect(
      errorSummary("function f(a, b = 1) { 'use strict' }")
        == "Illegal 'use strict' directive in function with non-simple parameter list@1:24")
  }

  @Test func strictnessOfFunctions() throws {
    let program = try parse("function f() { 'use strict'; } function g() {}")
    guard case .functionDeclaration(let f) = program.body[0].kind,
      case .functionDeclaration(let g) = program.body[1].kind
    else {
      Issue.record("expected functions")
      return
    }
    #expect(f.isStrict && f.hasUseStrictDirective)
    #expect(!g.isStrict && !g.hasUseStrictDirective)
    #expect(try parse("'use strict'").isStrict)
    #expect(try !parse("'use\\x20strict'").isStrict)
    #expect(try !parse("('use strict')").isStrict)
    #expect(try !parse("a; 'use strict'").isStrict)
    #expect(try parse("'a'; 'use strict'").isStrict)
  }

  @Test func generatorsAndAsync() throws {
    #expect(try sexpr("(function* g() {})") == "(function * g)")
    #expect(try sexpr("(async function* g() {})") == "(function async * g)")
    let program = try parse("function* g() { yield; yield a; yield* b; x = yield }")
    guard case .functionDeclaration(let function) = program.body[0].kind,
      case .block(let body) = function.body
    else {
      Issue.record("expected a generator")
      return
    }
    let rendered = body.compactMap { statement -> String? in
      if case .expression(let expression) = statement.kind { return render(expression) }
      return nil
    }
    #expect(rendered == ["(yield)", "(yield a)", "(yield* b)", "(= x (yield))"])
  }

  @Test func classShapes() throws {
    let program = try parse(
      """
      class C extends B {
        #p = 1; static s; q;
        constructor() { super(); }
        get g() { return this.#p; }
        set g(v) {}
        static m() {}
        *gen() {}
        async am() {}
        [k]() {}
        static { this.s = 1; }
        #priv() { return #p in this; }
        'constructor2'() {}
      }
      """)
    guard case .classDeclaration(let node) = program.body[0].kind else {
      Issue.record("expected a class")
      return
    }
    #expect(node.name?.name == "C")
    #expect(node.superClass.map(render) == "B")
    #expect(node.constructor?.kind == .derivedClassConstructor)
    let members = node.members.map { member -> String in
      let prefix = member.isStatic ? "static " : ""
      switch member.kind {
      case .method(let key, let function, let kind): return "\(prefix)\(kind) \(render(key)) \(function.kind)"
      case .field(let key, let initializer):
        return "\(prefix)field \(render(key))\(initializer.map { "=" + render($0) } ?? "")"
      case .staticBlock: return "static block"
      }
    }
    #expect(
      members == [
        "field #p=1", "static field s", "field q", "getter g getter", "setter g setter",
        "static method m method", "method gen method", "method am method", "method [k] method",
        "static block", "method #priv method", "method \"constructor2\" method",
      ])
  }

  @Test func classElementNamesThatLookLikeModifiers() throws {
    let program = try parse("class C { static; get; set = 1; async\n x() {} static static() {} get\n a() {} }")
    guard case .classDeclaration(let node) = program.body[0].kind else {
      Issue.record("expected a class")
      return
    }
    let names = node.members.map { member -> String in
      switch member.kind {
      case .method(let key, _, let kind): return "\(member.isStatic ? "static " : "")\(kind) \(render(key))"
      case .field(let key, _): return "field \(render(key))"
      case .staticBlock: return "block"
      }
    }
    #expect(
      names == [
        "field static", "field get", "field set", "field async", "method x", "static method static", "getter a",
      ])
  }
}

@Suite struct DynamicFunctionTests {
  @Test func parametersAndBodyParseSeparately() throws {
    let result = try parseFunctionForConstructor(
      parameters: Array("a, b".utf16), body: Array("return a + b".utf16), kind: .normal,
      sourceName: "anonymous")
    #expect(result.source.string(in: result.function.range) == "function anonymous(a, b\n) {\nreturn a + b\n}")
    #expect(result.function.name == nil)
    #expect(result.function.parameters.count == 2)
    // The parameter text cannot close the list and open the body.
    #expect(throws: SyntaxError.self) {
      try parseFunctionForConstructor(
        parameters: Array("/*".utf16), body: Array("*/){".utf16), kind: .normal, sourceName: "f")
    }
    #expect(throws: SyntaxError.self) {
      try parseFunctionForConstructor(
        parameters: Array("a) { return 1; } (function(".utf16), body: [], kind: .normal, sourceName: "f")
    }
    #expect(throws: SyntaxError.self) {
      try parseFunctionForConstructor(
        parameters: [], body: Array("} function g() {".utf16), kind: .normal, sourceName: "f")
    }
  }

  @Test func generatorAndAsyncKinds() throws {
    let generator = try parseFunctionForConstructor(
      parameters: [], body: Array("yield 1".utf16), kind: .generator, sourceName: "g")
    #expect(generator.function.isGenerator && !generator.function.isAsync)
    let asyncGenerator = try parseFunctionForConstructor(
      parameters: Array("x".utf16), body: Array("await x; yield x".utf16), kind: .asyncGenerator,
      sourceName: "g")
    #expect(asyncGenerator.function.isGenerator && asyncGenerator.function.isAsync)
    #expect(throws: SyntaxError.self) {
      try parseFunctionForConstructor(
        parameters: Array("x = yield".utf16), body: [], kind: .generator, sourceName: "g")
    }
    #expect(throws: SyntaxError.self) {
      try parseFunctionForConstructor(
        parameters: [], body: Array("await 1".utf16), kind: .normal, sourceName: "f")
    }
  }
}
