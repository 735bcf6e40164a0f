// Scope analysis results: where each identifier lives at run time.
// (The analysis itself is filled in by the compiler work; these are the types the AST refers to.)

/// Where an identifier's binding lives, as decided by scope analysis.
public enum Resolution: Equatable {
  case unresolved
  /// A register of the current function's frame.
  case local(slot: Int)
  /// A slot of an environment record `hops` environments up the chain.
  case environment(hops: Int, slot: Int)
  /// Not declared in any enclosing function or block: a global lookup by name.
  case global
  /// `with` or sloppy direct `eval` may introduce a binding at run time: a dynamic lookup.
  case dynamic
}

/// A scope: a function, block, class, catch clause or for-head that declares bindings.
public final class Scope {
  public enum Kind {
    case script
    case function
    case block
    case `catch`
    case `class`
    case with
    case eval
  }
  public let kind: Kind
  public weak var parent: Scope?

  public init(kind: Kind, parent: Scope?) {
    self.kind = kind
    self.parent = parent
  }
}
