/// The context element of the HTML fragment parsing algorithm.
public struct HTMLFragmentContext<Node: AnyObject> {
  public var localName: String
  public var namespace: HTMLNamespace
  /// The nearest form ancestor of the context element (the form element pointer).
  public var form: Node?
  public var quirksMode: HTMLQuirksMode

  public init(
    localName: String, namespace: HTMLNamespace = .html, form: Node? = nil, quirksMode: HTMLQuirksMode = .noQuirks
  ) {
    self.localName = localName
    self.namespace = namespace
    self.form = form
    self.quirksMode = quirksMode
  }
}

/// Parses a whole document into `sink.document`.
public func parseHTMLDocument<Sink: HTMLTreeSink>(
  _ input: String, into sink: Sink, options: HTMLParserOptions = HTMLParserOptions()
) {
  TreeBuilder(sink: sink, input: input, scripting: options.scripting).run()
}

/// The HTML fragment parsing algorithm: builds into `sink.document` (a fresh document) and
/// returns the root `html` element, whose children are the fragment's nodes.
public func parseHTMLFragment<Sink: HTMLTreeSink>(
  _ input: String, context: HTMLFragmentContext<Sink.Node>, into sink: Sink,
  options: HTMLParserOptions = HTMLParserOptions()
) -> Sink.Node {
  let builder = TreeBuilder(sink: sink, input: input, scripting: options.scripting)
  builder.quirksMode = context.quirksMode
  sink.setQuirksMode(context.quirksMode)
  // 4. The tokenizer's state follows the context element.
  if context.namespace == .html {
    switch context.localName {
    case "title", "textarea": builder.tokenizer.state = .rcdata
    case "style", "xmp", "iframe", "noembed", "noframes": builder.tokenizer.state = .rawtext
    case "noscript" where options.scripting: builder.tokenizer.state = .rawtext
    case "script": builder.tokenizer.state = .scriptData
    case "plaintext": builder.tokenizer.state = .plaintext
    default: break
    }
    builder.tokenizer.lastStartTagName = Array(context.localName.utf8)
  }
  // 5–7. A root html element on the stack; the context element stands beside it.
  let root = sink.createElement(localName: "html", namespace: .html, attributes: [])
  sink.append(root, to: sink.document)
  let rootRecord = TreeBuilder<Sink>.Record(node: root, name: "html", namespace: .html, attributes: [])
  builder.openElements = [rootRecord]
  builder.htmlRecord = rootRecord
  let contextNode = sink.createElement(localName: context.localName, namespace: context.namespace, attributes: [])
  builder.contextElement = TreeBuilder<Sink>.Record(
    node: contextNode, name: context.localName, namespace: context.namespace, attributes: [])
  // 8. A template context starts in "in template".
  if context.namespace == .html && context.localName == "template" { builder.templateModes = [.inTemplate] }
  // 10. Reset the insertion mode; 11. the form element pointer.
  builder.resetInsertionMode()
  builder.formElement = context.form
  builder.run()
  return root
}
