/// The HTML tokenizer (WHATWG HTML §13.2.5) over the preprocessed UTF-8 bytes of the input.
///
/// The tree builder pulls one token at a time with `nextToken()` and may switch `state` between
/// tokens (after `<script>`, `<title>`, …), as the spec's tree construction stage does.
/// Characters are gathered into runs in `textBuffer` and emitted as one token before the next
/// non-character token.
struct Tokenizer {
  enum State {
    case data, rcdata, rawtext, scriptData, plaintext
    case tagOpen, endTagOpen, tagName
    case rcdataLessThanSign, rcdataEndTagOpen, rcdataEndTagName
    case rawtextLessThanSign, rawtextEndTagOpen, rawtextEndTagName
    case scriptDataLessThanSign, scriptDataEndTagOpen, scriptDataEndTagName
    case scriptDataEscapeStart, scriptDataEscapeStartDash, scriptDataEscaped, scriptDataEscapedDash
    case scriptDataEscapedDashDash, scriptDataEscapedLessThanSign, scriptDataEscapedEndTagOpen
    case scriptDataEscapedEndTagName, scriptDataDoubleEscapeStart, scriptDataDoubleEscaped
    case scriptDataDoubleEscapedDash, scriptDataDoubleEscapedDashDash, scriptDataDoubleEscapedLessThanSign
    case scriptDataDoubleEscapeEnd
    case beforeAttributeName, attributeName, afterAttributeName, beforeAttributeValue
    case attributeValueDoubleQuoted, attributeValueSingleQuoted, attributeValueUnquoted
    case afterAttributeValueQuoted, selfClosingStartTag
    case bogusComment, markupDeclarationOpen, commentStart, commentStartDash, comment
    case commentLessThanSign, commentLessThanSignBang, commentLessThanSignBangDash
    case commentLessThanSignBangDashDash, commentEndDash, commentEnd, commentEndBang
    case doctype, beforeDoctypeName, doctypeName, afterDoctypeName
    case afterDoctypePublicKeyword, beforeDoctypePublicIdentifier
    case doctypePublicIdentifierDoubleQuoted, doctypePublicIdentifierSingleQuoted
    case afterDoctypePublicIdentifier, betweenDoctypePublicAndSystemIdentifiers
    case afterDoctypeSystemKeyword, beforeDoctypeSystemIdentifier
    case doctypeSystemIdentifierDoubleQuoted, doctypeSystemIdentifierSingleQuoted
    case afterDoctypeSystemIdentifier, bogusDoctype
    case cdataSection, cdataSectionBracket, cdataSectionEnd
  }

  let bytes: [UInt8]
  var position = 0
  var state = State.data
  /// Set by the tree builder: whether the adjusted current node is in a foreign namespace, so
  /// that `<![CDATA[` opens a CDATA section rather than a bogus comment.
  var allowsCDATA = false

  var textBuffer: [UInt8] = []
  private var pending: Token?
  private var reachedEnd = false

  // The token being built.
  private var isEndTag = false
  private var tagName: [UInt8] = []
  private var attributes: [HTMLAttribute] = []
  private var attributeName: [UInt8] = []
  var attributeValue: [UInt8] = []
  private var hasAttribute = false
  private var selfClosing = false
  private var commentData: [UInt8] = []
  private var doctypeName: [UInt8]?
  private var publicID: [UInt8]?
  private var systemID: [UInt8]?
  private var forceQuirks = false
  private var temporaryBuffer: [UInt8] = []
  /// The name of the last start tag emitted, for "appropriate end tag token".
  var lastStartTagName: [UInt8]?

  init(_ input: String) {
    bytes = Tokenizer.preprocess(input)
  }

  /// Input stream preprocessing: CR LF and lone CR become LF.
  static func preprocess(_ input: String) -> [UInt8] {
    var utf8 = Array(input.utf8)
    guard utf8.contains(0x0D) else { return utf8 }
    var write = 0
    var read = 0
    let count = utf8.count
    while read < count {
      let byte = utf8[read]
      read += 1
      if byte == 0x0D {
        utf8[write] = 0x0A
        if read < count, utf8[read] == 0x0A { read += 1 }
      } else {
        utf8[write] = byte
      }
      write += 1
    }
    utf8.removeSubrange(write...)
    return utf8
  }

  func parseError(_ error: HTMLParseError) {}

  // MARK: - Emitting

  private mutating func emit(_ token: Token) {
    if textBuffer.isEmpty {
      pending = token
    } else {
      pending = token
      flushPendingText = true
    }
  }
  private var flushPendingText = false

  private mutating func takeText() -> Token {
    let text = String(decoding: textBuffer, as: UTF8.self)
    textBuffer.removeAll(keepingCapacity: true)
    return .characters(text)
  }

  /// The buffered text up to its last complete UTF-8 sequence (the rest stays buffered).
  private mutating func takeTextPiece() -> Token {
    var end = textBuffer.count
    while end > 0 && textBuffer[end - 1] & 0xC0 == 0x80 { end -= 1 }
    if end > 0 && textBuffer[end - 1] >= 0xC0 { end -= 1 }
    let text = String(decoding: textBuffer[..<end], as: UTF8.self)
    textBuffer.removeSubrange(..<end)
    return .characters(text)
  }

  /// The next token; `.endOfFile` once the input is used up (and on every later call).
  mutating func nextToken() -> Token {
    if flushPendingText {
      flushPendingText = false
      return takeText()
    }
    if let token = pending {
      pending = nil
      return token
    }
    while pending == nil {
      if reachedEnd {
        pending = .endOfFile
        if !textBuffer.isEmpty { return takeText() }
        break
      }
      step()
      if textBuffer.count > 1 << 16, pending == nil {
        return takeTextPiece()  // Long runs go out in pieces to bound the buffer.
      }
    }
    if flushPendingText {
      flushPendingText = false
      return takeText()
    }
    let token = pending!
    if case .endOfFile = token {} else { pending = nil }
    return token
  }

  private mutating func emitEndOfFile() {
    reachedEnd = true
  }

  private mutating func emitCurrentTag() {
    finishAttribute()
    let name = String(decoding: tagName, as: UTF8.self)
    if isEndTag {
      if !attributes.isEmpty { parseError(.endTagWithAttributes) }
      if selfClosing { parseError(.endTagWithTrailingSolidus) }
      emit(.endTag(TagToken(name: name, attributes: [], selfClosing: selfClosing)))
    } else {
      lastStartTagName = tagName
      emit(.startTag(TagToken(name: name, attributes: attributes, selfClosing: selfClosing)))
    }
    attributes.removeAll()
  }

  private mutating func emitComment() {
    emit(.comment(String(decoding: commentData, as: UTF8.self)))
  }

  private mutating func emitDoctype() {
    emit(
      .doctype(
        DoctypeToken(
          name: doctypeName.map { String(decoding: $0, as: UTF8.self) },
          publicID: publicID.map { String(decoding: $0, as: UTF8.self) },
          systemID: systemID.map { String(decoding: $0, as: UTF8.self) },
          forceQuirks: forceQuirks)))
  }

  private mutating func startTag(isEnd: Bool) {
    isEndTag = isEnd
    tagName.removeAll(keepingCapacity: true)
    attributes.removeAll()
    hasAttribute = false
    selfClosing = false
  }

  private mutating func startAttribute() {
    finishAttribute()
    attributeName.removeAll(keepingCapacity: true)
    attributeValue.removeAll(keepingCapacity: true)
    hasAttribute = true
  }

  /// Adds the attribute being built unless the tag already has one of that name
  /// (duplicate-attribute: the later one is dropped).
  private mutating func finishAttribute() {
    guard hasAttribute else { return }
    hasAttribute = false
    let name = String(decoding: attributeName, as: UTF8.self)
    if attributes.contains(where: { $0.localName == name }) {
      parseError(.duplicateAttribute)
      return
    }
    attributes.append(HTMLAttribute(localName: name, value: String(decoding: attributeValue, as: UTF8.self)))
  }

  private var isAppropriateEndTag: Bool {
    lastStartTagName == tagName
  }

  private mutating func startDoctype() {
    doctypeName = nil
    publicID = nil
    systemID = nil
    forceQuirks = false
  }

  // MARK: - Reading

  /// The next input byte, or nil at the end (EOF). Always advances, so that "reconsume" is
  /// `position -= 1` even at the end.
  @inline(__always) private mutating func consume() -> UInt8? {
    let index = position
    position += 1
    return index < bytes.count ? bytes[index] : nil
  }

  @inline(__always) private mutating func reconsume(in newState: State) {
    position -= 1
    state = newState
  }

  private func lookahead(_ text: String, caseInsensitive: Bool) -> Bool {
    let utf8 = Array(text.utf8)
    guard position + utf8.count <= bytes.count else { return false }
    for (offset, expected) in utf8.enumerated() {
      let actual = bytes[position + offset]
      if caseInsensitive ? asciiLowercased(actual) != expected : actual != expected { return false }
    }
    return true
  }

  /// Appends bytes up to (not including) the first of the three stop bytes, as one slice.
  @inline(__always) private mutating func appendRun(until a: UInt8, _ b: UInt8, _ c: UInt8) {
    let start = position
    var index = position
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == a || byte == b || byte == c { break }
      index += 1
    }
    if index > start {
      textBuffer.append(contentsOf: bytes[start..<index])
      position = index
    }
  }

  private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

  // MARK: - The state machine

  // swiftlint:disable:next cyclomatic_complexity function_body_length
  private mutating func step() {
    switch state {
    case .data:
      appendRun(until: UInt8(ascii: "<"), UInt8(ascii: "&"), 0)
      switch consume() {
      case UInt8(ascii: "&"): consumeCharacterReference(inAttribute: false)
      case UInt8(ascii: "<"): state = .tagOpen
      case 0:
        parseError(.unexpectedNullCharacter)
        textBuffer.append(0)
      case nil: emitEndOfFile()
      default: break
      }
    case .rcdata:
      appendRun(until: UInt8(ascii: "<"), UInt8(ascii: "&"), 0)
      switch consume() {
      case UInt8(ascii: "&"): consumeCharacterReference(inAttribute: false)
      case UInt8(ascii: "<"): state = .rcdataLessThanSign
      case 0: textBuffer.append(contentsOf: Tokenizer.replacementCharacter)
      case nil: emitEndOfFile()
      default: break
      }
    case .rawtext, .scriptData:
      appendRun(until: UInt8(ascii: "<"), 0, 0)
      switch consume() {
      case UInt8(ascii: "<"): state = state == .rawtext ? .rawtextLessThanSign : .scriptDataLessThanSign
      case 0: textBuffer.append(contentsOf: Tokenizer.replacementCharacter)
      case nil: emitEndOfFile()
      default: break
      }
    case .plaintext:
      appendRun(until: 0, 0, 0)
      switch consume() {
      case 0: textBuffer.append(contentsOf: Tokenizer.replacementCharacter)
      case nil: emitEndOfFile()
      default: break
      }
    case .tagOpen: tagOpen()
    case .endTagOpen: endTagOpen()
    case .tagName: tagNameState()
    case .rcdataLessThanSign, .rawtextLessThanSign, .scriptDataLessThanSign:
      rawLessThanSign()
    case .rcdataEndTagOpen, .rawtextEndTagOpen, .scriptDataEndTagOpen, .scriptDataEscapedEndTagOpen:
      rawEndTagOpen()
    case .rcdataEndTagName, .rawtextEndTagName, .scriptDataEndTagName, .scriptDataEscapedEndTagName:
      rawEndTagName()
    case .scriptDataEscapeStart, .scriptDataEscapeStartDash, .scriptDataEscaped, .scriptDataEscapedDash,
      .scriptDataEscapedDashDash, .scriptDataEscapedLessThanSign, .scriptDataDoubleEscapeStart,
      .scriptDataDoubleEscaped, .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash,
      .scriptDataDoubleEscapedLessThanSign, .scriptDataDoubleEscapeEnd:
      scriptDataEscapes()
    case .beforeAttributeName, .attributeName, .afterAttributeName, .beforeAttributeValue,
      .attributeValueDoubleQuoted, .attributeValueSingleQuoted, .attributeValueUnquoted,
      .afterAttributeValueQuoted, .selfClosingStartTag:
      attributeStates()
    case .bogusComment, .markupDeclarationOpen, .commentStart, .commentStartDash, .comment,
      .commentLessThanSign, .commentLessThanSignBang, .commentLessThanSignBangDash,
      .commentLessThanSignBangDashDash, .commentEndDash, .commentEnd, .commentEndBang:
      commentStates()
    case .cdataSection, .cdataSectionBracket, .cdataSectionEnd:
      cdataStates()
    default:
      doctypeStates()
    }
  }

  private mutating func tagOpen() {
    let c = consume()
    switch c {
    case UInt8(ascii: "!"): state = .markupDeclarationOpen
    case UInt8(ascii: "/"): state = .endTagOpen
    case let byte? where isASCIIAlpha(byte):
      startTag(isEnd: false)
      reconsume(in: .tagName)
    case UInt8(ascii: "?"):
      parseError(.unexpectedQuestionMarkInsteadOfTagName)
      commentData.removeAll(keepingCapacity: true)
      reconsume(in: .bogusComment)
    case nil:
      parseError(.eofBeforeTagName)
      textBuffer.append(UInt8(ascii: "<"))
      emitEndOfFile()
    default:
      parseError(.invalidFirstCharacterOfTagName)
      textBuffer.append(UInt8(ascii: "<"))
      reconsume(in: .data)
    }
  }

  private mutating func endTagOpen() {
    let c = consume()
    switch c {
    case let byte? where isASCIIAlpha(byte):
      startTag(isEnd: true)
      reconsume(in: .tagName)
    case UInt8(ascii: ">"):
      parseError(.missingEndTagName)
      state = .data
    case nil:
      parseError(.eofBeforeTagName)
      textBuffer.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
      emitEndOfFile()
    default:
      parseError(.invalidFirstCharacterOfTagName)
      commentData.removeAll(keepingCapacity: true)
      reconsume(in: .bogusComment)
    }
  }

  private mutating func tagNameState() {
    while true {
      let c = consume()
      switch c {
      case 0x09, 0x0A, 0x0C, 0x20:
        state = .beforeAttributeName
        return
      case UInt8(ascii: "/"):
        state = .selfClosingStartTag
        return
      case UInt8(ascii: ">"):
        state = .data
        emitCurrentTag()
        return
      case 0:
        parseError(.unexpectedNullCharacter)
        tagName.append(contentsOf: Tokenizer.replacementCharacter)
      case nil:
        parseError(.eofInTag)
        emitEndOfFile()
        return
      case let byte?:
        tagName.append(asciiLowercased(byte))
      }
    }
  }

  /// The RCDATA, RAWTEXT and script data less-than sign states.
  private mutating func rawLessThanSign() {
    let c = consume()
    if c == UInt8(ascii: "/") {
      temporaryBuffer.removeAll(keepingCapacity: true)
      switch state {
      case .rcdataLessThanSign: state = .rcdataEndTagOpen
      case .rawtextLessThanSign: state = .rawtextEndTagOpen
      default: state = .scriptDataEndTagOpen
      }
      return
    }
    if state == .scriptDataLessThanSign, c == UInt8(ascii: "!") {
      textBuffer.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "!")])
      state = .scriptDataEscapeStart
      return
    }
    textBuffer.append(UInt8(ascii: "<"))
    switch state {
    case .rcdataLessThanSign: reconsume(in: .rcdata)
    case .rawtextLessThanSign: reconsume(in: .rawtext)
    default: reconsume(in: .scriptData)
    }
  }

  private var rawTextState: State {
    switch state {
    case .rcdataEndTagOpen, .rcdataEndTagName: return .rcdata
    case .rawtextEndTagOpen, .rawtextEndTagName: return .rawtext
    case .scriptDataEndTagOpen, .scriptDataEndTagName: return .scriptData
    default: return .scriptDataEscaped
    }
  }

  private mutating func rawEndTagOpen() {
    let c = consume()
    if let byte = c, isASCIIAlpha(byte) {
      startTag(isEnd: true)
      let next: State
      switch state {
      case .rcdataEndTagOpen: next = .rcdataEndTagName
      case .rawtextEndTagOpen: next = .rawtextEndTagName
      case .scriptDataEndTagOpen: next = .scriptDataEndTagName
      default: next = .scriptDataEscapedEndTagName
      }
      reconsume(in: next)
      return
    }
    textBuffer.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
    reconsume(in: rawTextState)
  }

  private mutating func rawEndTagName() {
    while true {
      let c = consume()
      switch c {
      case 0x09, 0x0A, 0x0C,
        0x20 where isAppropriateEndTag:
        state = .beforeAttributeName
        return
      case UInt8(ascii: "/") where isAppropriateEndTag:
        state = .selfClosingStartTag
        return
      case UInt8(ascii: ">") where isAppropriateEndTag:
        state = .data
        emitCurrentTag()
        return
      case let byte? where isASCIIAlpha(byte):
        tagName.append(asciiLowercased(byte))
        temporaryBuffer.append(byte)
      default:
        textBuffer.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
        textBuffer.append(contentsOf: temporaryBuffer)
        reconsume(in: rawTextState)
        return
      }
    }
  }

  // swiftlint:disable:next cyclomatic_complexity function_body_length
  private mutating func scriptDataEscapes() {
    let c = consume()
    let dash = UInt8(ascii: "-")
    let lessThan = UInt8(ascii: "<")
    switch state {
    case .scriptDataEscapeStart, .scriptDataEscapeStartDash:
      if c == dash {
        textBuffer.append(dash)
        state = state == .scriptDataEscapeStart ? .scriptDataEscapeStartDash : .scriptDataEscapedDashDash
      } else {
        reconsume(in: .scriptData)
      }
    case .scriptDataEscaped, .scriptDataEscapedDash, .scriptDataEscapedDashDash:
      switch c {
      case dash:
        textBuffer.append(dash)
        switch state {
        case .scriptDataEscaped: state = .scriptDataEscapedDash
        default: state = .scriptDataEscapedDashDash
        }
      case lessThan:
        state = .scriptDataEscapedLessThanSign
      case UInt8(ascii: ">") where state == .scriptDataEscapedDashDash:
        textBuffer.append(UInt8(ascii: ">"))
        state = .scriptData
      case 0:
        parseError(.unexpectedNullCharacter)
        textBuffer.append(contentsOf: Tokenizer.replacementCharacter)
        state = .scriptDataEscaped
      case nil:
        parseError(.eofInScriptHtmlCommentLikeText)
        emitEndOfFile()
      case let byte?:
        textBuffer.append(byte)
        state = .scriptDataEscaped
      }
    case .scriptDataEscapedLessThanSign:
      if c == UInt8(ascii: "/") {
        temporaryBuffer.removeAll(keepingCapacity: true)
        state = .scriptDataEscapedEndTagOpen
      } else if let byte = c, isASCIIAlpha(byte) {
        temporaryBuffer.removeAll(keepingCapacity: true)
        textBuffer.append(lessThan)
        reconsume(in: .scriptDataDoubleEscapeStart)
      } else {
        textBuffer.append(lessThan)
        reconsume(in: .scriptDataEscaped)
      }
    case .scriptDataDoubleEscapeStart, .scriptDataDoubleEscapeEnd:
      let starting = state == .scriptDataDoubleEscapeStart
      switch c {
      case 0x09, 0x0A, 0x0C, 0x20, UInt8(ascii: "/"), UInt8(ascii: ">"):
        textBuffer.append(c!)
        let isScript = temporaryBuffer == Array("script".utf8)
        if starting {
          state = isScript ? .scriptDataDoubleEscaped : .scriptDataEscaped
        } else {
          state = isScript ? .scriptDataEscaped : .scriptDataDoubleEscaped
        }
      case let byte? where isASCIIAlpha(byte):
        temporaryBuffer.append(asciiLowercased(byte))
        textBuffer.append(byte)
      default:
        reconsume(in: starting ? .scriptDataEscaped : .scriptDataDoubleEscaped)
      }
    case .scriptDataDoubleEscaped, .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash:
      switch c {
      case dash:
        textBuffer.append(dash)
        state = state == .scriptDataDoubleEscaped ? .scriptDataDoubleEscapedDash : .scriptDataDoubleEscapedDashDash
      case lessThan:
        textBuffer.append(lessThan)
        state = .scriptDataDoubleEscapedLessThanSign
      case UInt8(ascii: ">") where state == .scriptDataDoubleEscapedDashDash:
        textBuffer.append(UInt8(ascii: ">"))
        state = .scriptData
      case 0:
        parseError(.unexpectedNullCharacter)
        textBuffer.append(contentsOf: Tokenizer.replacementCharacter)
        state = .scriptDataDoubleEscaped
      case nil:
        parseError(.eofInScriptHtmlCommentLikeText)
        emitEndOfFile()
      case let byte?:
        textBuffer.append(byte)
        state = .scriptDataDoubleEscaped
      }
    case .scriptDataDoubleEscapedLessThanSign:
      if c == UInt8(ascii: "/") {
        temporaryBuffer.removeAll(keepingCapacity: true)
        textBuffer.append(UInt8(ascii: "/"))
        state = .scriptDataDoubleEscapeEnd
      } else {
        reconsume(in: .scriptDataDoubleEscaped)
      }
    default:
      break
    }
  }

  // swiftlint:disable:next cyclomatic_complexity function_body_length
  private mutating func attributeStates() {
    let c = consume()
    switch state {
    case .beforeAttributeName:
      switch c {
      case 0x09, 0x0A, 0x0C, 0x20: break
      case UInt8(ascii: "/"), UInt8(ascii: ">"), nil:
        reconsume(in: .afterAttributeName)
      case UInt8(ascii: "="):
        parseError(.unexpectedEqualsSignBeforeAttributeName)
        startAttribute()
        attributeName.append(UInt8(ascii: "="))
        state = .attributeName
      default:
        startAttribute()
        reconsume(in: .attributeName)
      }
    case .attributeName:
      switch c {
      case 0x09, 0x0A, 0x0C, 0x20, UInt8(ascii: "/"), UInt8(ascii: ">"), nil:
        reconsume(in: .afterAttributeName)
      case UInt8(ascii: "="):
        state = .beforeAttributeValue
      case 0:
        parseError(.unexpectedNullCharacter)
        attributeName.append(contentsOf: Tokenizer.replacementCharacter)
      case let byte?:
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "<") {
          parseError(.unexpectedCharacterInAttributeName)
        }
        attributeName.append(asciiLowercased(byte))
      }
    case .afterAttributeName:
      switch c {
      case 0x09, 0x0A, 0x0C, 0x20: break
      case UInt8(ascii: "/"): state = .selfClosingStartTag
      case UInt8(ascii: "="): state = .beforeAttributeValue
      case UInt8(ascii: ">"):
        state = .data
        emitCurrentTag()
      case nil:
        parseError(.eofInTag)
        emitEndOfFile()
      default:
        startAttribute()
        reconsume(in: .attributeName)
      }
    case .beforeAttributeValue:
      switch c {
      case 0x09, 0x0A, 0x0C, 0x20: break
      case UInt8(ascii: "\""): state = .attributeValueDoubleQuoted
      case UInt8(ascii: "'"): state = .attributeValueSingleQuoted
      case UInt8(ascii: ">"):
        parseError(.missingAttributeValue)
        state = .data
        emitCurrentTag()
      default:
        reconsume(in: .attributeValueUnquoted)
      }
    case .attributeValueDoubleQuoted, .attributeValueSingleQuoted:
      let quote = state == .attributeValueDoubleQuoted ? UInt8(ascii: "\"") : UInt8(ascii: "'")
      switch c {
      case quote: state = .afterAttributeValueQuoted
      case UInt8(ascii: "&"): consumeCharacterReference(inAttribute: true)
      case 0:
        parseError(.unexpectedNullCharacter)
        attributeValue.append(contentsOf: Tokenizer.replacementCharacter)
      case nil:
        parseError(.eofInTag)
        emitEndOfFile()
      case let byte?:
        attributeValue.append(byte)
      }
    case .attributeValueUnquoted:
      switch c {
      case 0x09, 0x0A, 0x0C, 0x20: state = .beforeAttributeName
      case UInt8(ascii: "&"): consumeCharacterReference(inAttribute: true)
      case UInt8(ascii: ">"):
        state = .data
        emitCurrentTag()
      case 0:
        parseError(.unexpectedNullCharacter)
        attributeValue.append(contentsOf: Tokenizer.replacementCharacter)
      case nil:
        parseError(.eofInTag)
        emitEndOfFile()
      case let byte?:
        attributeValue.append(byte)
      }
    case .afterAttributeValueQuoted:
      switch c {
      case 0x09, 0x0A, 0x0C, 0x20: state = .beforeAttributeName
      case UInt8(ascii: "/"): state = .selfClosingStartTag
      case UInt8(ascii: ">"):
        state = .data
        emitCurrentTag()
      case nil:
        parseError(.eofInTag)
        emitEndOfFile()
      default:
        parseError(.missingWhitespaceBetweenAttributes)
        reconsume(in: .beforeAttributeName)
      }
    case .selfClosingStartTag:
      switch c {
      case UInt8(ascii: ">"):
        selfClosing = true
        state = .data
        emitCurrentTag()
      case nil:
        parseError(.eofInTag)
        emitEndOfFile()
      default:
        parseError(.unexpectedSolidusInTag)
        reconsume(in: .beforeAttributeName)
      }
    default:
      break
    }
  }

  // swiftlint:disable:next cyclomatic_complexity function_body_length
  private mutating func commentStates() {
    let dash = UInt8(ascii: "-")
    if state == .markupDeclarationOpen {
      markupDeclarationOpen()
      return
    }
    let c = consume()
    switch state {
    case .bogusComment:
      switch c {
      case UInt8(ascii: ">"):
        state = .data
        emitComment()
      case nil:
        emitComment()
        emitEndOfFile()
      case 0:
        commentData.append(contentsOf: Tokenizer.replacementCharacter)
      case let byte?:
        commentData.append(byte)
      }
    case .commentStart:
      switch c {
      case dash: state = .commentStartDash
      case UInt8(ascii: ">"):
        parseError(.abruptClosingOfEmptyComment)
        state = .data
        emitComment()
      default:
        reconsume(in: .comment)
      }
    case .commentStartDash:
      switch c {
      case dash: state = .commentEnd
      case UInt8(ascii: ">"):
        parseError(.abruptClosingOfEmptyComment)
        state = .data
        emitComment()
      case nil:
        parseError(.eofInComment)
        emitComment()
        emitEndOfFile()
      default:
        commentData.append(dash)
        reconsume(in: .comment)
      }
    case .comment:
      switch c {
      case UInt8(ascii: "<"):
        commentData.append(UInt8(ascii: "<"))
        state = .commentLessThanSign
      case dash: state = .commentEndDash
      case 0:
        parseError(.unexpectedNullCharacter)
        commentData.append(contentsOf: Tokenizer.replacementCharacter)
      case nil:
        parseError(.eofInComment)
        emitComment()
        emitEndOfFile()
      case let byte?:
        commentData.append(byte)
      }
    case .commentLessThanSign:
      switch c {
      case UInt8(ascii: "!"):
        commentData.append(UInt8(ascii: "!"))
        state = .commentLessThanSignBang
      case UInt8(ascii: "<"):
        commentData.append(UInt8(ascii: "<"))
      default:
        reconsume(in: .comment)
      }
    case .commentLessThanSignBang:
      if c == dash { state = .commentLessThanSignBangDash } else { reconsume(in: .comment) }
    case .commentLessThanSignBangDash:
      if c == dash { state = .commentLessThanSignBangDashDash } else { reconsume(in: .commentEndDash) }
    case .commentLessThanSignBangDashDash:
      if c != UInt8(ascii: ">") && c != nil { parseError(.nestedComment) }
      reconsume(in: .commentEnd)
    case .commentEndDash:
      switch c {
      case dash: state = .commentEnd
      case nil:
        parseError(.eofInComment)
        emitComment()
        emitEndOfFile()
      default:
        commentData.append(dash)
        reconsume(in: .comment)
      }
    case .commentEnd:
      switch c {
      case UInt8(ascii: ">"):
        state = .data
        emitComment()
      case UInt8(ascii: "!"): state = .commentEndBang
      case dash: commentData.append(dash)
      case nil:
        parseError(.eofInComment)
        emitComment()
        emitEndOfFile()
      default:
        commentData.append(contentsOf: [dash, dash])
        reconsume(in: .comment)
      }
    case .commentEndBang:
      switch c {
      case dash:
        commentData.append(contentsOf: [dash, dash, UInt8(ascii: "!")])
        state = .commentEndDash
      case UInt8(ascii: ">"):
        parseError(.incorrectlyClosedComment)
        state = .data
        emitComment()
      case nil:
        parseError(.eofInComment)
        emitComment()
        emitEndOfFile()
      default:
        commentData.append(contentsOf: [dash, dash, UInt8(ascii: "!")])
        reconsume(in: .comment)
      }
    default:
      break
    }
  }

  private mutating func markupDeclarationOpen() {
    commentData.removeAll(keepingCapacity: true)
    if lookahead("--", caseInsensitive: false) {
      position += 2
      state = .commentStart
    } else if lookahead("doctype", caseInsensitive: true) {
      position += 7
      state = .doctype
    } else if lookahead("[CDATA[", caseInsensitive: false) {
      position += 7
      if allowsCDATA {
        state = .cdataSection
      } else {
        parseError(.cdataInHtmlContent)
        commentData.append(contentsOf: Array("[CDATA[".utf8))
        state = .bogusComment
      }
    } else {
      parseError(.incorrectlyOpenedComment)
      state = .bogusComment
    }
  }

  private mutating func cdataStates() {
    let bracket = UInt8(ascii: "]")
    switch state {
    case .cdataSection:
      appendRun(until: bracket, bracket, bracket)
      switch consume() {
      case bracket: state = .cdataSectionBracket
      case nil:
        parseError(.eofInCdata)
        emitEndOfFile()
      default: break
      }
    case .cdataSectionBracket:
      if consume() == bracket {
        state = .cdataSectionEnd
      } else {
        textBuffer.append(bracket)
        reconsume(in: .cdataSection)
      }
    default:
      switch consume() {
      case bracket: textBuffer.append(bracket)
      case UInt8(ascii: ">"): state = .data
      default:
        textBuffer.append(contentsOf: [bracket, bracket])
        reconsume(in: .cdataSection)
      }
    }
  }

  private mutating func eofInDoctype() {
    parseError(.eofInDoctype)
    forceQuirks = true
    emitDoctype()
    emitEndOfFile()
  }

  // swiftlint:disable:next cyclomatic_complexity function_body_length
  private mutating func doctypeStates() {
    let c = consume()
    let isWhitespace = c.map { $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x20 } ?? false
    switch state {
    case .doctype:
      startDoctype()
      if isWhitespace {
        state = .beforeDoctypeName
      } else if c == UInt8(ascii: ">") {
        reconsume(in: .beforeDoctypeName)
      } else if c == nil {
        eofInDoctype()
      } else {
        parseError(.missingWhitespaceBeforeDoctypeName)
        reconsume(in: .beforeDoctypeName)
      }
    case .beforeDoctypeName:
      if isWhitespace { return }
      switch c {
      case 0:
        parseError(.unexpectedNullCharacter)
        doctypeName = Tokenizer.replacementCharacter
        state = .doctypeName
      case UInt8(ascii: ">"):
        parseError(.missingDoctypeName)
        forceQuirks = true
        state = .data
        emitDoctype()
      case nil:
        eofInDoctype()
      case let byte?:
        doctypeName = [asciiLowercased(byte)]
        state = .doctypeName
      }
    case .doctypeName:
      if isWhitespace {
        state = .afterDoctypeName
        return
      }
      switch c {
      case UInt8(ascii: ">"):
        state = .data
        emitDoctype()
      case 0:
        parseError(.unexpectedNullCharacter)
        doctypeName?.append(contentsOf: Tokenizer.replacementCharacter)
      case nil:
        eofInDoctype()
      case let byte?:
        doctypeName?.append(asciiLowercased(byte))
      }
    case .afterDoctypeName:
      if isWhitespace { return }
      switch c {
      case UInt8(ascii: ">"):
        state = .data
        emitDoctype()
      case nil:
        eofInDoctype()
      default:
        position -= 1
        if lookahead("public", caseInsensitive: true) {
          position += 6
          state = .afterDoctypePublicKeyword
        } else if lookahead("system", caseInsensitive: true) {
          position += 6
          state = .afterDoctypeSystemKeyword
        } else {
          position += 1
          parseError(.invalidCharacterSequenceAfterDoctypeName)
          forceQuirks = true
          reconsume(in: .bogusDoctype)
        }
      }
    case .afterDoctypePublicKeyword, .afterDoctypeSystemKeyword:
      let isPublic = state == .afterDoctypePublicKeyword
      if isWhitespace {
        state = isPublic ? .beforeDoctypePublicIdentifier : .beforeDoctypeSystemIdentifier
        return
      }
      switch c {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        parseError(isPublic ? .missingWhitespaceAfterDoctypePublicKeyword : .missingWhitespaceAfterDoctypeSystemKeyword)
        startIdentifier(isPublic: isPublic, doubleQuoted: c == UInt8(ascii: "\""))
      case UInt8(ascii: ">"):
        parseError(isPublic ? .missingDoctypePublicIdentifier : .missingDoctypeSystemIdentifier)
        forceQuirks = true
        state = .data
        emitDoctype()
      case nil:
        eofInDoctype()
      default:
        parseError(
          isPublic ? .missingQuoteBeforeDoctypePublicIdentifier : .missingQuoteBeforeDoctypeSystemIdentifier)
        forceQuirks = true
        reconsume(in: .bogusDoctype)
      }
    case .beforeDoctypePublicIdentifier, .beforeDoctypeSystemIdentifier:
      let isPublic = state == .beforeDoctypePublicIdentifier
      if isWhitespace { return }
      switch c {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        startIdentifier(isPublic: isPublic, doubleQuoted: c == UInt8(ascii: "\""))
      case UInt8(ascii: ">"):
        parseError(isPublic ? .missingDoctypePublicIdentifier : .missingDoctypeSystemIdentifier)
        forceQuirks = true
        state = .data
        emitDoctype()
      case nil:
        eofInDoctype()
      default:
        parseError(
          isPublic ? .missingQuoteBeforeDoctypePublicIdentifier : .missingQuoteBeforeDoctypeSystemIdentifier)
        forceQuirks = true
        reconsume(in: .bogusDoctype)
      }
    case .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted,
      .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted:
      let isPublic = state == .doctypePublicIdentifierDoubleQuoted || state == .doctypePublicIdentifierSingleQuoted
      let quote =
        state == .doctypePublicIdentifierDoubleQuoted || state == .doctypeSystemIdentifierDoubleQuoted
        ? UInt8(ascii: "\"") : UInt8(ascii: "'")
      switch c {
      case quote:
        state = isPublic ? .afterDoctypePublicIdentifier : .afterDoctypeSystemIdentifier
      case 0:
        parseError(.unexpectedNullCharacter)
        appendIdentifier(Tokenizer.replacementCharacter, isPublic: isPublic)
      case UInt8(ascii: ">"):
        parseError(isPublic ? .abruptDoctypePublicIdentifier : .abruptDoctypeSystemIdentifier)
        forceQuirks = true
        state = .data
        emitDoctype()
      case nil:
        eofInDoctype()
      case let byte?:
        appendIdentifier([byte], isPublic: isPublic)
      }
    case .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers:
      if isWhitespace {
        state = .betweenDoctypePublicAndSystemIdentifiers
        return
      }
      switch c {
      case UInt8(ascii: ">"):
        state = .data
        emitDoctype()
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        if state == .afterDoctypePublicIdentifier {
          parseError(.missingWhitespaceBetweenDoctypePublicAndSystemIdentifiers)
        }
        startIdentifier(isPublic: false, doubleQuoted: c == UInt8(ascii: "\""))
      case nil:
        eofInDoctype()
      default:
        parseError(.missingQuoteBeforeDoctypeSystemIdentifier)
        forceQuirks = true
        reconsume(in: .bogusDoctype)
      }
    case .afterDoctypeSystemIdentifier:
      if isWhitespace { return }
      switch c {
      case UInt8(ascii: ">"):
        state = .data
        emitDoctype()
      case nil:
        eofInDoctype()
      default:
        parseError(.unexpectedCharacterAfterDoctypeSystemIdentifier)
        reconsume(in: .bogusDoctype)
      }
    case .bogusDoctype:
      switch c {
      case UInt8(ascii: ">"):
        state = .data
        emitDoctype()
      case nil:
        emitDoctype()
        emitEndOfFile()
      default:
        break
      }
    default:
      break
    }
  }

  private mutating func startIdentifier(isPublic: Bool, doubleQuoted: Bool) {
    if isPublic {
      publicID = []
      state = doubleQuoted ? .doctypePublicIdentifierDoubleQuoted : .doctypePublicIdentifierSingleQuoted
    } else {
      systemID = []
      state = doubleQuoted ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted
    }
  }

  private mutating func appendIdentifier(_ bytes: [UInt8], isPublic: Bool) {
    if isPublic { publicID?.append(contentsOf: bytes) } else { systemID?.append(contentsOf: bytes) }
  }
}
