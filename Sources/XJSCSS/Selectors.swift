// The compiled form of a selector list, and its public face: parse once (`SelectorList(parsing:)`),
// then match any number of times (SelectorMatcher.swift). Names the matcher compares are stored
// twice where HTML needs it, as written and ASCII-lowercased, so matching allocates nothing.

/// A selector list parsed from a string: what `querySelector`, `matches` and `closest` take.
public struct SelectorList: Sendable {
  var selectors: [ComplexSelector]

  /// Whether any selector in the list has a pseudo-element; such a selector matches no element.
  public var containsPseudoElement: Bool { selectors.contains { $0.pseudoElement != nil } }

  /// The specificity of each selector in the list, in order.
  public var specificities: [Specificity] { selectors.map(\.specificity) }
}

/// A selector's specificity (a, b, c): IDs; classes, attributes and pseudo-classes; types and
/// pseudo-elements. Compared lexicographically.
public struct Specificity: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var ids: Int
  public var classes: Int
  public var types: Int

  public init(ids: Int = 0, classes: Int = 0, types: Int = 0) {
    self.ids = ids
    self.classes = classes
    self.types = types
  }

  public static func < (lhs: Specificity, rhs: Specificity) -> Bool {
    (lhs.ids, lhs.classes, lhs.types) < (rhs.ids, rhs.classes, rhs.types)
  }

  static func + (lhs: Specificity, rhs: Specificity) -> Specificity {
    Specificity(ids: lhs.ids + rhs.ids, classes: lhs.classes + rhs.classes, types: lhs.types + rhs.types)
  }

  public var description: String { "(\(ids), \(classes), \(types))" }
}

/// A selector that is not valid: the DOM reports it as a "SyntaxError" DOMException.
public struct SelectorSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  /// Where in the source (in Unicode scalars, after CSS preprocessing) the problem was found.
  public var offset: Int

  public var description: String { "invalid selector at \(offset): \(message)" }
}

/// A complex selector, stored right to left: `compounds[0]` is the subject, and `combinators[i]`
/// relates `compounds[i]` to `compounds[i + 1]`, its left neighbour.
struct ComplexSelector: Sendable {
  var compounds: [CompoundSelector]
  var combinators: [Combinator]
  /// The pseudo-element after the last compound, if any (lowercased, without colons).
  var pseudoElement: String?
  var specificity: Specificity
}

enum Combinator: Sendable {
  case descendant
  case child
  case nextSibling
  case subsequentSibling
}

struct CompoundSelector: Sendable {
  var simpleSelectors: [SimpleSelector]
}

/// Which namespaces a type or attribute selector accepts.
enum NamespaceConstraint: Sendable {
  /// No prefix on a type selector (no default namespace is ever declared), or `*|`.
  case any
  /// `|name`, or no prefix on an attribute selector.
  case none
}

struct Name: Sendable {
  var asWritten: String
  var lowercased: String

  init(_ name: String) {
    asWritten = name
    lowercased = asciiLowercase(name)
  }
}

indirect enum SimpleSelector: Sendable {
  case type(Name, NamespaceConstraint)
  case universal(NamespaceConstraint)
  case id(String)
  case className(String)
  case attribute(AttributeSelector)
  case pseudoClass(PseudoClass)
}

struct AttributeSelector: Sendable {
  enum Operator: Sendable {
    case exists
    case equals
    case includes  // ~=
    case dashMatch  // |=
    case prefix  // ^=
    case suffix  // $=
    case substring  // *=
  }

  enum CaseFlag: Sendable {
    /// No flag: the document language decides (HTML's list of case-insensitive attributes).
    case languageDefault
    case insensitive
    case sensitive
  }

  var name: Name
  var namespace: NamespaceConstraint
  var op: Operator
  var value: String
  var caseFlag: CaseFlag
  /// The attribute is in HTML's list whose values compare ASCII case-insensitively.
  var isHTMLCaseInsensitiveAttribute: Bool
}

/// `An+B`, with an optional `of S` (nth-child and nth-last-child only).
struct NthSelector: Sendable {
  var step: Int
  var offset: Int
  var ofSelector: SelectorList?
}

enum PseudoClass: Sendable {
  case not(SelectorList)
  case `is`(SelectorList)  // :is() and :where(); they differ only in specificity
  case has([RelativeSelector])
  case nthChild(NthSelector)
  case nthLastChild(NthSelector)
  case nthOfType(NthSelector)
  case nthLastOfType(NthSelector)
  case firstChild
  case lastChild
  case onlyChild
  case firstOfType
  case lastOfType
  case onlyOfType
  case root
  case empty
  case scope
  case checked
  /// `:default`: a checkbox or radio input with a `checked` attribute, an option with a `selected`
  /// attribute, or a form's default button.
  case isDefault
  case indeterminate
  case disabled
  case enabled
  case link
  case defined
  case required
  case optional
  case readOnly
  case readWrite
  case placeholderShown
  /// `:lang()`: the ranges, lowercased.
  case lang([String])
  /// `:dir(ltr)` is `true`, `:dir(rtl)` `false`.
  case dirIsLTR(Bool)
  /// A pseudo-class that needs layout, user interaction, history or media state: valid, never
  /// matches.
  case never
}

/// A selector inside `:has()`: a complex selector whose leftmost combinator relates it to the
/// element `:has()` is tested on (the anchor).
struct RelativeSelector: Sendable {
  var selector: ComplexSelector
  /// The combinator between the anchor and the selector's leftmost compound.
  var anchorCombinator: Combinator
}
