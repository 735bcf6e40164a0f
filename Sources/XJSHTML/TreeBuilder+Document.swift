/// The insertion modes around the body: initial through after head, text, and the modes after
/// the body and the frameset.
extension TreeBuilder {
  // MARK: initial

  func initialMode(_ token: Token) {
    switch token {
    case .characters(let text):
      let (_, rest) = splitLeadingWhitespace(text)
      if rest.isEmpty { return }
      initialAnythingElse(.characters(rest))
    case .comment(let data): insertComment(data, at: .append(sink.document))
    case .doctype(let doctype):
      sink.appendDoctype(name: doctype.name ?? "", publicID: doctype.publicID ?? "", systemID: doctype.systemID ?? "")
      quirksMode = quirksMode(for: doctype)
      sink.setQuirksMode(quirksMode)
      mode = .beforeHTML
    default: initialAnythingElse(token)
    }
  }

  private func initialAnythingElse(_ token: Token) {
    quirksMode = .quirks
    sink.setQuirksMode(.quirks)
    reprocess(token, in: .beforeHTML)
  }

  // MARK: before html

  func beforeHTMLMode(_ token: Token) {
    switch token {
    case .doctype: return
    case .comment(let data): insertComment(data, at: .append(sink.document))
    case .characters(let text):
      let (_, rest) = splitLeadingWhitespace(text)
      if rest.isEmpty { return }
      beforeHTMLAnythingElse(.characters(rest))
    case .startTag(let tag) where tag.name == "html":
      let record = createElement(tag, namespace: .html)
      sink.append(record.node, to: sink.document)
      openElements.append(record)
      htmlRecord = record
      mode = .beforeHead
    case .endTag(let tag) where !["head", "body", "html", "br"].contains(tag.name): return
    default: beforeHTMLAnythingElse(token)
    }
  }

  private func beforeHTMLAnythingElse(_ token: Token) {
    let record = createElement(TagToken(name: "html"), namespace: .html)
    sink.append(record.node, to: sink.document)
    openElements.append(record)
    htmlRecord = record
    reprocess(token, in: .beforeHead)
  }

  // MARK: before head

  func beforeHeadMode(_ token: Token) {
    switch token {
    case .characters(let text):
      let (_, rest) = splitLeadingWhitespace(text)
      if rest.isEmpty { return }
      beforeHeadAnythingElse(.characters(rest))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .startTag(let tag) where tag.name == "head":
      headElement = insertHTMLElement(tag)
      mode = .inHead
    case .endTag(let tag) where !["head", "body", "html", "br"].contains(tag.name): return
    default: beforeHeadAnythingElse(token)
    }
  }

  private func beforeHeadAnythingElse(_ token: Token) {
    headElement = insertHTMLElement(TagToken(name: "head"))
    reprocess(token, in: .inHead)
  }

  // MARK: in head

  func inHeadMode(_ token: Token) {
    switch token {
    case .characters(let text):
      let (whitespace, rest) = splitLeadingWhitespace(text)
      insertText(whitespace)
      if rest.isEmpty { return }
      inHeadAnythingElse(.characters(rest))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "html": inBodyMode(token)
      case "base", "basefont", "bgsound", "link", "meta":
        insertHTMLElement(tag)
        openElements.removeLast()
      case "title": parseRawText(tag, rcdata: true)
      case "noscript" where scripting, "noframes", "style": parseRawText(tag, rcdata: false)
      case "noscript":
        insertHTMLElement(tag)
        mode = .inHeadNoscript
      case "script":
        let location = appropriatePlace()
        let record = createElement(tag, namespace: .html)
        insert(record.node, at: location)
        openElements.append(record)
        tokenizer.state = .scriptData
        scriptTextStart = tokenizer.position
        originalMode = mode
        mode = .text
      case "template":
        insertHTMLElement(tag)
        activeFormatting.append(.marker)
        framesetOK = false
        mode = .inTemplate
        templateModes.append(.inTemplate)
      case "head": return
      default: inHeadAnythingElse(token)
      }
    case .endTag(let tag):
      switch tag.name {
      case "head":
        openElements.removeLast()
        mode = .afterHead
      case "body", "html", "br": inHeadAnythingElse(token)
      case "template":
        guard hasOpen("template") else { return }
        generateAllImpliedEndTagsThoroughly()
        popUntil("template")
        clearFormattingToLastMarker()
        templateModes.removeLast()
        resetInsertionMode()
      default: return
      }
    case .endOfFile: inHeadAnythingElse(token)
    }
  }

  private func inHeadAnythingElse(_ token: Token) {
    openElements.removeLast()
    reprocess(token, in: .afterHead)
  }

  // MARK: in head noscript

  func inHeadNoscriptMode(_ token: Token) {
    switch token {
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .endTag(let tag) where tag.name == "noscript":
      openElements.removeLast()
      mode = .inHead
    case .characters(let text):
      let (whitespace, rest) = splitLeadingWhitespace(text)
      if !whitespace.isEmpty { inHeadMode(.characters(whitespace)) }
      if rest.isEmpty { return }
      inHeadNoscriptAnythingElse(.characters(rest))
    case .comment: inHeadMode(token)
    case .startTag(let tag) where ["basefont", "bgsound", "link", "meta", "noframes", "style"].contains(tag.name):
      inHeadMode(token)
    case .startTag(let tag) where tag.name == "head" || tag.name == "noscript": return
    case .endTag(let tag) where tag.name != "br": return
    default: inHeadNoscriptAnythingElse(token)
    }
  }

  private func inHeadNoscriptAnythingElse(_ token: Token) {
    openElements.removeLast()
    reprocess(token, in: .inHead)
  }

  // MARK: after head

  func afterHeadMode(_ token: Token) {
    switch token {
    case .characters(let text):
      let (whitespace, rest) = splitLeadingWhitespace(text)
      insertText(whitespace)
      if rest.isEmpty { return }
      afterHeadAnythingElse(.characters(rest))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "html": inBodyMode(token)
      case "body":
        insertHTMLElement(tag)
        framesetOK = false
        mode = .inBody
      case "frameset":
        insertHTMLElement(tag)
        mode = .inFrameset
      case "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title":
        guard let head = headElement else { return }
        openElements.append(head)
        inHeadMode(token)
        remove(fromStack: head)
      case "head": return
      default: afterHeadAnythingElse(token)
      }
    case .endTag(let tag):
      switch tag.name {
      case "template": inHeadMode(token)
      case "body", "html", "br": afterHeadAnythingElse(token)
      default: return
      }
    case .endOfFile: afterHeadAnythingElse(token)
    }
  }

  private func afterHeadAnythingElse(_ token: Token) {
    insertHTMLElement(TagToken(name: "body"))
    reprocess(token, in: .inBody)
  }

  // MARK: text

  func textMode(_ token: Token) {
    switch token {
    case .characters(let text): insertText(text)
    case .endOfFile:
      openElements.removeLast()
      reprocess(token, in: originalMode)
    case .endTag(let tag) where tag.name == "script":
      let script = openElements.removeLast()
      mode = originalMode
      sink.scriptElementClosed(script.node, textStart: sourcePosition(ofByte: scriptTextStart))
    case .endTag:
      openElements.removeLast()
      mode = originalMode
    default: return
    }
  }

  // MARK: after body

  func afterBodyMode(_ token: Token) {
    switch token {
    case .characters(let text):
      let (whitespace, rest) = splitLeadingWhitespace(text)
      if !whitespace.isEmpty { inBodyMode(.characters(whitespace)) }
      if rest.isEmpty { return }
      reprocess(.characters(rest), in: .inBody)
    case .comment(let data): insertComment(data, at: .append(openElements[0].node))
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .endTag(let tag) where tag.name == "html":
      if contextElement != nil { return }
      mode = .afterAfterBody
    case .endOfFile: stopParsing()
    default: reprocess(token, in: .inBody)
    }
  }

  // MARK: frameset

  func inFramesetMode(_ token: Token) {
    switch token {
    case .characters(let text):
      insertText(String(text.utf8.filter(isHTMLWhitespace).map { Character(Unicode.Scalar($0)) }))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "html": inBodyMode(token)
      case "frameset": insertHTMLElement(tag)
      case "frame":
        insertHTMLElement(tag)
        openElements.removeLast()
      case "noframes": inHeadMode(token)
      default: return
      }
    case .endTag(let tag) where tag.name == "frameset":
      if let current = currentNode, current.isHTML("html") { return }
      openElements.removeLast()
      if contextElement == nil, let current = currentNode, !current.isHTML("frameset") { mode = .afterFrameset }
    case .endOfFile: stopParsing()
    default: return
    }
  }

  func afterFramesetMode(_ token: Token) {
    switch token {
    case .characters(let text):
      insertText(String(text.utf8.filter(isHTMLWhitespace).map { Character(Unicode.Scalar($0)) }))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .startTag(let tag) where tag.name == "noframes": inHeadMode(token)
    case .endTag(let tag) where tag.name == "html": mode = .afterAfterFrameset
    case .endOfFile: stopParsing()
    default: return
    }
  }

  func afterAfterBodyMode(_ token: Token) {
    switch token {
    case .comment(let data): insertComment(data, at: .append(sink.document))
    case .doctype: inBodyMode(token)
    case .characters(let text):
      let (whitespace, rest) = splitLeadingWhitespace(text)
      if !whitespace.isEmpty { inBodyMode(.characters(whitespace)) }
      if rest.isEmpty { return }
      reprocess(.characters(rest), in: .inBody)
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .endOfFile: stopParsing()
    default: reprocess(token, in: .inBody)
    }
  }

  func afterAfterFramesetMode(_ token: Token) {
    switch token {
    case .comment(let data): insertComment(data, at: .append(sink.document))
    case .doctype: inBodyMode(token)
    case .characters(let text):
      let whitespace = String(text.utf8.filter(isHTMLWhitespace).map { Character(Unicode.Scalar($0)) })
      if !whitespace.isEmpty { inBodyMode(.characters(whitespace)) }
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .startTag(let tag) where tag.name == "noframes": inHeadMode(token)
    case .endOfFile: stopParsing()
    default: return
    }
  }

  func stopParsing() {
    stopped = true
    openElements.removeAll()
  }
}
