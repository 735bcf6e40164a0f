// The Module goal: import and export declarations and their syntax trees,
// import() and import.meta, top-level await, the module early errors
// (ES2025 16.2.1.1 and friends) with their messages and positions, the same
// texts rejected as scripts, and the ESTree and dump output of modules.

import Testing

@testable import XJSSyntax

private func parseModuleText(_ source: String) throws(SyntaxError) -> Program {
  try parseModule(SourceFile(name: "test.mjs", string: source))
}

/// `message@line:column` of the error `source` produces as a module, or "parsed".
private func moduleErrorSummary(_ source: String) -> String {
  do {
    _ = try parseModuleText(source)
    return "parsed"
  } catch {
    return "\(error.message)@\(error.line):\(error.column)"
  }
}

private func text(_ units: [UInt16]) -> String { String(decoding: units, as: UTF16.self) }

/// The import declaration of the only statement of `source`.
private func importDeclaration(_ source: String, sourceLocation: SourceLocation = #_sourceLocation)
  throws -> ImportDeclaration?
{
  let program = try parseModuleText(source)
  guard program.body.count == 1, case .importDeclaration(let declaration) = program.body[0].kind
  else {
    Issue.record("not one import declaration: \(source)", sourceLocation: sourceLocation)
    return nil
  }
  return declaration
}

/// The export declaration that is statement `index` of `source`.
private func exportDeclaration(
  _ source: String, at index: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
) throws -> ExportDeclaration? {
  let program = try parseModuleText(source)
  guard index < program.body.count, case .exportDeclaration(let declaration) = program.body[index].kind
  else {
    Issue.record("no export declaration at \(index): \(source)", sourceLocation: sourceLocation)
    return nil
  }
  return declaration
}

/// A compact rendering of import specifiers: `default:x`, `*:ns`, `a:b`.
private func render(_ specifiers: [ImportSpecifier]) -> String {
  specifiers.map { specifier -> String in
    switch specifier.kind {
    case .default: return "default:\(specifier.local.name)"
    case .namespace: return "*:\(specifier.local.name)"
    case .named(let imported): return "\(imported):\(specifier.local.name)"
    }
  }.joined(separator: " ")
}

private func render(_ specifiers: [ExportSpecifier]) -> String {
  specifiers.map { "\($0.local):\($0.exported)" }.joined(separator: " ")
}

private func render(_ attributes: [ImportAttribute]) -> String {
  attributes.map { "\($0.key)=\(text($0.value))" }.joined(separator: " ")
}

@Suite struct ModuleImportTests {
  @Test func importForms() throws {
    let cases: [(String, String, String)] = [
      ("import x from \"m\";", "default:x", "m"),
      ("import * as ns from 'm'", "*:ns", "m"),
      (
        "import { a, b as c, \"str\" as d, default as e } from \"m\"",
        "a:a b:c str:d default:e", "m"
      ),
      ("import x, * as ns from \"m\"", "default:x *:ns", "m"),
      ("import x, { a } from \"m\"", "default:x a:a", "m"),
      ("import \"side-effect\"", "", "side-effect"),
      ("import {} from \"m\"", "", "m"),
      ("import { a, } from \"m\"", "a:a", "m"),
      ("import { if as x, as as as } from \"m\"", "if:x as:as", "m"),
      ("import from from \"m\"", "default:from", "m"),
      ("import { \\u0061 as b } from \"m\"", "a:b", "m"),
    ]
    for (source, specifiers, specifier) in cases {
      let declaration = try #require(try importDeclaration(source))
      #expect(render(declaration.specifiers) == specifiers, "source: \(source)")
      #expect(text(declaration.request.specifier) == specifier, "source: \(source)")
      #expect(declaration.request.attributes.isEmpty, "source: \(source)")
    }
  }

  @Test func importRanges() throws {
    let source = "import x, { a as b } from \"m\"; 1"
    let declaration = try #require(try importDeclaration(String(source.dropLast(2))))
    #expect(declaration.range == SourceRange(0, 30))
    #expect(declaration.specifiers[0].range == SourceRange(7, 8))
    #expect(declaration.specifiers[1].range == SourceRange(12, 18))
    #expect(declaration.specifiers[1].local.range == SourceRange(17, 18))
    // The request's range is the specifier literal's.
    #expect(declaration.request.range == SourceRange(26, 29))
    let namespace = try #require(try importDeclaration("import * as ns from \"m\""))
    #expect(namespace.specifiers[0].range == SourceRange(7, 14))
  }

  @Test func withClause() throws {
    let declaration = try #require(
      try importDeclaration("import x from \"m\" with { type: \"json\", \"other key\": 'v', }"))
    #expect(render(declaration.request.attributes) == "type=json other key=v")
    #expect(declaration.request.attributes[0].range == SourceRange(25, 37))
    let empty = try #require(try importDeclaration("import \"m\" with {}"))
    #expect(empty.request.attributes.isEmpty)
    let keyword = try #require(try importDeclaration("import \"m\" with { if: \"x\" }"))
    #expect(render(keyword.request.attributes) == "if=x")
    // The clause may follow on the next line; ASI applies after it.
    let program = try parseModuleText("import \"m\"\nwith { type: \"json\" }\nx")
    #expect(program.body.count == 2)
    guard case .importDeclaration(let split) = program.body[0].kind else {
      Issue.record("not an import")
      return
    }
    #expect(render(split.request.attributes) == "type=json")
  }

  @Test func importBindingsAreDeclaredLexically() {
    let cases: [(String, String)] = [
      ("import { a } from \"m\"; let a;", "Identifier 'a' has already been declared@1:28"),
      ("import a from \"m\"; var a;", "Identifier 'a' has already been declared@1:24"),
      ("import a from \"m\"; import { b as a } from \"n\";", "Identifier 'a' has already been declared@1:34"),
      ("import * as a from \"m\"; function a() {}", "Identifier 'a' has already been declared@1:34"),
      ("import { a, a } from \"m\";", "Identifier 'a' has already been declared@1:13"),
      ("import a, * as a from \"m\";", "Identifier 'a' has already been declared@1:16"),
      ("import { a } from \"m\"; { var a; }", "Identifier 'a' has already been declared@1:30"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
    // A nested scope may shadow an import.
    #expect(moduleErrorSummary("import { a } from \"m\"; { let a; } function f(a) { var a; }") == "parsed")
  }

  @Test func invalidImports() {
    let cases: [(String, String)] = [
      ("import { if } from \"m\";", "Unexpected token 'if'@1:10"),
      ("import { \"a\" } from \"m\";", "Unexpected token '}'@1:14"),
      ("import { eval } from \"m\";", "Unexpected eval or arguments in strict mode@1:10"),
      ("import arguments from \"m\";", "Unexpected eval or arguments in strict mode@1:8"),
      ("import * as eval from \"m\";", "Unexpected eval or arguments in strict mode@1:13"),
      ("import await from \"m\";", "Unexpected reserved word@1:8"),
      ("import { x as await } from \"m\";", "Unexpected reserved word@1:15"),
      ("import { x as let } from \"m\";", "Unexpected strict mode reserved word@1:15"),
      ("import { x as yield } from \"m\";", "Unexpected strict mode reserved word@1:15"),
      ("import x, * as y, { z } from \"m\";", "Unexpected token ','@1:17"),
      ("import * as x, y from \"m\";", "Unexpected token ','@1:14"),
      ("import { a } from \"m\", \"n\";", "Unexpected token ','@1:22"),
      ("import x, from \"m\";", "Unexpected identifier 'from'@1:11"),
      ("import * from \"m\";", "Unexpected identifier 'from'@1:10"),
      ("import x \"m\";", "Unexpected string@1:10"),
      ("import x from m;", "Unexpected identifier 'm'@1:15"),
      ("import { a \\u0061s b } from \"m\";", "Unexpected identifier 'as'@1:12"),
      ("import x \\u0066rom \"m\";", "Unexpected identifier 'from'@1:10"),
      ("import x from \"m\" import y from \"n\"", "Unexpected token 'import'@1:19"),
      ("import x from 'm\\07';", "Octal escape sequences are not allowed in strict mode@1:15"),
      ("import { \"\\uD83D\" as x } from \"m\";", "Invalid module export name: contains unpaired surrogate@1:10"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
  }

  @Test func invalidWithClauses() {
    let cases: [(String, String)] = [
      (
        "import x from \"m\" with { type: \"json\", type: \"css\" };",
        "Import attribute has duplicate key 'type'@1:40"
      ),
      (
        "import x from \"m\" with { type: \"json\", \"type\": \"css\" };",
        "Import attribute has duplicate key 'type'@1:40"
      ),
      (
        "export * from \"m\" with { a: \"\", a: \"\" };",
        "Import attribute has duplicate key 'a'@1:33"
      ),
      ("import x from \"m\" with { type: 1 };", "Unexpected number@1:32"),
      ("import x from \"m\" with { type };", "Unexpected token '}'@1:31"),
      ("import x from \"m\" with { 1: \"x\" };", "Unexpected number@1:26"),
      ("import x from \"m\" with { a: \"x\",, };", "Unexpected token ','@1:33"),
      ("import x from \"m\" with type;", "Unexpected identifier 'type'@1:24"),
      // The obsolete `assert` form is not supported.
      ("import x from \"m\" assert { type: \"json\" };", "Unexpected identifier 'assert'@1:19"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
  }
}

@Suite struct ModuleExportTests {
  @Test func exportedDeclarations() throws {
    let variable = try #require(try exportDeclaration("export var a = 1, { b, c: [d] } = o;"))
    guard case .declaration(let statement) = variable.kind,
      case .variableDeclaration(let declaration) = statement.kind
    else {
      Issue.record("not an exported var")
      return
    }
    #expect(declaration.kind == .var && declaration.declarators.count == 2)
    #expect(statement.range == SourceRange(7, 36))
    #expect(variable.range == SourceRange(0, 36))

    let declarations: [(String, String)] = [
      ("export let a;", "let"), ("export const a = 1;", "const"),
      ("export function f() {}", "function f"), ("export async function f() {}", "async function f"),
      ("export function* f() {}", "generator f"), ("export async function* f() {}", "async generator f"),
      ("export class C {}", "class C"),
    ]
    for (source, expected) in declarations {
      let export = try #require(try exportDeclaration(source))
      guard case .declaration(let statement) = export.kind else {
        Issue.record("not a declaration: \(source)")
        continue
      }
      #expect(describe(statement) == expected, "source: \(source)")
    }
  }

  private func describe(_ statement: Statement) -> String {
    switch statement.kind {
    case .variableDeclaration(let declaration): return declaration.kind.rawValue
    case .functionDeclaration(let function):
      let kind =
        function.isAsync && function.isGenerator
        ? "async generator" : function.isAsync ? "async function" : function.isGenerator ? "generator" : "function"
      return kind + (function.name.map { " " + $0.name } ?? "")
    case .classDeclaration(let node): return "class" + (node.name.map { " " + $0.name } ?? "")
    default: return "?"
    }
  }

  @Test func exportDefault() throws {
    let declarations: [(String, String)] = [
      ("export default function f() {}", "function f"),
      ("export default function () {}", "function"),
      ("export default function* () {}", "generator"),
      ("export default async function () {}", "async function"),
      ("export default async function* g() {}", "async generator g"),
      ("export default class {}", "class"),
      ("export default class C extends B {}", "class C"),
      ("export default class extends B {}", "class"),
    ]
    for (source, expected) in declarations {
      let export = try #require(try exportDeclaration(source))
      guard case .defaultDeclaration(let statement) = export.kind else {
        Issue.record("not a default declaration: \(source)")
        continue
      }
      #expect(describe(statement) == expected, "source: \(source)")
    }
    let expressions: [(String, String)] = [
      ("export default 1 + 2;", "(+ 1 2)"),
      ("export default (function () {});", "(function)"),
      ("export default (class {});", "(class _)"),
      ("export default async () => 1;", "(=> async () 1)"),
      ("export default async\nfunction f() {}", "async"),
      ("export default x = y", "(= x y)"),
      ("export default await p;", "(await p)"),
    ]
    for (source, expected) in expressions {
      let export = try #require(try exportDeclaration(source))
      guard case .defaultExpression(let expression) = export.kind else {
        Issue.record("not a default expression: \(source)")
        continue
      }
      #expect(render(expression) == expected, "source: \(source)")
    }
    // An anonymous default function declaration is a declaration: it cannot be called.
    #expect(moduleErrorSummary("export default function () {}();") == "Unexpected token ')'@1:31")
    #expect(moduleErrorSummary("export default function f() {}\nf;") == "parsed")
  }

  @Test func namedExports() throws {
    let local = try #require(
      try exportDeclaration("var a, b, c; export { a, b as c, c as \"s s\", a as default, };", at: 1))
    guard case .local(let specifiers) = local.kind else {
      Issue.record("not a local export")
      return
    }
    #expect(render(specifiers) == "a:a b:c c:s s a:default")
    #expect(specifiers.map { $0.localReference?.name ?? "-" } == ["a", "b", "c", "a"])
    #expect(specifiers[1].range == SourceRange(25, 31))
    #expect(specifiers[1].localReference?.range == SourceRange(25, 26))

    let indirect = try #require(
      try exportDeclaration("export { a as b, \"x\" as y, default, if } from \"m\" with { type: \"json\" };"))
    guard case .indirect(let reexports, let request) = indirect.kind else {
      Issue.record("not an indirect export")
      return
    }
    #expect(render(reexports) == "a:b x:y default:default if:if")
    #expect(reexports.allSatisfy { $0.localReference == nil })
    #expect(text(request.specifier) == "m")
    #expect(render(request.attributes) == "type=json")

    let empty = try #require(try exportDeclaration("export {};"))
    guard case .local(let none) = empty.kind else {
      Issue.record("not a local export")
      return
    }
    #expect(none.isEmpty)
  }

  @Test func starExports() throws {
    let star = try #require(try exportDeclaration("export * from \"m\";"))
    guard case .star(let request) = star.kind else {
      Issue.record("not export *")
      return
    }
    #expect(text(request.specifier) == "m")
    for (source, name) in [
      ("export * as ns from \"m\"", "ns"), ("export * as \"a b\" from \"m\"", "a b"),
      ("export * as default from \"m\" with { type: \"json\" }", "default"),
    ] {
      let export = try #require(try exportDeclaration(source))
      guard case .starAs(let exported, _) = export.kind else {
        Issue.record("not export * as: \(source)")
        continue
      }
      #expect(exported == name)
    }
    // `export * from` exports no names; two are fine.
    #expect(moduleErrorSummary("export * from \"m\"; export * from \"n\";") == "parsed")
  }

  @Test func exportedNamesMayNotRepeat() {
    let cases: [(String, String)] = [
      ("export { a }; export { b as a }; var a, b;", "Duplicate export of 'a'@1:29"),
      ("var a; export { a, a };", "Duplicate export of 'a'@1:20"),
      ("export default 1; export default 2;", "Duplicate export of 'default'@1:26"),
      ("export default function () {} export default class {}", "Duplicate export of 'default'@1:38"),
      ("export default 1; var x; export { x as default };", "Duplicate export of 'default'@1:40"),
      ("export * as ns from \"m\"; export { x as ns }; var x;", "Duplicate export of 'ns'@1:40"),
      ("export { x as \"y\" }; export { z as y }; var x, z;", "Duplicate export of 'y'@1:36"),
      ("export var a; export function a() {}", "Identifier 'a' has already been declared@1:31"),
      ("export var a; var b; export { b as a };", "Duplicate export of 'a'@1:36"),
      ("export { a } from \"m\"; export { a } from \"n\";", "Duplicate export of 'a'@1:33"),
      ("export * as x from \"m\"; export * as x from \"n\";", "Duplicate export of 'x'@1:37"),
      ("export let [a, { b }] = o; export { a as b };", "Duplicate export of 'b'@1:42"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
  }

  @Test func exportedBindingsMustBeDeclared() {
    let cases: [(String, String)] = [
      ("export { missing };", "Export 'missing' is not defined@1:10"),
      ("export { x as y }; { let x; }", "Export 'x' is not defined@1:10"),
      ("export { f }; function g() { var f; }", "Export 'f' is not defined@1:10"),
      ("export { eval };", "Export 'eval' is not defined@1:10"),
      ("export { arguments };", "Export 'arguments' is not defined@1:10"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
    for source in [
      "export { x }; var x;", "{ var x; } export { x };", "export { f }; function f() {}",
      "export { C as D }; class C {}", "import { a } from \"m\"; export { a };",
      "import * as ns from \"m\"; export { ns as default };", "export { l }; let l;",
      "for (var i of []) {} export { i };", "export { g }; function* g() {}",
    ] {
      #expect(moduleErrorSummary(source) == "parsed", "source: \(source)")
    }
  }

  @Test func localExportNamesMustBeReferences() {
    let cases: [(String, String)] = [
      ("export { if };", "Unexpected token 'if'@1:10"),
      ("export { default };", "Unexpected token 'default'@1:10"),
      ("export { await };", "Unexpected reserved word@1:10"),
      ("export { yield };", "Unexpected strict mode reserved word@1:10"),
      ("export { let };", "Unexpected strict mode reserved word@1:10"),
      ("export { implements };", "Unexpected strict mode reserved word@1:10"),
      ("export { \\u0069f };", "Keyword must not contain escaped characters@1:10"),
      (
        "export { \"a\" };",
        "A string literal cannot be used as an exported binding without 'from'@1:10"
      ),
      (
        "var a; export { \"a\" as b };",
        "A string literal cannot be used as an exported binding without 'from'@1:17"
      ),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
    // With `from` they are just names of the other module's exports.
    for source in [
      "export { if } from \"m\";", "export { default } from \"m\";", "export { \"a\" } from \"m\";",
      "export { await as x } from \"m\";", "var a; export { a as await, a as if };",
    ] {
      #expect(moduleErrorSummary(source) == "parsed", "source: \(source)")
    }
  }

  @Test func invalidExports() {
    let cases: [(String, String)] = [
      ("export default var x;", "Unexpected token 'var'@1:16"),
      ("export default const x = 1;", "Unexpected token 'const'@1:16"),
      ("export async\nfunction f() {}", "Unexpected identifier 'async'@1:8"),
      ("export let;", "Unexpected token ';'@1:11"),
      ("export function () {}", "Function statements require a function name@1:17"),
      ("export class {}", "Unexpected token '{'@1:14"),
      ("export *;", "Unexpected token ';'@1:9"),
      ("export * as ns;", "Unexpected token ';'@1:15"),
      ("export { a } from m;", "Unexpected identifier 'm'@1:19"),
      ("var a; export { a } \"m\";", "Unexpected string@1:21"),
      ("export x;", "Unexpected identifier 'x'@1:8"),
      ("export { a \\u0061s b } from \"m\";", "Unexpected identifier 'as'@1:12"),
      ("export * as \"\\uD800\" from \"m\";", "Invalid module export name: contains unpaired surrogate@1:13"),
      ("export { \"\\uDC00\" as x } from \"m\";", "Invalid module export name: contains unpaired surrogate@1:10"),
      ("var a; export { a as \"\\uDBFF\" };", "Invalid module export name: contains unpaired surrogate@1:22"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
    // A well-formed surrogate pair is fine.
    #expect(moduleErrorSummary("var a; export { a as \"\\uD83D\\uDE00\" };") == "parsed")
  }
}

@Suite struct ModuleGoalTests {
  @Test func moduleProgram() throws {
    let program = try parseModuleText("let x = 1;")
    #expect(program.isModule)
    #expect(program.isStrict)
    #expect(!program.hasTopLevelAwait)
    #expect(try !parse("let x = 1;").isModule)
  }

  @Test func declarationPositions() {
    let cases: [(String, String)] = [
      ("{ import x from \"m\"; }", "An import declaration may only appear at the top level of a module@1:3"),
      (
        "function f() { import x from \"m\"; }",
        "An import declaration may only appear at the top level of a module@1:16"
      ),
      ("function f() { export var a; }", "An export declaration may only appear at the top level of a module@1:16"),
      ("if (x) export var a;", "Unexpected token 'export'@1:8"),
      ("if (x) import x from \"m\";", "Unexpected identifier 'x'@1:15"),
      ("l: export var a;", "Unexpected token 'export'@1:4"),
      ("{ export var a; }", "An export declaration may only appear at the top level of a module@1:3"),
      (
        "class C { static { export { x }; } }",
        "An export declaration may only appear at the top level of a module@1:20"
      ),
      ("() => { export {}; }", "An export declaration may only appear at the top level of a module@1:9"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
  }

  @Test func moduleTextsAreErrorsInScripts() {
    let cases: [(String, String)] = [
      ("import x from \"m\";", "Cannot use import statement outside a module@1:1"),
      ("import \"m\";", "Cannot use import statement outside a module@1:1"),
      ("import * as ns from \"m\";", "Cannot use import statement outside a module@1:1"),
      ("export var a;", "Unexpected token 'export'@1:1"),
      ("export default 1;", "Unexpected token 'export'@1:1"),
      ("export * from \"m\";", "Unexpected token 'export'@1:1"),
      ("import.meta;", "Cannot use 'import.meta' outside a module@1:1"),
      ("function f() { import.meta; }", "Cannot use 'import.meta' outside a module@1:16"),
      ("await 1;", "Unexpected number@1:7"),
      ("for await (x of y);", "Unexpected identifier 'await'@1:5"),
    ]
    for (source, expected) in cases {
      #expect(errorSummary(source) == expected, "source: \(source)")
      #expect(errorSummary(source, strict: true) == expected, "strict source: \(source)")
    }
    // What modules forbid but scripts allow.
    for source in ["var await;", "function f() {} function f() {}", "function f() {} var f;", "<!-- x\n--> y"] {
      #expect(errorSummary(source) == "parsed", "source: \(source)")
      #expect(moduleErrorSummary(source) != "parsed", "source: \(source)")
    }
  }

  @Test func importCallAndMeta() throws {
    let program = try parseModuleText(
      "import(a); import(a,); import(a, b); import(a, b,); import.meta.url; new import.meta;")
    let rendered = program.body.map { statement -> String in
      guard case .expression(let expression) = statement.kind else { return "?" }
      return render(expression)
    }
    #expect(
      rendered == [
        "(import a)", "(import a)", "(import a b)", "(import a b)", "(. import.meta url)",
        "(new import.meta)",
      ])
    // import() is an expression in scripts too, with options.
    #expect(try sexpr("import(\"m\", { with: { type: \"json\" } })") == "(import \"m\" {with:{type:\"json\"}})")
    let cases: [(String, String)] = [
      ("import();", "Unexpected token ')'@1:8"),
      ("import(...a);", "Unexpected token '...'@1:8"),
      ("import(a, b, c);", "Unexpected identifier 'c'@1:14"),
      ("import(a,,);", "Unexpected token ','@1:10"),
      ("import(a, ...b);", "Unexpected token '...'@1:11"),
      ("new import(a);", "Cannot use new with import@1:5"),
      ("import.meta = 1;", "Invalid left-hand side in assignment@1:1"),
      ("import.meta++;", "Invalid left-hand side expression in postfix operation@1:1"),
      ("[import.meta] = [];", "Invalid destructuring assignment target@1:2"),
      ("import.m\\u0065ta;", "Unexpected identifier 'meta'@1:8"),
      ("import.target;", "Unexpected identifier 'target'@1:8"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
    #expect(errorSummary("import();") == "Unexpected token ')'@1:8")
    #expect(errorSummary("new import(a);") == "Cannot use new with import@1:5")
    // import.meta anywhere in module code, including nested functions.
    #expect(moduleErrorSummary("function f() { return () => import.meta; }") == "parsed")
  }

  @Test func topLevelAwait() throws {
    for source in [
      "await x;", "for await (const x of y);", "{ await x; }", "if (a) { while (b) await c; }",
      "class C { [await x]() {} }", "class C extends (await B) {}", "export default await x;",
      "export const v = await x;", "f(async () => 1, await x);", "import(await x);",
      "try {} finally { for await (x of y); }",
    ] {
      #expect(try parseModuleText(source).hasTopLevelAwait, "source: \(source)")
    }
    for source in [
      "async function f() { await x; }", "const f = async () => await x;",
      "class C { async m() { await x; } }", "({ async m() { for await (x of y); } })",
      "async function* g() { yield await x; }", "x;",
    ] {
      #expect(try !parseModuleText(source).hasTopLevelAwait, "source: \(source)")
    }
    let tree = try parseModuleText("await x;")
    guard case .expression(let expression) = tree.body[0].kind else {
      Issue.record("not an expression")
      return
    }
    #expect(render(expression) == "(await x)")
  }

  @Test func awaitIsReservedInModules() {
    let cases: [(String, String)] = [
      ("var await;", "Unexpected reserved word@1:5"),
      ("function f() { var await; }", "Unexpected reserved word@1:20"),
      ("function f() { await x; }", "Unexpected reserved word@1:16"),
      ("function f() { await: ; }", "Unexpected reserved word@1:16"),
      ("function f() { return await; }", "Unexpected reserved word@1:23"),
      ("function await() {}", "Unexpected reserved word@1:10"),
      ("class await {}", "Unexpected reserved word@1:7"),
      ("(function await() {});", "Unexpected reserved word@1:11"),
      ("function f(await) {}", "Unexpected reserved word@1:12"),
      ("({ await });", "Unexpected reserved word@1:4"),
      ("x => await;", "Unexpected reserved word@1:6"),
      ("x => { await x; }", "Unexpected reserved word@1:8"),
      ("let [await] = a;", "Unexpected reserved word@1:6"),
      ("try {} catch (await) {}", "Unexpected reserved word@1:15"),
      ("class C { x = await; }", "Unexpected reserved word@1:15"),
      ("class C { static { await; } }", "Unexpected reserved word@1:20"),
      ("await: ;", "Unexpected token ':'@1:6"),
      ("aw\\u0061it x;", "Keyword must not contain escaped characters@1:1"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
    // As a property name it is fine.
    #expect(moduleErrorSummary("({ await: 1 }).await; class C { await() {} }") == "parsed")
  }

  @Test func lexicalTopLevelFunctions() {
    let cases: [(String, String)] = [
      ("function f() {} function f() {}", "Identifier 'f' has already been declared@1:26"),
      ("function f() {} var f;", "Identifier 'f' has already been declared@1:21"),
      ("var f; function f() {}", "Identifier 'f' has already been declared@1:17"),
      ("function f() {} async function f() {}", "Identifier 'f' has already been declared@1:32"),
      ("{ var f; } function f() {}", "Identifier 'f' has already been declared@1:21"),
      ("let f; { var f; }", "Identifier 'f' has already been declared@1:14"),
      ("export function f() {} let f;", "Identifier 'f' has already been declared@1:28"),
      ("export default function f() {} class f {}", "Identifier 'f' has already been declared@1:38"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
    #expect(moduleErrorSummary("var v; var v; function g() { function h() {} var h; }") == "parsed")
  }

  @Test func otherModuleEarlyErrors() {
    let cases: [(String, String)] = [
      ("return;", "Illegal return statement@1:1"),
      ("new.target;", "new.target expression is not allowed here@1:1"),
      ("() => new.target;", "new.target expression is not allowed here@1:7"),
      ("super.x;", "'super' keyword unexpected here@1:1"),
      ("super();", "'super' keyword unexpected here@1:1"),
      ("l: l: ;", "Label 'l' has already been declared@1:4"),
      ("break;", "Illegal break statement@1:1"),
      ("continue;", "Illegal continue statement: no surrounding iteration statement@1:1"),
      ("x: { break y; }", "Undefined label 'y'@1:12"),
      ("this.#x;", "Private field '#x' must be declared in an enclosing class@1:6"),
      // Module code is strict.
      ("with (a) {}", "Strict mode code may not include a with statement@1:1"),
      ("010;", "Octal literals are not allowed in strict mode@1:1"),
      ("delete x;", "Delete of an unqualified identifier in strict mode@1:8"),
      ("var let;", "Unexpected strict mode reserved word@1:5"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
    }
    #expect(moduleErrorSummary("function f() { new.target; return; }") == "parsed")
  }

  @Test func htmlLikeCommentsAreNotCommentsInModules() throws {
    let cases: [(String, String)] = [
      ("<!-- comment", "Unexpected token '<'@1:1"),
      ("x;\n--> comment", "Unexpected token '>'@2:3"),
      ("/*\n*/ --> comment", "Unexpected token '>'@2:6"),
    ]
    for (source, expected) in cases {
      #expect(moduleErrorSummary(source) == expected, "source: \(source)")
      #expect(errorSummary(source) == "parsed", "script source: \(source)")
    }
    // In a module `<!--` is just `<`, `!` and `--`.
    let program = try parseModuleText("a <!--b")
    guard case .expression(let expression) = program.body[0].kind else {
      Issue.record("not an expression")
      return
    }
    #expect(render(expression) == "(< a (! (--pre b)))")
  }
}

@Suite struct ModuleOutputTests {
  @Test func estree() throws {
    let source = """
      import d, { a as b, "s" as c } from "m" with { type: "json" };
      import * as ns from "n";
      export default function () {}
      export { b as "x y" };
      export * as z from "o";
      export * from "p";
      export var v = import.meta;
      import("q", {});
      """
    let program = try parseModuleText(source)
    let json = try #require(estreeJSON(program))
    for fragment in [
      "\"sourceType\": \"module\"", "\"type\": \"ImportDeclaration\"",
      "\"type\": \"ImportDefaultSpecifier\"", "\"type\": \"ImportSpecifier\"",
      "\"type\": \"ImportNamespaceSpecifier\"", "\"type\": \"ImportAttribute\"",
      "\"type\": \"ExportDefaultDeclaration\"", "\"type\": \"ExportNamedDeclaration\"",
      "\"type\": \"ExportSpecifier\"", "\"type\": \"ExportAllDeclaration\"",
      "\"type\": \"MetaProperty\"", "\"type\": \"ImportExpression\"", "\"exported\": null",
      "\"raw\": \"\\\"x y\\\"\"", "\"name\": \"import\"",
    ] {
      #expect(json.contains(fragment), "missing \(fragment)")
    }
    #expect(!json.contains("ModuleDeclaration"))
    let script = try #require(estreeJSON(try parse("x")))
    #expect(script.contains("\"sourceType\": \"script\""))
  }

  @Test func estreeSpecifierRanges() throws {
    let program = try parseModuleText("import { a as b } from \"m\" with { k: \"v\" };")
    let json = try #require(estreeJSON(program))
    let compact = json.filter { !$0.isWhitespace }
    // imported `a` at 9-10, local `b` at 14-15, source at 23-26, key 34-35, value 37-40.
    for fragment in [
      "\"imported\":{\"type\":\"Identifier\",\"start\":9,\"end\":10,\"name\":\"a\"}",
      "\"local\":{\"type\":\"Identifier\",\"start\":14,\"end\":15,\"name\":\"b\"}",
      "\"source\":{\"type\":\"Literal\",\"start\":23,\"end\":26,\"value\":\"m\"",
      "\"key\":{\"type\":\"Identifier\",\"start\":34,\"end\":35,\"name\":\"k\"}",
      "\"value\":{\"type\":\"Literal\",\"start\":37,\"end\":40,\"value\":\"v\"",
    ] {
      #expect(compact.contains(fragment), "missing \(fragment)")
    }
  }

  @Test func dump() throws {
    let program = try parseModuleText(
      "import x, { \"a b\" as y } from \"m\" with { type: \"json\" };\nexport { y as z };\nexport * as ns from \"n\";\nawait x;"
    )
    let dump = try #require(dumpAST(program))
    let expected = """
      Program module strict top-level-await @0-109
        ImportDeclaration "m" @0-56
          ImportDefault x @7-8
          ImportSpecifier "a b" as y @12-22
          Attribute type: "json" @41-53
        ExportNamed @57-75
          ExportSpecifier y as z @66-72
        ExportAll as ns from "n" @76-100
        ExpressionStatement @101-109
          Await @101-108
            Identifier x @107-108

      """
    #expect(dump == expected)
  }
}
