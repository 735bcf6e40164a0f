/// Tree construction (WHATWG HTML §13.2.6): the insertion modes over the tokenizer's tokens,
/// building through the sink. The insertion modes live in the TreeBuilder+… files.
final class TreeBuilder<Sink: HTMLTreeSink> {
  typealias Node = Sink.Node

  /// An element the builder keeps (on the stack of open elements, in the list of active
  /// formatting elements): the node and what the algorithm asks of it.
  final class Record: OpenElementRecord {
    let node: Node
    let name: String
    let namespace: HTMLNamespace
    /// The token's attributes (formatting elements are recreated from them; annotation-xml's
    /// encoding decides whether it is an HTML integration point).
    let attributes: [HTMLAttribute]

    init(node: Node, name: String, namespace: HTMLNamespace, attributes: [HTMLAttribute]) {
      self.node = node
      self.name = name
      self.namespace = namespace
      self.attributes = attributes
    }

    func isHTML(_ localName: String) -> Bool { namespace == .html && name == localName }
    var isHTMLElement: Bool { namespace == .html }
  }

  enum FormattingEntry {
    case marker
    case element(Record)

    var record: Record? {
      if case .element(let record) = self { return record }
      return nil
    }
  }

  enum Mode {
    case initial, beforeHTML, beforeHead, inHead, inHeadNoscript, afterHead, inBody, text, inTable
    case inTableText, inCaption, inColumnGroup, inTableBody, inRow, inCell
    case inTemplate, afterBody, inFrameset, afterFrameset, afterAfterBody, afterAfterFrameset
  }

  /// Where a node goes: appended to a parent, or inserted before a child of it.
  enum Location {
    case append(Node)
    case before(Node, parent: Node)
  }

  let sink: Sink
  var tokenizer: Tokenizer
  let scripting: Bool
  var mode = Mode.initial
  var originalMode = Mode.initial
  var templateModes: [Mode] = []
  var openElements: OpenElementStack<Record> = []
  var activeFormatting: [FormattingEntry] = []
  var headElement: Record?
  var formElement: Node?
  var framesetOK = true
  var fosterParenting = false
  var pendingTableText: [String] = []
  var quirksMode = HTMLQuirksMode.noQuirks
  /// The fragment case's context element (nil when parsing a document).
  var contextElement: Record?
  /// The first `html` element, the fragment case's root.
  var htmlRecord: Record?
  /// A newline right after `<pre>`, `<listing>` or `<textarea>` is dropped.
  var skipNextNewline = false
  var stopped = false
  /// The input offset where the current script element's text begins.
  var scriptTextStart = 0
  /// The last position asked for (scripts come in input order, so counting lines resumes there).
  private var positionCursor = (offset: 0, line: 1, lineStart: 0)

  init(sink: Sink, input: String, scripting: Bool) {
    self.sink = sink
    tokenizer = Tokenizer(input)
    self.scripting = scripting
  }

  // MARK: Running

  /// The line and column of input byte `offset`.
  func sourcePosition(ofByte offset: Int) -> HTMLSourcePosition {
    let bytes = tokenizer.bytes
    let target = min(offset, bytes.count)
    if target < positionCursor.offset { positionCursor = (0, 1, 0) }
    var (index, line, lineStart) = positionCursor
    while index < target {
      if bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    positionCursor = (target, line, lineStart)
    // UTF-16 units: one per lead byte, two for a four-byte sequence.
    var column = 1
    for byte in bytes[lineStart..<target] where byte & 0xC0 != 0x80 { column += byte >= 0xF0 ? 2 : 1 }
    return HTMLSourcePosition(line: line, column: column)
  }

  func run() {
    while !stopped {
      let token = tokenizer.nextToken()
      dispatch(token)
      if case .endOfFile = token { break }
      tokenizer.allowsCDATA = adjustedCurrentNode.map { $0.namespace != .html } ?? false
    }
  }

  /// The tree construction dispatcher: foreign content rules or the current insertion mode.
  func dispatch(_ token: Token) {
    var token = token
    if skipNextNewline {
      skipNextNewline = false
      if case .characters(let text) = token, text.utf8.first == 0x0A {
        let rest = String(text.utf8.dropFirst())!
        if rest.isEmpty { return }
        token = .characters(rest)
      }
    }
    if usesHTMLRules(for: token) {
      process(token, in: mode)
    } else {
      processForeignContent(token)
    }
  }

  /// Whether the token is handled by the insertion mode (not the rules for foreign content).
  private func usesHTMLRules(for token: Token) -> Bool {
    guard let node = adjustedCurrentNode, node.namespace != .html else { return true }
    if case .endOfFile = token { return true }
    if isMathMLTextIntegrationPoint(node) {
      if case .startTag(let tag) = token, tag.name != "mglyph" && tag.name != "malignmark" { return true }
      if case .characters = token { return true }
    }
    if node.namespace == .mathml && node.name == "annotation-xml", case .startTag(let tag) = token,
      tag.name == "svg"
    {
      return true
    }
    if isHTMLIntegrationPoint(node) {
      if case .startTag = token { return true }
      if case .characters = token { return true }
    }
    return false
  }

  func process(_ token: Token, in mode: Mode) {
    switch mode {
    case .initial: initialMode(token)
    case .beforeHTML: beforeHTMLMode(token)
    case .beforeHead: beforeHeadMode(token)
    case .inHead: inHeadMode(token)
    case .inHeadNoscript: inHeadNoscriptMode(token)
    case .afterHead: afterHeadMode(token)
    case .inBody: inBodyMode(token)
    case .text: textMode(token)
    case .inTable: inTableMode(token)
    case .inTableText: inTableTextMode(token)
    case .inCaption: inCaptionMode(token)
    case .inColumnGroup: inColumnGroupMode(token)
    case .inTableBody: inTableBodyMode(token)
    case .inRow: inRowMode(token)
    case .inCell: inCellMode(token)
    case .inTemplate: inTemplateMode(token)
    case .afterBody: afterBodyMode(token)
    case .inFrameset: inFramesetMode(token)
    case .afterFrameset: afterFramesetMode(token)
    case .afterAfterBody: afterAfterBodyMode(token)
    case .afterAfterFrameset: afterAfterFramesetMode(token)
    }
  }

  /// Processes the token by another mode's rules without switching to it.
  func reprocess(_ token: Token, in newMode: Mode) {
    mode = newMode
    dispatch(token)
  }

  // MARK: The stack of open elements

  var currentNode: Record? { openElements.last }

  /// The context element in the fragment case when only `html` is open, else the current node.
  var adjustedCurrentNode: Record? {
    if let context = contextElement, openElements.count == 1 { return context }
    return currentNode
  }

  func isOpen(_ record: Record) -> Bool { openElements.contains { $0 === record } }

  func popUntil(_ name: String) {
    while let node = openElements.popLast() {
      if node.isHTML(name) { return }
    }
  }

  func popUntil(oneOf names: Set<String>) {
    while let node = openElements.popLast() {
      if node.isHTMLElement && names.contains(node.name) { return }
    }
  }

  func remove(fromStack record: Record) {
    openElements.removeAll { $0 === record }
  }

  func hasOpen(_ name: String) -> Bool { openElements.contains { $0.isHTML(name) } }

  // MARK: Scopes

  enum Scope {
    case standard, listItem, button, table, select
  }

  func isScopeBoundary(_ record: Record, _ scope: Scope) -> Bool {
    switch scope {
    case .select:
      return !(record.isHTML("optgroup") || record.isHTML("option"))
    case .table:
      return record.isHTMLElement && ["html", "table", "template"].contains(record.name)
    case .standard, .listItem, .button:
      switch record.namespace {
      case .html:
        if standardScopeHTMLNames.contains(record.name) { return true }
        if scope == .listItem && (record.name == "ol" || record.name == "ul") { return true }
        return scope == .button && record.name == "button"
      case .mathml: return ["mi", "mo", "mn", "ms", "mtext", "annotation-xml"].contains(record.name)
      case .svg: return ["foreignObject", "desc", "title"].contains(record.name)
      default: return false
      }
    }
  }

  func inScope(_ name: String, _ scope: Scope = .standard) -> Bool {
    guard openElements.containsHTML(name) else { return false }
    for record in openElements.reversed() {
      if record.isHTML(name) { return true }
      if isScopeBoundary(record, scope) { return false }
    }
    return false
  }

  func inScope(oneOf names: Set<String>, _ scope: Scope = .standard) -> Bool {
    guard names.contains(where: openElements.containsHTML) else { return false }
    for record in openElements.reversed() {
      if record.isHTMLElement && names.contains(record.name) { return true }
      if isScopeBoundary(record, scope) { return false }
    }
    return false
  }

  func recordInScope(_ target: Record) -> Bool {
    for record in openElements.reversed() {
      if record === target { return true }
      if isScopeBoundary(record, .standard) { return false }
    }
    return false
  }

  // MARK: Implied end tags

  func generateImpliedEndTags(except excluded: String? = nil) {
    while let node = currentNode, node.isHTMLElement, htmlNamesImpliedEndTags.contains(node.name),
      node.name != excluded
    {
      openElements.removeLast()
    }
  }

  func generateAllImpliedEndTagsThoroughly() {
    let thorough = htmlNamesImpliedEndTags.union([
      "caption", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr",
    ])
    while let node = currentNode, node.isHTMLElement, thorough.contains(node.name) {
      openElements.removeLast()
    }
  }

  // MARK: Inserting

  /// "The appropriate place for inserting a node", with foster parenting.
  func appropriatePlace(overrideTarget: Record? = nil) -> Location {
    let target = overrideTarget ?? currentNode!
    var location: Location
    if fosterParenting && target.isHTMLElement
      && ["table", "tbody", "tfoot", "thead", "tr"].contains(target.name)
    {
      let lastTemplate = openElements.lastIndex { $0.isHTML("template") }
      let lastTable = openElements.lastIndex { $0.isHTML("table") }
      if let template = lastTemplate, lastTable == nil || template > lastTable! {
        location = .append(openElements[template].node)
      } else if let table = lastTable {
        if let parent = sink.parent(of: openElements[table].node) {
          location = .before(openElements[table].node, parent: parent)
        } else {
          location = .append(openElements[table - 1].node)
        }
      } else {
        location = .append(openElements[0].node)
      }
    } else {
      location = .append(target.node)
    }
    // A template's contents take what is inserted into the template.
    if case .append(let parent) = location, let record = openElements.last(where: { $0.node === parent }),
      record.isHTML("template")
    {
      location = .append(sink.templateContents(of: parent))
    }
    return location
  }

  func insert(_ node: Node, at location: Location) {
    switch location {
    case .append(let parent): sink.append(node, to: parent)
    case .before(let reference, let parent): sink.insert(node, before: reference, in: parent)
    }
  }

  /// "Insert a character" for a run of text.
  func insertText(_ text: String) {
    guard !text.isEmpty else { return }
    let location = appropriatePlace()
    switch location {
    case .append(let parent):
      if parent === sink.document { return }
      sink.appendText(text, to: parent)
    case .before(let reference, let parent):
      if parent === sink.document { return }
      sink.insertText(text, before: reference, in: parent)
    }
  }

  func insertComment(_ data: String, at location: Location? = nil) {
    insert(sink.createComment(data), at: location ?? appropriatePlace())
  }

  /// "Create an element for a token", with form association.
  func createElement(_ tag: TagToken, namespace: HTMLNamespace) -> Record {
    let node = sink.createElement(localName: tag.name, namespace: namespace, attributes: tag.attributes)
    if namespace == .html, htmlNamesFormAssociated.contains(tag.name), let form = formElement,
      !hasOpen("template")
    {
      sink.associate(node, withForm: form)
    }
    return Record(node: node, name: tag.name, namespace: namespace, attributes: tag.attributes)
  }

  /// "Insert an HTML element" for a start tag.
  @discardableResult
  func insertHTMLElement(_ tag: TagToken) -> Record {
    insertElement(tag, namespace: .html)
  }

  @discardableResult
  func insertElement(_ tag: TagToken, namespace: HTMLNamespace) -> Record {
    let location = appropriatePlace()
    let record = createElement(tag, namespace: namespace)
    insert(record.node, at: location)
    openElements.append(record)
    return record
  }

  /// "Insert a foreign element": the SVG/MathML adjustments, then as any element.
  func insertForeignElement(_ tag: TagToken, namespace: HTMLNamespace) -> Record {
    var adjusted = tag
    if namespace == .svg { adjusted.name = svgTagNameAdjustments[tag.name] ?? tag.name }
    adjusted.attributes = adjustForeignAttributes(tag.attributes, namespace: namespace)
    let record = insertElement(adjusted, namespace: namespace)
    if tag.selfClosing { openElements.removeLast() }
    return record
  }

  /// The generic raw text and RCDATA element parsing algorithms.
  func parseRawText(_ tag: TagToken, rcdata: Bool) {
    insertHTMLElement(tag)
    tokenizer.state = rcdata ? .rcdata : .rawtext
    originalMode = mode
    mode = .text
  }

  // MARK: Active formatting elements

  func pushFormatting(_ record: Record) {
    // The Noah's Ark clause: at most three identical entries after the last marker.
    var matching: [Int] = []
    for index in activeFormatting.indices.reversed() {
      guard let entry = activeFormatting[index].record else { break }
      if entry.name == record.name && entry.namespace == record.namespace
        && sameAttributes(entry.attributes, record.attributes)
      {
        matching.append(index)
      }
    }
    if matching.count >= 3 { activeFormatting.remove(at: matching.last!) }
    activeFormatting.append(.element(record))
  }

  private func sameAttributes(_ a: [HTMLAttribute], _ b: [HTMLAttribute]) -> Bool {
    a.count == b.count && a.allSatisfy { attribute in b.contains(attribute) }
  }

  func reconstructActiveFormatting() {
    guard let last = activeFormatting.last, let lastRecord = last.record, !isOpen(lastRecord) else { return }
    var index = activeFormatting.count - 1
    // Rewind to the entry after the last marker or open element.
    while index > 0 {
      let previous = activeFormatting[index - 1]
      guard let record = previous.record, !isOpen(record) else { break }
      index -= 1
    }
    // Advance: recreate each entry.
    while index < activeFormatting.count {
      let entry = activeFormatting[index].record!
      let tag = TagToken(name: entry.name, attributes: entry.attributes)
      let record = insertHTMLElement(tag)
      activeFormatting[index] = .element(record)
      index += 1
    }
  }

  func clearFormattingToLastMarker() {
    while let entry = activeFormatting.popLast() {
      if case .marker = entry { return }
    }
  }

  /// The last formatting element named `name` after the last marker.
  func formattingElement(named name: String) -> Record? {
    for entry in activeFormatting.reversed() {
      guard let record = entry.record else { return nil }
      if record.isHTML(name) { return record }
    }
    return nil
  }

  func removeFromFormatting(_ record: Record) {
    activeFormatting.removeAll { $0.record === record }
  }

  // MARK: Resetting the insertion mode

  func resetInsertionMode() {
    for index in openElements.indices.reversed() {
      var node = openElements[index]
      let last = index == 0
      if last, let context = contextElement { node = context }
      guard node.isHTMLElement else {
        if last {
          mode = .inBody
          return
        }
        continue
      }
      switch node.name {
      case "td",
        "th" where !last:
        mode = .inCell
        return
      case "tr":
        mode = .inRow
        return
      case "tbody", "thead", "tfoot":
        mode = .inTableBody
        return
      case "caption":
        mode = .inCaption
        return
      case "colgroup":
        mode = .inColumnGroup
        return
      case "table":
        mode = .inTable
        return
      case "template":
        mode = templateModes.last ?? .inBody
        return
      case "head" where !last:
        mode = .inHead
        return
      case "body":
        mode = .inBody
        return
      case "frameset":
        mode = .inFrameset
        return
      case "html":
        mode = headElement == nil ? .beforeHead : .afterHead
        return
      default:
        if last {
          mode = .inBody
          return
        }
      }
    }
    mode = .inBody
  }

  // MARK: Integration points

  func isMathMLTextIntegrationPoint(_ record: Record) -> Bool {
    record.namespace == .mathml && ["mi", "mo", "mn", "ms", "mtext"].contains(record.name)
  }

  func isHTMLIntegrationPoint(_ record: Record) -> Bool {
    if record.namespace == .svg { return ["foreignObject", "desc", "title"].contains(record.name) }
    if record.namespace == .mathml && record.name == "annotation-xml" {
      guard let encoding = record.attributes.first(where: { $0.localName == "encoding" })?.value else { return false }
      let lowered = asciiLowercase(encoding)
      return lowered == "text/html" || lowered == "application/xhtml+xml"
    }
    return false
  }
}

// MARK: Text helpers

/// The run's leading whitespace and the rest.
func splitLeadingWhitespace(_ text: String) -> (whitespace: String, rest: String) {
  let utf8 = text.utf8
  let count = utf8.prefix(while: isHTMLWhitespace).count
  if count == 0 { return ("", text) }
  if count == utf8.count { return (text, "") }
  return (String(utf8.prefix(count))!, String(utf8.dropFirst(count))!)
}

func isAllWhitespace(_ text: String) -> Bool { text.utf8.allSatisfy(isHTMLWhitespace) }

func asciiLowercase(_ string: String) -> String {
  guard string.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return string }
  return String(decoding: string.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
}

/// The HTML elements that bound the default scope (and the list-item and button scopes).
private let standardScopeHTMLNames: Set<String> = [
  "applet", "caption", "html", "table", "td", "th", "marquee", "object", "template",
]

/// `impliedEndTags`: a constant, built once (a computed Set would be rebuilt on every use).
let htmlNamesImpliedEndTags: Set<String> = ["dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc"]

/// `formAssociated`: a constant, built once (a computed Set would be rebuilt on every use).
let htmlNamesFormAssociated: Set<String> = [
  "button", "fieldset", "input", "object", "output", "select", "textarea", "img",
]
