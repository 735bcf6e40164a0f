// Early errors about declarations: duplicate lexical names, lexical/var
// conflicts, catch parameters, Annex B function-in-block rules (ES2024 8.2,
// 14.2.1, 14.12.1, 14.15.1, 15.2.1, B.3.2.4, B.3.4), and private names (15.7.1).
// This is bookkeeping for errors only; resolving identifiers to slots is the
// job of scope analysis (Scope.swift).

struct DeclarationScope {
  enum Kind {
    /// A function body or the script: functions declared here are var-like.
    case function
    /// The top level of module code: functions declared here are lexical (ES2024 16.2.1.2).
    case module
    case block
    /// A catch clause: its parameter and the names its block declares.
    case catchClause
  }
  let kind: Kind
  var lexical: Set<String> = []
  /// Var names declared in this scope or any nested block.
  var varNames: Set<String> = []
  /// Function declarations: var-like at function level; in blocks, sloppy-mode
  /// plain functions, which Annex B.3.2.4 lets repeat.
  var functions: Set<String> = []
  var parameters: Set<String> = []
  var catchParameters: Set<String> = []
  /// `catch (e)` with a plain identifier (Annex B.3.4 lets `var e` redeclare it).
  var isSimpleCatch = false

  init(kind: Kind) { self.kind = kind }
}

enum BindingKind: Equatable {
  case variable
  case lexical
  /// A function declaration; `isPlain` when it is neither async nor a generator.
  case function(isPlain: Bool)
  case parameter
  case catchParameter
}

struct PrivateNameScope {
  static let fieldBit: UInt8 = 1
  static let getterBit: UInt8 = 2
  static let setterBit: UInt8 = 4
  static let staticBit: UInt8 = 8
  /// name → kind bits.
  var declared: [String: UInt8] = [:]
  /// References not (yet) matched by a declaration of this class.
  var unresolved: [(name: String, offset: Int32)] = []
}

extension Parser {
  func pushScope(_ kind: DeclarationScope.Kind) {
    scopes.append(DeclarationScope(kind: kind))
  }

  func popScope() {
    scopes.removeLast()
  }

  /// Declares `name`, reporting a redeclaration error at `offset`.
  func declare(_ name: String, _ declarationKind: BindingKind, at offset: Int32)
    throws(ParseError)
  {
    let last = scopes.count - 1
    switch declarationKind {
    case .lexical:
      let scope = scopes[last]
      if scope.lexical.contains(name) || scope.functions.contains(name)
        || scope.varNames.contains(name) || scope.parameters.contains(name)
        || scope.catchParameters.contains(name)
      {
        throw redeclaration(name, at: offset)
      }
      scopes[last].lexical.insert(name)
    case .function(let isPlain):
      let scope = scopes[last]
      if scope.kind == .function {
        if scope.lexical.contains(name) { throw redeclaration(name, at: offset) }
        scopes[last].functions.insert(name)
        return
      }
      let annexB = !strict && isPlain
      if scope.lexical.contains(name) || scope.varNames.contains(name)
        || scope.catchParameters.contains(name) || (!annexB && scope.functions.contains(name))
      {
        throw redeclaration(name, at: offset)
      }
      if annexB {
        scopes[last].functions.insert(name)
      } else {
        scopes[last].lexical.insert(name)
      }
    case .variable:
      var index = last
      while index >= 0 {
        // The checks read the scope in place: a copy of it alive across the insert below would
        // make the insert copy the whole set (50,000 `var`s took 4.8 s).
        let kind = scopes[index].kind
        if scopes[index].lexical.contains(name)
          || (kind != .function && scopes[index].functions.contains(name))
        {
          throw redeclaration(name, at: offset)
        }
        // Annex B.3.4: `var e` may redeclare the parameter of `catch (e)`.
        if kind == .catchClause && scopes[index].catchParameters.contains(name)
          && !scopes[index].isSimpleCatch
        {
          throw redeclaration(name, at: offset)
        }
        scopes[index].varNames.insert(name)
        if kind == .function || kind == .module { break }
        index -= 1
      }
    case .parameter:
      scopes[last].parameters.insert(name)
    case .catchParameter:
      if scopes[last].catchParameters.contains(name) { throw redeclaration(name, at: offset) }
      scopes[last].catchParameters.insert(name)
    }
  }

  private func redeclaration(_ name: String, at offset: Int32) -> ParseError {
    error("Identifier '\(name)' has already been declared", at: offset)
  }

  /// Declares every name bound by `pattern`.
  func declarePattern(_ pattern: Pattern, _ declarationKind: BindingKind) throws(ParseError) {
    var names: [IdentifierReference] = []
    collectBoundNames(pattern, into: &names)
    for identifier in names {
      try declare(identifier.name, declarationKind, at: identifier.range.start)
    }
  }

  // MARK: Private names

  /// Declares a private name of the class being parsed (ES2024 15.7.1: no
  /// duplicates, except one getter and one setter of the same placement).
  func declarePrivateName(_ name: String, bits: UInt8, at offset: Int32) throws(ParseError) {
    let last = privateNameScopes.count - 1
    if let existing = privateNameScopes[last].declared[name] {
      let accessorBits = PrivateNameScope.getterBit | PrivateNameScope.setterBit
      let isPair =
        existing & PrivateNameScope.fieldBit == 0 && bits & PrivateNameScope.fieldBit == 0
        && existing & accessorBits != 0 && bits & accessorBits != 0
        && existing & bits & accessorBits == 0
        && existing & PrivateNameScope.staticBit == bits & PrivateNameScope.staticBit
      guard isPair else {
        throw error("Identifier '#\(name)' has already been declared", at: offset)
      }
      privateNameScopes[last].declared[name] = existing | bits
      return
    }
    privateNameScopes[last].declared[name] = bits
  }

  /// Records a use of `#name`; it is resolved when the enclosing class ends.
  func usePrivateName(_ name: String, at offset: Int32) throws(ParseError) {
    guard !privateNameScopes.isEmpty else {
      throw undeclaredPrivateName(name, at: offset)
    }
    privateNameScopes[privateNameScopes.count - 1].unresolved.append((name, offset))
  }

  /// At the end of a class body: each use must name a private name of this
  /// class or of an enclosing one (ES2024 15.7.1 AllPrivateIdentifiersValid).
  func resolvePrivateNames() throws(ParseError) {
    let scope = privateNameScopes.removeLast()
    for use in scope.unresolved where scope.declared[use.name] == nil {
      guard !privateNameScopes.isEmpty else {
        throw undeclaredPrivateName(use.name, at: use.offset)
      }
      privateNameScopes[privateNameScopes.count - 1].unresolved.append(use)
    }
  }

  private func undeclaredPrivateName(_ name: String, at offset: Int32) -> ParseError {
    error("Private field '#\(name)' must be declared in an enclosing class", at: offset)
  }
}

/// Appends the identifiers a pattern binds (BoundNames), in source order.
func collectBoundNames(_ pattern: Pattern, into names: inout [IdentifierReference]) {
  switch pattern {
  case .identifier(let identifier):
    names.append(identifier)
  case .expression:
    break
  case .object(let object):
    for property in object.properties { collectBoundNames(property.target, into: &names) }
    if let rest = object.rest { collectBoundNames(rest, into: &names) }
  case .array(let array):
    for element in array.elements {
      if let element { collectBoundNames(element.target, into: &names) }
    }
    if let rest = array.rest { collectBoundNames(rest, into: &names) }
  }
}
