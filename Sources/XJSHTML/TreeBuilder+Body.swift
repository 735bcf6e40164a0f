/// The "in body" insertion mode and the adoption agency algorithm.
extension TreeBuilder {

  func isSpecial(_ record: Record) -> Bool {
    switch record.namespace {
    case .html: return htmlNamesSpecialHTML.contains(record.name)
    case .mathml: return ["mi", "mo", "mn", "ms", "mtext", "annotation-xml"].contains(record.name)
    case .svg: return ["foreignObject", "desc", "title"].contains(record.name)
    default: return false
    }
  }

  func closeParagraphIfInButtonScope() {
    if inScope("p", .button) { closeParagraph() }
  }

  func closeParagraph() {
    generateImpliedEndTags(except: "p")
    popUntil("p")
  }

  func inBodyMode(_ token: Token) {
    switch token {
    case .characters(let text):
      let cleaned = text.utf8.contains(0) ? String(decoding: text.utf8.filter { $0 != 0 }, as: UTF8.self) : text
      if cleaned.isEmpty { return }
      reconstructActiveFormatting()
      insertText(cleaned)
      if !isAllWhitespace(cleaned) { framesetOK = false }
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag): inBodyStartTag(tag, token)
    case .endTag(let tag): inBodyEndTag(tag, token)
    case .endOfFile:
      if !templateModes.isEmpty {
        inTemplateMode(token)
      } else {
        stopParsing()
      }
    }
  }

  private func inBodyStartTag(_ tag: TagToken, _ token: Token) {
    let name = tag.name
    switch name {
    case "html":
      if hasOpen("template") { return }
      sink.addAttributesIfMissing(tag.attributes, to: openElements[0].node)
    case "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title":
      inHeadMode(token)
    case "body":
      guard openElements.count > 1, openElements[1].isHTML("body"), !hasOpen("template") else { return }
      framesetOK = false
      sink.addAttributesIfMissing(tag.attributes, to: openElements[1].node)
    case "frameset":
      guard openElements.count > 1, openElements[1].isHTML("body"), framesetOK else { return }
      sink.remove(openElements[1].node)
      openElements.removeSubrange(1...)
      insertHTMLElement(tag)
      mode = .inFrameset
    case _ where htmlNamesClosesParagraph.contains(name):
      closeParagraphIfInButtonScope()
      insertHTMLElement(tag)
    case _ where htmlNamesHeadings.contains(name):
      closeParagraphIfInButtonScope()
      if let current = currentNode, current.isHTMLElement, htmlNamesHeadings.contains(current.name) {
        openElements.removeLast()
      }
      insertHTMLElement(tag)
    case "pre", "listing":
      closeParagraphIfInButtonScope()
      insertHTMLElement(tag)
      skipNextNewline = true
      framesetOK = false
    case "form":
      let templateOpen = hasOpen("template")
      if formElement != nil && !templateOpen { return }
      closeParagraphIfInButtonScope()
      let record = insertHTMLElement(tag)
      if !templateOpen { formElement = record.node }
    case "li", "dd", "dt":
      framesetOK = false
      let names: Set<String> = name == "li" ? ["li"] : ["dd", "dt"]
      for node in openElements.reversed() {
        if node.isHTMLElement && names.contains(node.name) {
          generateImpliedEndTags(except: node.name)
          popUntil(node.name)
          break
        }
        if isSpecial(node) && !(node.isHTMLElement && ["address", "div", "p"].contains(node.name)) { break }
      }
      closeParagraphIfInButtonScope()
      insertHTMLElement(tag)
    case "plaintext":
      closeParagraphIfInButtonScope()
      insertHTMLElement(tag)
      tokenizer.state = .plaintext
    case "button":
      if inScope("button") {
        generateImpliedEndTags()
        popUntil("button")
      }
      reconstructActiveFormatting()
      insertHTMLElement(tag)
      framesetOK = false
    case "a":
      if let existing = formattingElement(named: "a") {
        adoptionAgency("a")
        removeFromFormatting(existing)
        remove(fromStack: existing)
      }
      reconstructActiveFormatting()
      pushFormatting(insertHTMLElement(tag))
    case "b", "big", "code", "em", "font", "i", "s", "small", "strike", "strong", "tt", "u":
      reconstructActiveFormatting()
      pushFormatting(insertHTMLElement(tag))
    case "nobr":
      reconstructActiveFormatting()
      if inScope("nobr") {
        adoptionAgency("nobr")
        reconstructActiveFormatting()
      }
      pushFormatting(insertHTMLElement(tag))
    case "applet", "marquee", "object":
      reconstructActiveFormatting()
      insertHTMLElement(tag)
      activeFormatting.append(.marker)
      framesetOK = false
    case "table":
      if quirksMode != .quirks { closeParagraphIfInButtonScope() }
      insertHTMLElement(tag)
      framesetOK = false
      mode = .inTable
    case "area", "br", "embed", "img", "keygen", "wbr":
      reconstructActiveFormatting()
      insertHTMLElement(tag)
      openElements.removeLast()
      framesetOK = false
    case "input":
      // Customizable select (HTML 2025): an input closes an open select.
      if isFragmentWithSelectContext { return }
      if inScope("select") { popUntil("select") }
      reconstructActiveFormatting()
      insertHTMLElement(tag)
      openElements.removeLast()
      if tag.attribute("type").map(asciiLowercase) != "hidden" { framesetOK = false }
    case "param", "source", "track":
      insertHTMLElement(tag)
      openElements.removeLast()
    case "hr":
      closeParagraphIfInButtonScope()
      if inScope("select") { generateImpliedEndTags() }
      insertHTMLElement(tag)
      openElements.removeLast()
      framesetOK = false
    case "image":
      var renamed = tag
      renamed.name = "img"
      inBodyMode(.startTag(renamed))
    case "textarea":
      insertHTMLElement(tag)
      skipNextNewline = true
      tokenizer.state = .rcdata
      originalMode = mode
      framesetOK = false
      mode = .text
    case "xmp":
      closeParagraphIfInButtonScope()
      reconstructActiveFormatting()
      framesetOK = false
      parseRawText(tag, rcdata: false)
    case "iframe":
      framesetOK = false
      parseRawText(tag, rcdata: false)
    case "noembed": parseRawText(tag, rcdata: false)
    case "noscript" where scripting: parseRawText(tag, rcdata: false)
    case "select":
      // Customizable select (HTML 2025): there is no "in select" mode; a select's content is
      // parsed in body, and a nested select start tag closes the open one.
      if isFragmentWithSelectContext { return }
      if inScope("select") {
        popUntil("select")
        return
      }
      reconstructActiveFormatting()
      insertHTMLElement(tag)
      framesetOK = false
    case "option":
      if inScope("select") {
        generateImpliedEndTags(except: "optgroup")
      } else if let current = currentNode, current.isHTML("option") {
        openElements.removeLast()
      }
      reconstructActiveFormatting()
      insertHTMLElement(tag)
    case "optgroup":
      if inScope("select") {
        generateImpliedEndTags()
      } else if let current = currentNode, current.isHTML("option") {
        openElements.removeLast()
      }
      reconstructActiveFormatting()
      insertHTMLElement(tag)
    case "rb", "rtc":
      if inScope("ruby") { generateImpliedEndTags() }
      insertHTMLElement(tag)
    case "rp", "rt":
      if inScope("ruby") { generateImpliedEndTags(except: "rtc") }
      insertHTMLElement(tag)
    case "math":
      reconstructActiveFormatting()
      _ = insertForeignElement(tag, namespace: .mathml)
    case "svg":
      reconstructActiveFormatting()
      _ = insertForeignElement(tag, namespace: .svg)
    case "caption", "col", "colgroup", "frame", "head", "tbody", "td", "tfoot", "th", "thead", "tr":
      return
    default:
      reconstructActiveFormatting()
      insertHTMLElement(tag)
    }
  }

  private func inBodyEndTag(_ tag: TagToken, _ token: Token) {
    let name = tag.name
    switch name {
    case "template": inHeadMode(token)
    case "body":
      guard inScope("body") else { return }
      mode = .afterBody
    case "html":
      guard inScope("body") else { return }
      reprocess(token, in: .afterBody)
    case "address", "article", "aside", "blockquote", "button", "center", "details", "dialog", "dir", "div", "dl",
      "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "listing", "main", "menu", "nav", "ol", "pre",
      "search", "section", "summary", "ul":
      guard inScope(name) else { return }
      generateImpliedEndTags()
      popUntil(name)
    case "form":
      if !hasOpen("template") {
        let node = formElement
        formElement = nil
        guard let node, let record = openElements.last(where: { $0.node === node }), recordInScope(record) else {
          return
        }
        generateImpliedEndTags()
        remove(fromStack: record)
      } else {
        guard inScope("form") else { return }
        generateImpliedEndTags()
        popUntil("form")
      }
    case "select":
      guard inScope("select") else { return }
      popUntil("select")
    case "p":
      if !inScope("p", .button) { insertHTMLElement(TagToken(name: "p")) }
      closeParagraph()
    case "li":
      guard inScope("li", .listItem) else { return }
      generateImpliedEndTags(except: "li")
      popUntil("li")
    case "dd", "dt":
      guard inScope(name) else { return }
      generateImpliedEndTags(except: name)
      popUntil(name)
    case _ where htmlNamesHeadings.contains(name):
      guard inScope(oneOf: htmlNamesHeadings) else { return }
      generateImpliedEndTags()
      popUntil(oneOf: htmlNamesHeadings)
    case _ where htmlNamesFormattingNames.contains(name):
      adoptionAgency(name)
    case "applet", "marquee", "object":
      guard inScope(name) else { return }
      generateImpliedEndTags()
      popUntil(name)
      clearFormattingToLastMarker()
    case "br":
      inBodyStartTag(TagToken(name: "br"), .startTag(TagToken(name: "br")))
    default: anyOtherEndTag(name)
    }
  }

  /// "Any other end tag" in body.
  func anyOtherEndTag(_ name: String) {
    for index in openElements.indices.reversed() {
      let node = openElements[index]
      if node.isHTML(name) {
        generateImpliedEndTags(except: name)
        openElements.removeSubrange(index...)
        return
      }
      if isSpecial(node) { return }
    }
  }

  // MARK: The adoption agency algorithm

  func adoptionAgency(_ subject: String) {
    // 2. The current node is the subject and not in the list: pop it, done.
    if let current = currentNode, current.isHTML(subject), !activeFormatting.contains(where: { $0.record === current })
    {
      openElements.removeLast()
      return
    }
    // 3–4. The outer loop, at most 8 times.
    for _ in 0..<8 {
      // 4.3. The formatting element: the last entry named subject after the last marker.
      guard let formatting = formattingElement(named: subject) else {
        anyOtherEndTag(subject)
        return
      }
      // 4.4. Not open: remove it from the list.
      guard let formattingIndex = openElements.firstIndex(where: { $0 === formatting }) else {
        removeFromFormatting(formatting)
        return
      }
      // 4.5. Open but not in scope: a parse error, nothing else.
      guard recordInScope(formatting) else { return }
      // 4.7. The furthest block: the topmost special element below the formatting element.
      guard
        let furthestIndex = openElements[(formattingIndex + 1)...].firstIndex(where: { isSpecial($0) })
      else {
        // 4.8. No furthest block: pop up to and including the formatting element.
        openElements.removeSubrange(formattingIndex...)
        removeFromFormatting(formatting)
        return
      }
      let furthestBlock = openElements[furthestIndex]
      // 4.9. The common ancestor.
      let commonAncestor = openElements[formattingIndex - 1]
      // 4.10. The bookmark.
      var bookmark = activeFormatting.firstIndex { $0.record === formatting }!
      // 4.11–4.13. The inner loop.
      var node = furthestBlock
      var lastNode = furthestBlock
      var nodeIndex = furthestIndex
      var innerCounter = 0
      while true {
        innerCounter += 1
        nodeIndex -= 1
        node = openElements[nodeIndex]
        if node === formatting { break }
        var listIndex = activeFormatting.firstIndex { $0.record === node }
        if innerCounter > 3, let index = listIndex {
          activeFormatting.remove(at: index)
          if index < bookmark { bookmark -= 1 }
          listIndex = nil
        }
        guard let entryIndex = listIndex else {
          openElements.remove(at: nodeIndex)
          continue
        }
        // Replace the node with a new element for its token.
        let replacement = createElement(TagToken(name: node.name, attributes: node.attributes), namespace: .html)
        activeFormatting[entryIndex] = .element(replacement)
        openElements[nodeIndex] = replacement
        node = replacement
        if lastNode === furthestBlock { bookmark = entryIndex + 1 }
        sink.remove(lastNode.node)
        sink.append(lastNode.node, to: node.node)
        lastNode = node
      }
      // 4.14. Insert the last node where the common ancestor wants it.
      sink.remove(lastNode.node)
      insert(lastNode.node, at: appropriatePlace(overrideTarget: commonAncestor))
      // 4.15–4.17. A new formatting element takes the furthest block's children.
      let newElement = createElement(
        TagToken(name: formatting.name, attributes: formatting.attributes), namespace: .html)
      sink.moveChildren(of: furthestBlock.node, to: newElement.node)
      sink.append(newElement.node, to: furthestBlock.node)
      // 4.18. The list: the new element at the bookmark, the old one out.
      let oldIndex = activeFormatting.firstIndex { $0.record === formatting }!
      activeFormatting.remove(at: oldIndex)
      if oldIndex < bookmark { bookmark -= 1 }
      activeFormatting.insert(.element(newElement), at: min(bookmark, activeFormatting.count))
      // 4.19. The stack: the old one out, the new one just below the furthest block.
      remove(fromStack: formatting)
      let blockIndex = openElements.firstIndex { $0 === furthestBlock }!
      openElements.insert(newElement, at: blockIndex + 1)
    }
  }
}

extension TreeBuilder {
  /// The fragment case with a `select` context element: select and input start tags are ignored.
  var isFragmentWithSelectContext: Bool { contextElement?.isHTML("select") == true }
}

/// `closesParagraph`: a constant, built once (a computed Set would be rebuilt on every use).
let htmlNamesClosesParagraph: Set<String> = [
  "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
  "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol", "p", "search", "section",
  "summary", "ul",
]

/// `headings`: a constant, built once (a computed Set would be rebuilt on every use).
let htmlNamesHeadings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

/// `formattingNames`: a constant, built once (a computed Set would be rebuilt on every use).
let htmlNamesFormattingNames: Set<String> = [
  "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u",
]

/// `specialHTML`: a constant, built once (a computed Set would be rebuilt on every use).
let htmlNamesSpecialHTML: Set<String> = [
  "address", "applet", "area", "article", "aside", "base", "basefont", "bgsound", "blockquote", "body", "br",
  "button", "caption", "center", "col", "colgroup", "dd", "details", "dir", "div", "dl", "dt", "embed",
  "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6",
  "head", "header", "hgroup", "hr", "html", "iframe", "img", "input", "keygen", "li", "link", "listing", "main",
  "marquee", "menu", "meta", "nav", "noembed", "noframes", "noscript", "object", "ol", "p", "param",
  "plaintext", "pre", "script", "search", "section", "select", "source", "style", "summary", "table", "tbody",
  "td", "template", "textarea", "tfoot", "th", "thead", "title", "tr", "track", "ul", "wbr", "xmp",
]
