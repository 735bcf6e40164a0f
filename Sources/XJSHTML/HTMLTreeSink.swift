/// The namespaces the HTML parser puts elements and attributes in.
public enum HTMLNamespace: String, Sendable, Hashable {
  case html = "http://www.w3.org/1999/xhtml"
  case svg = "http://www.w3.org/2000/svg"
  case mathml = "http://www.w3.org/1998/Math/MathML"
  case xlink = "http://www.w3.org/1999/xlink"
  case xml = "http://www.w3.org/XML/1998/namespace"
  case xmlns = "http://www.w3.org/2000/xmlns/"
}

/// An attribute as the parser creates it (after the foreign-content adjustments: `xlink:href`
/// has prefix "xlink", local name "href" and the XLink namespace).
public struct HTMLAttribute: Equatable, Sendable {
  public var localName: String
  public var prefix: String?
  public var namespace: HTMLNamespace?
  public var value: String

  public init(localName: String, prefix: String? = nil, namespace: HTMLNamespace? = nil, value: String) {
    self.localName = localName
    self.prefix = prefix
    self.namespace = namespace
    self.value = value
  }

  /// The name as serialized and as `getAttribute` finds it ("xlink:href").
  public var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }
}

/// The document's mode, set from its doctype.
public enum HTMLQuirksMode: Sendable {
  case noQuirks, limitedQuirks, quirks
}

/// What the parser is asked to do.
public struct HTMLParserOptions: Sendable {
  /// The scripting flag: whether `<noscript>` content is raw text (scripting on) or markup.
  public var scripting = true

  public init(scripting: Bool = true) {
    self.scripting = scripting
  }
}

/// The tree the parser builds, as the host keeps it (the DOM, or a test's plain tree). The parser
/// holds nodes only through this protocol and never inspects them beyond `parent(of:)`: the
/// sink is the tree's one owner.
public protocol HTMLTreeSink: AnyObject {
  associatedtype Node: AnyObject

  /// The document node the parse builds into.
  var document: Node { get }

  func createElement(localName: String, namespace: HTMLNamespace, attributes: [HTMLAttribute]) -> Node
  func createComment(_ data: String) -> Node
  /// Appends a doctype node to the document.
  func appendDoctype(name: String, publicID: String, systemID: String)

  /// Appends `child` (not in the tree) as `parent`'s last child.
  func append(_ child: Node, to parent: Node)
  /// Inserts `child` (not in the tree) into `parent` before `reference`, a child of `parent`.
  func insert(_ child: Node, before reference: Node, in parent: Node)
  /// Appends text to `parent`: to its last child when that is a text node, else as a new one.
  func appendText(_ text: String, to parent: Node)
  /// Inserts text before `reference`: into the node before it when that is a text node, else as
  /// a new text node.
  func insertText(_ text: String, before reference: Node, in parent: Node)
  /// The node's parent, or nil when it is not in a tree.
  func parent(of node: Node) -> Node?
  /// Takes the node out of its parent (nothing when it has none).
  func remove(_ node: Node)
  /// Moves every child of `node`, in order, to the end of `newParent`'s children.
  func moveChildren(of node: Node, to newParent: Node)

  /// The contents fragment of a `template` element.
  func templateContents(of template: Node) -> Node
  /// Adds each attribute the element does not have yet (a second `<html>` or `<body>` tag).
  func addAttributesIfMissing(_ attributes: [HTMLAttribute], to element: Node)
  func setQuirksMode(_ mode: HTMLQuirksMode)
  /// Records that a form-associated element was created while `form` was the form element
  /// pointer (so `form.elements` can list it).
  func associate(_ element: Node, withForm form: Node)
  /// A `script` element's end tag was reached: the host may run it now, before the parser goes
  /// on (it may change the tree; the parser keeps its own stack of open elements). `textStart`
  /// is where the script's text begins in the input, for the positions its errors report.
  func scriptElementClosed(_ script: Node, textStart: HTMLSourcePosition)
}

extension HTMLTreeSink {
  public func associate(_ element: Node, withForm form: Node) {}
  public func scriptElementClosed(_ script: Node, textStart: HTMLSourcePosition) {}
}

/// A place in the parser's input: 1-based line, and 1-based column in UTF-16 code units (as
/// JavaScript engines count columns).
public struct HTMLSourcePosition: Equatable, Sendable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}
