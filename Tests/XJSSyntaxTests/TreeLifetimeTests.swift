// A parsed and analyzed tree is freed when its last owner lets go. The tree and its scopes
// point at each other (a function owns its scope, the scope names its function, a scope names
// its parent); only one direction of each pair may own, or every script an embedder runs, and
// every eval, would leak its whole tree outside the collected heap.

import Testing

@testable import XJSSyntax

@Suite struct TreeLifetimeTests {
  /// Weak references to a program, its root scope and every function scope's function.
  struct Watched {
    weak var program: Program?
    weak var rootScope: Scope?
    var functions: [Weak<FunctionNode>] = []
    var scopes: [Weak<Scope>] = []
  }

  struct Weak<Object: AnyObject> { weak var object: Object? }

  func analyzeAndWatch(_ source: String) throws -> Watched {
    let program = try parse(source)
    analyzeScopes(program)
    var watched = Watched(program: program, rootScope: program.scope)
    var pending = [program.scope!]
    while let scope = pending.popLast() {
      watched.scopes.append(Weak(object: scope))
      if let function = scope.function { watched.functions.append(Weak(object: function)) }
      pending += scope.childScopes
    }
    return watched
  }

  @Test func programWithFunctionsIsFreed() throws {
    let watched = try analyzeAndWatch(
      """
      function outer(a, b = 1) { var x = a; return function inner() { return x + b; }; }
      const arrow = (p) => { let q = p; return () => q; };
      class C extends Object { constructor() { super(); this.f = () => this; } m() { return 1; } }
      async function* g() { yield await 1; }
      try { outer(1)(); } catch (e) { { let block = e; } }
      """)
    #expect(watched.functions.count >= 8, "the walk found the functions")
    #expect(watched.program == nil)
    #expect(watched.rootScope == nil)
    #expect(watched.functions.allSatisfy { $0.object == nil }, "a function node outlived its program")
    #expect(watched.scopes.allSatisfy { $0.object == nil }, "a scope outlived its program")
  }

  /// Analyzes the function of `source` on its own and returns weak references to it and its
  /// root scope, once they were checked to be linked.
  func analyzeStandaloneAndWatch(_ source: String) throws -> (Weak<FunctionNode>, Weak<Scope>) {
    let program = try parse(source)
    guard case .expression(let expression) = program.body[0].kind,
      case .function(let function) = expression.kind
    else {
      Issue.record("not a function expression")
      return (Weak(), Weak())
    }
    let root = analyzeScopes(function)
    #expect(function.scope?.function === function)
    #expect(function.scope?.parent === root)
    return (Weak(object: function), Weak(object: root))
  }

  @Test func standaloneFunctionIsFreed() throws {
    // `new Function` analyzes a function node on its own; its root scope owns the rest.
    let (function, scope) = try analyzeStandaloneAndWatch(
      "(function (a, b) { return function () { return a + b; }; })")
    #expect(function.object == nil)
    #expect(scope.object == nil)
  }
}
