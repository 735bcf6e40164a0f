// UNFINISHED bodies: a CSS declaration block for `element.style` (CSSOM § 6.6), without cascade,
// shorthands or property-specific value parsing.

/// One declaration: a property name (lowercased unless a custom property), its value as
/// serialized text, and whether it is `!important`.
public struct CSSDeclaration: Equatable, Sendable {
  public var name: String
  public var value: String
  public var isImportant: Bool

  public init(name: String, value: String, isImportant: Bool = false) {
    self.name = name
    self.value = value
    self.isImportant = isImportant
  }
}

/// The declarations of a style attribute, in order, with the CSSStyleDeclaration operations.
public struct CSSDeclarationBlock: Equatable, Sendable {
  public private(set) var declarations: [CSSDeclaration] = []

  public init() {}

  /// Parses a style attribute's value ("parse a CSS declaration block"); never fails.
  public init(parsing text: String) {}

  /// `cssText`: `name: value;` or `name: value !important;`, joined by single spaces.
  public var cssText: String {
    get { "" }
    set {}
  }

  public var length: Int { declarations.count }

  /// The property name at `index`, or "" past the end.
  public func item(_ index: Int) -> String { "" }

  public func getPropertyValue(_ property: String) -> String { "" }

  /// "important" or "".
  public func getPropertyPriority(_ property: String) -> String { "" }

  /// An empty value removes the property; a priority other than "" or "important" (ASCII
  /// case-insensitively) makes the call do nothing, as does a value that does not parse.
  public mutating func setProperty(_ property: String, _ value: String, priority: String = "") {}

  /// Removes the property and returns its old value ("" if it was not set).
  @discardableResult
  public mutating func removeProperty(_ property: String) -> String { "" }
}
