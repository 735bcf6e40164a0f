// CSS for the DOM without layout: selectors parsed and matched over any tree that conforms to
// SelectorElement, and declaration blocks (the style attribute).
//
// SelectorElement is the whole of what the matcher asks of a tree. Everything form-related has a
// default derived from attributes alone (what the markup says); a DOM that tracks live state
// (checkedness, the value of a text field, custom element definitions) overrides those.

/// The HTML namespace, as the DOM spells it.
public let htmlNamespaceURI = "http://www.w3.org/1999/xhtml"

/// An element in a tree that selectors can be matched against. Conforming types may be classes
/// or values; identity is asked through `isSame(as:)`.
public protocol SelectorElement {
  var parentElement: Self? { get }
  var previousElementSibling: Self? { get }
  var nextElementSibling: Self? { get }
  var firstElementChild: Self? { get }
  /// Defaulted to a walk from `firstElementChild`; override when the tree knows it directly.
  var lastElementChild: Self? { get }

  /// The element's 1-based position among its parent's element children, counted from the
  /// start and from the end, when the tree can tell without a walk (a cache); nil makes the
  /// matcher count siblings. Defaulted to nil.
  var elementChildPosition: (fromStart: Int, fromEnd: Int)? { get }

  var localName: String { get }
  var namespaceURI: String? { get }
  /// True for an element in the HTML namespace whose node document is an HTML document: type
  /// selectors and attribute names match it ASCII case-insensitively.
  var isHTMLElementInHTMLDocument: Bool { get }
  /// The node document is in quirks mode: class and id selectors match ASCII case-insensitively.
  var isInQuirksMode: Bool { get }
  /// The element's parent is a document (`:root`).
  var isDocumentRoot: Bool { get }
  /// No element children and no text (or CDATA) node with non-empty data; comments and
  /// processing instructions are allowed (`:empty`).
  var hasNoChildrenOrText: Bool { get }

  /// The value of the attribute with exactly this local name and namespace (nil: no namespace).
  func attributeValue(localName: String, namespace: String?) -> String?
  /// Every attribute, in order. Used for `[*|attr]`.
  func forEachAttribute(_ body: (_ localName: String, _ namespace: String?, _ value: String) -> Void)

  /// The element's ID (the `id` attribute's value); defaulted to that attribute.
  var id: String? { get }
  /// Whether the element's class list contains `name` (compared code point for code point, or
  /// ASCII case-insensitively). Defaulted to splitting the `class` attribute.
  func hasClass(_ name: String, caseInsensitive: Bool) -> Bool

  func isSame(as other: Self) -> Bool

  // Element state. Each is defaulted to what the attributes alone say (see the extension below).
  /// `:checked`: a checkbox or radio input that is checked, a selected option.
  var isChecked: Bool { get }
  /// `:default`.
  var isDefault: Bool { get }
  /// `:indeterminate`.
  var isIndeterminate: Bool { get }
  /// `:disabled` (and, for the elements that can be disabled, `:enabled` as its complement).
  var isDisabled: Bool { get }
  /// Whether the element is one that can be disabled at all: `:enabled` matches only those.
  var canBeDisabled: Bool { get }
  /// `:required` true, `:optional` false, neither nil.
  var requiredness: Bool? { get }
  /// `:read-write` (`:read-only` is its complement).
  var isReadWrite: Bool { get }
  /// `:placeholder-shown`.
  var isPlaceholderShown: Bool { get }
  /// `:defined`: not a custom element waiting for its definition.
  var isDefined: Bool { get }
  /// `:link` and `:any-link`: an `a` or `area` element with an `href` attribute.
  var isLink: Bool { get }
}
