/// The table insertion modes, select, and template.
extension TreeBuilder {
  private func clearStack(toContext names: Set<String>) {
    while let node = currentNode, !(node.isHTMLElement && names.contains(node.name)) { openElements.removeLast() }
  }

  private func clearToTableContext() { clearStack(toContext: ["table", "template", "html"]) }
  private func clearToTableBodyContext() { clearStack(toContext: ["tbody", "tfoot", "thead", "template", "html"]) }
  private func clearToRowContext() { clearStack(toContext: ["tr", "template", "html"]) }

  // MARK: in table

  func inTableMode(_ token: Token) {
    switch token {
    case .characters:
      if let current = currentNode, current.isHTMLElement,
        ["table", "tbody", "template", "tfoot", "thead", "tr"].contains(current.name)
      {
        pendingTableText = []
        originalMode = mode
        reprocess(token, in: .inTableText)
      } else {
        inTableAnythingElse(token)
      }
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "caption":
        clearToTableContext()
        activeFormatting.append(.marker)
        insertHTMLElement(tag)
        mode = .inCaption
      case "colgroup":
        clearToTableContext()
        insertHTMLElement(tag)
        mode = .inColumnGroup
      case "col":
        clearToTableContext()
        insertHTMLElement(TagToken(name: "colgroup"))
        reprocess(token, in: .inColumnGroup)
      case "tbody", "tfoot", "thead":
        clearToTableContext()
        insertHTMLElement(tag)
        mode = .inTableBody
      case "td", "th", "tr":
        clearToTableContext()
        insertHTMLElement(TagToken(name: "tbody"))
        reprocess(token, in: .inTableBody)
      case "table":
        guard inScope("table", .table) else { return }
        popUntil("table")
        resetInsertionMode()
        dispatch(token)
      case "style", "script", "template": inHeadMode(token)
      case "input" where tag.attribute("type").map(asciiLowercase) == "hidden":
        insertHTMLElement(tag)
        openElements.removeLast()
      case "form":
        if hasOpen("template") || formElement != nil { return }
        formElement = insertHTMLElement(tag).node
        openElements.removeLast()
      default: inTableAnythingElse(token)
      }
    case .endTag(let tag):
      switch tag.name {
      case "table":
        guard inScope("table", .table) else { return }
        popUntil("table")
        resetInsertionMode()
      case "body", "caption", "col", "colgroup", "html", "tbody", "td", "tfoot", "th", "thead", "tr": return
      case "template": inHeadMode(token)
      default: inTableAnythingElse(token)
      }
    case .endOfFile: inBodyMode(token)
    }
  }

  private func inTableAnythingElse(_ token: Token) {
    fosterParenting = true
    inBodyMode(token)
    fosterParenting = false
  }

  // MARK: in table text

  func inTableTextMode(_ token: Token) {
    if case .characters(let text) = token {
      let cleaned = text.utf8.contains(0) ? String(decoding: text.utf8.filter { $0 != 0 }, as: UTF8.self) : text
      if !cleaned.isEmpty { pendingTableText.append(cleaned) }
      return
    }
    let text = pendingTableText.joined()
    pendingTableText = []
    if !isAllWhitespace(text) {
      // Foster-parented as in the "anything else" of in table.
      fosterParenting = true
      reconstructActiveFormatting()
      insertText(text)
      framesetOK = false
      fosterParenting = false
    } else {
      insertText(text)
    }
    reprocess(token, in: originalMode)
  }

  // MARK: in caption

  func inCaptionMode(_ token: Token) {
    switch token {
    case .endTag(let tag) where tag.name == "caption":
      closeCaption()
    case .startTag(let tag)
    where ["caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"].contains(tag.name):
      guard closeCaption() else { return }
      dispatch(token)
    case .endTag(let tag) where tag.name == "table":
      guard closeCaption() else { return }
      dispatch(token)
    case .endTag(let tag)
    where ["body", "col", "colgroup", "html", "tbody", "td", "tfoot", "th", "thead", "tr"].contains(tag.name):
      return
    default: inBodyMode(token)
    }
  }

  @discardableResult
  private func closeCaption() -> Bool {
    guard inScope("caption", .table) else { return false }
    generateImpliedEndTags()
    popUntil("caption")
    clearFormattingToLastMarker()
    mode = .inTable
    return true
  }

  // MARK: in column group

  func inColumnGroupMode(_ token: Token) {
    switch token {
    case .characters(let text):
      let (whitespace, rest) = splitLeadingWhitespace(text)
      insertText(whitespace)
      if rest.isEmpty { return }
      columnGroupAnythingElse(.characters(rest))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBodyMode(token)
    case .startTag(let tag) where tag.name == "col":
      insertHTMLElement(tag)
      openElements.removeLast()
    case .endTag(let tag) where tag.name == "colgroup":
      guard let current = currentNode, current.isHTML("colgroup") else { return }
      openElements.removeLast()
      mode = .inTable
    case .endTag(let tag) where tag.name == "col": return
    case .startTag(let tag) where tag.name == "template": inHeadMode(token)
    case .endTag(let tag) where tag.name == "template": inHeadMode(token)
    case .endOfFile: inBodyMode(token)
    default: columnGroupAnythingElse(token)
    }
  }

  private func columnGroupAnythingElse(_ token: Token) {
    guard let current = currentNode, current.isHTML("colgroup") else { return }
    openElements.removeLast()
    reprocess(token, in: .inTable)
  }

  // MARK: in table body

  func inTableBodyMode(_ token: Token) {
    switch token {
    case .startTag(let tag) where tag.name == "tr":
      clearToTableBodyContext()
      insertHTMLElement(tag)
      mode = .inRow
    case .startTag(let tag) where tag.name == "th" || tag.name == "td":
      clearToTableBodyContext()
      insertHTMLElement(TagToken(name: "tr"))
      reprocess(token, in: .inRow)
    case .endTag(let tag) where ["tbody", "tfoot", "thead"].contains(tag.name):
      guard inScope(tag.name, .table) else { return }
      clearToTableBodyContext()
      openElements.removeLast()
      mode = .inTable
    case .startTag(let tag) where ["caption", "col", "colgroup", "tbody", "tfoot", "thead"].contains(tag.name):
      leaveTableBody(token)
    case .endTag(let tag) where tag.name == "table":
      leaveTableBody(token)
    case .endTag(let tag) where ["body", "caption", "col", "colgroup", "html", "td", "th", "tr"].contains(tag.name):
      return
    default: inTableMode(token)
    }
  }

  private func leaveTableBody(_ token: Token) {
    guard inScope(oneOf: ["tbody", "thead", "tfoot"], .table) else { return }
    clearToTableBodyContext()
    openElements.removeLast()
    reprocess(token, in: .inTable)
  }

  // MARK: in row

  func inRowMode(_ token: Token) {
    switch token {
    case .startTag(let tag) where tag.name == "th" || tag.name == "td":
      clearToRowContext()
      insertHTMLElement(tag)
      mode = .inCell
      activeFormatting.append(.marker)
    case .endTag(let tag) where tag.name == "tr":
      guard inScope("tr", .table) else { return }
      clearToRowContext()
      openElements.removeLast()
      mode = .inTableBody
    case .startTag(let tag) where ["caption", "col", "colgroup", "tbody", "tfoot", "thead", "tr"].contains(tag.name):
      leaveRow(token)
    case .endTag(let tag) where tag.name == "table":
      leaveRow(token)
    case .endTag(let tag) where ["tbody", "tfoot", "thead"].contains(tag.name):
      guard inScope(tag.name, .table), inScope("tr", .table) else { return }
      leaveRow(token)
    case .endTag(let tag) where ["body", "caption", "col", "colgroup", "html", "td", "th"].contains(tag.name):
      return
    default: inTableMode(token)
    }
  }

  private func leaveRow(_ token: Token) {
    guard inScope("tr", .table) else { return }
    clearToRowContext()
    openElements.removeLast()
    reprocess(token, in: .inTableBody)
  }

  // MARK: in cell

  func inCellMode(_ token: Token) {
    switch token {
    case .endTag(let tag) where tag.name == "td" || tag.name == "th":
      guard inScope(tag.name, .table) else { return }
      generateImpliedEndTags()
      popUntil(tag.name)
      clearFormattingToLastMarker()
      mode = .inRow
    case .startTag(let tag)
    where ["caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"].contains(tag.name):
      guard inScope(oneOf: ["td", "th"], .table) else { return }
      closeCell()
      dispatch(token)
    case .endTag(let tag) where ["body", "caption", "col", "colgroup", "html"].contains(tag.name): return
    case .endTag(let tag) where ["table", "tbody", "tfoot", "thead", "tr"].contains(tag.name):
      guard inScope(tag.name, .table) else { return }
      closeCell()
      dispatch(token)
    default: inBodyMode(token)
    }
  }

  private func closeCell() {
    generateImpliedEndTags()
    popUntil(oneOf: ["td", "th"])
    clearFormattingToLastMarker()
    mode = .inRow
  }

  // MARK: in template

  func inTemplateMode(_ token: Token) {
    switch token {
    case .characters, .comment, .doctype: inBodyMode(token)
    case .startTag(let tag):
      switch tag.name {
      case "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title":
        inHeadMode(token)
      case "caption", "colgroup", "tbody", "tfoot", "thead": switchTemplateMode(to: .inTable, token)
      case "col": switchTemplateMode(to: .inColumnGroup, token)
      case "tr": switchTemplateMode(to: .inTableBody, token)
      case "td", "th": switchTemplateMode(to: .inRow, token)
      default: switchTemplateMode(to: .inBody, token)
      }
    case .endTag(let tag) where tag.name == "template": inHeadMode(token)
    case .endTag: return
    case .endOfFile:
      guard hasOpen("template") else {
        stopParsing()
        return
      }
      popUntil("template")
      clearFormattingToLastMarker()
      templateModes.removeLast()
      resetInsertionMode()
      dispatch(token)
    }
  }

  private func switchTemplateMode(to newMode: Mode, _ token: Token) {
    templateModes.removeLast()
    templateModes.append(newMode)
    reprocess(token, in: newMode)
  }
}
