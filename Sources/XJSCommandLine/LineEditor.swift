#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A key the editor acts on, decoded from the terminal's bytes.
enum Key: Equatable {
  case character(Unicode.Scalar)
  /// Ctrl plus a letter, as its ASCII control code (Ctrl-A is 1), Tab, Enter, Backspace.
  case control(UInt8)
  case up, down, left, right, home, end, delete, wordLeft, wordRight, deleteWordBefore
  case ignored
}

/// What reading a line ended with.
enum EditResult {
  case line(String)
  /// Ctrl-D on an empty line (or end of input); the text typed so far, if any.
  case endOfInput(String)
  /// Ctrl-C; the text that was on the line.
  case interrupted(String)
}

/// Completes the text before the cursor: how many characters at its end are replaced, and
/// the candidates for them.
typealias CompletionProvider = (String) -> (replacing: Int, candidates: [String])

/// An emacs-style line editor over a raw-mode terminal (readline's common keys). The line is
/// kept as Unicode scalars, so cursor moves and deletions never split a UTF-8 sequence.
final class LineEditor {
  let history: History
  var completion: CompletionProvider?
  private var buffer: [Unicode.Scalar] = []
  private var cursor = 0
  private var prompt = ""
  /// The cursor's row below the prompt's first row at the last redraw (a long line wraps).
  private var cursorRow = 0
  private var lastKeyWasTab = false

  init(history: History) { self.history = history }

  func readLine(prompt: String) -> EditResult {
    self.prompt = prompt
    buffer = []
    cursor = 0
    cursorRow = 0
    lastKeyWasTab = false
    fflush(stdout)
    Terminal.enterRawMode()
    defer { Terminal.leaveRawMode() }
    refresh()
    var browsing = HistoryBrowser(entries: history.entries)
    while let key = readKey() {
      if let result = handle(key, &browsing) { return result }
    }
    return finish(.endOfInput(text))
  }

  private var text: String { String(String.UnicodeScalarView(buffer)) }

  /// Applies one key; a result ends the line.
  private func handle(_ key: Key, _ browsing: inout HistoryBrowser) -> EditResult? {
    defer { lastKeyWasTab = key == .control(0x09) }
    switch key {
    case .character(let scalar): insert([scalar])
    case .control(0x0A), .control(0x0D): return finish(.line(text))
    case .control(0x03): return finish(.interrupted(text))
    case .control(0x04):
      if buffer.isEmpty { return finish(.endOfInput("")) }
      deleteForward()
    case .control(0x01), .home: moveCursor(to: 0)
    case .control(0x05), .end: moveCursor(to: buffer.count)
    case .control(0x02), .left: moveCursor(to: cursor - 1)
    case .control(0x06), .right: moveCursor(to: cursor + 1)
    case .wordLeft: moveCursor(to: wordStart(before: cursor))
    case .wordRight: moveCursor(to: wordEnd(after: cursor))
    case .control(0x08), .control(0x7F):
      if cursor > 0 { replace(cursor - 1..<cursor, with: []) }
    case .delete: deleteForward()
    case .control(0x0B): replace(cursor..<buffer.count, with: [])
    case .control(0x15): replace(0..<cursor, with: [])
    case .control(0x17), .deleteWordBefore: replace(wordStart(before: cursor)..<cursor, with: [])
    case .control(0x0C):
      Terminal.emit("\u{1B}[H\u{1B}[2J")
      cursorRow = 0
      refresh()
    case .control(0x10), .up: showHistory(browsing.older(current: text))
    case .control(0x0E), .down: showHistory(browsing.newer())
    case .control(0x12): return reverseSearch(&browsing)
    case .control(0x09): complete()
    default: break
    }
    return nil
  }

  /// Moves to the end, leaves the line on screen and goes to the next line.
  private func finish(_ result: EditResult) -> EditResult {
    cursor = buffer.count
    refresh()
    Terminal.emit("\n")
    return result
  }

  private func insert(_ scalars: [Unicode.Scalar]) {
    replace(cursor..<cursor, with: scalars)
  }

  private func replace(_ range: Range<Int>, with scalars: [Unicode.Scalar]) {
    buffer.replaceSubrange(range, with: scalars)
    cursor = range.lowerBound + scalars.count
    refresh()
  }

  private func deleteForward() {
    if cursor < buffer.count { replace(cursor..<cursor + 1, with: []) }
  }

  private func moveCursor(to position: Int) {
    cursor = min(max(position, 0), buffer.count)
    refresh()
  }

  private func showHistory(_ entry: String?) {
    guard let entry else { return }
    buffer = Array(entry.unicodeScalars)
    cursor = buffer.count
    refresh()
  }

  // Words for Ctrl-W and Alt-B/Alt-F: runs of non-space characters, as readline's
  // unix-word-rubout takes them.
  private func wordStart(before position: Int) -> Int {
    var index = position
    while index > 0 && buffer[index - 1].properties.isWhitespace { index -= 1 }
    while index > 0 && !buffer[index - 1].properties.isWhitespace { index -= 1 }
    return index
  }

  private func wordEnd(after position: Int) -> Int {
    var index = position
    while index < buffer.count && buffer[index].properties.isWhitespace { index += 1 }
    while index < buffer.count && !buffer[index].properties.isWhitespace { index += 1 }
    return index
  }

  // MARK: Drawing

  /// Redraws the prompt and line and puts the cursor in place. A line longer than the
  /// terminal wraps, so the redraw starts by going up to the prompt's row.
  private func refresh(prompt shownPrompt: String? = nil) {
    let columns = Terminal.columns
    let promptText = shownPrompt ?? prompt
    let promptWidth = displayWidth(promptText.unicodeScalars)
    var output = cursorRow > 0 ? "\u{1B}[\(cursorRow)A" : ""
    output += "\r\u{1B}[J" + promptText + text
    let end = promptWidth + displayWidth(buffer[...])
    // At the right margin the terminal waits to wrap; make it wrap so the row count is right.
    if end > 0 && end % columns == 0 { output += "\n" }
    let position = promptWidth + displayWidth(buffer[..<cursor])
    let row = position / columns
    if end / columns > row { output += "\u{1B}[\(end / columns - row)A" }
    output += "\r"
    if position % columns > 0 { output += "\u{1B}[\(position % columns)C" }
    cursorRow = row
    Terminal.emit(output)
  }

  // MARK: Reverse search (Ctrl-R)

  /// readline's reverse incremental search: typed characters narrow the search, Ctrl-R finds
  /// the next older match, Enter runs the match, Ctrl-G or Ctrl-C gives the line back, and
  /// any other key takes the match onto the line and acts there.
  private func reverseSearch(_ browsing: inout HistoryBrowser) -> EditResult? {
    let original = (buffer, cursor)
    var query: [Unicode.Scalar] = []
    var matchIndex = history.entries.count
    var failed = false
    func search(from start: Int) {
      let needle = String(String.UnicodeScalarView(query))
      var index = start
      while index >= 0 {
        if index < history.entries.count && (needle.isEmpty || history.entries[index].contains(needle)) {
          matchIndex = index
          buffer = Array(history.entries[index].unicodeScalars)
          cursor = buffer.count
          failed = false
          return
        }
        index -= 1
      }
      failed = true
    }
    while true {
      let label = failed ? "(failed reverse-i-search)" : "(reverse-i-search)"
      refresh(prompt: "\(label)`\(String(String.UnicodeScalarView(query)))': ")
      guard let key = readKey() else { return finish(.endOfInput(text)) }
      switch key {
      case .character(let scalar):
        query.append(scalar)
        search(from: matchIndex)
      case .control(0x12): search(from: matchIndex - 1)
      case .control(0x08), .control(0x7F):
        if !query.isEmpty { query.removeLast() }
        search(from: history.entries.count - 1)
      case .control(0x07), .control(0x03):
        (buffer, cursor) = original
        refresh()
        return nil
      default:
        refresh()
        return handle(key, &browsing)
      }
    }
  }

  // MARK: Completion (Tab)

  /// One candidate completes; several complete their common prefix, and a second Tab lists them.
  private func complete() {
    guard let completion else { return }
    let before = String(String.UnicodeScalarView(buffer[..<cursor]))
    let (replacing, candidates) = completion(before)
    guard !candidates.isEmpty else {
      Terminal.emit("\u{7}")
      return
    }
    let typed = Array(buffer[(cursor - replacing)..<cursor])
    let common = commonPrefix(candidates.map { Array($0.unicodeScalars) })
    if common.count > typed.count {
      insert(Array(common[typed.count...]))
      return
    }
    if candidates.count == 1 { return }
    guard lastKeyWasTab else {
      Terminal.emit("\u{7}")
      return
    }
    listCandidates(candidates)
  }

  private func listCandidates(_ candidates: [String]) {
    let width = (candidates.map { displayWidth($0.unicodeScalars) }.max() ?? 0) + 2
    let perRow = max(1, Terminal.columns / width)
    var listing = "\n"
    for (index, candidate) in candidates.enumerated() {
      let isRowEnd = index % perRow == perRow - 1 || index == candidates.count - 1
      let padding = isRowEnd ? 0 : width - displayWidth(candidate.unicodeScalars)
      listing += candidate + String(repeating: " ", count: padding) + (isRowEnd ? "\n" : "")
    }
    cursor = buffer.count
    refresh()
    Terminal.emit(listing)
    cursorRow = 0
    refresh()
  }

  // MARK: Input decoding

  /// The next key: a UTF-8 character (whole, never part of one), a control key or an
  /// escape sequence (xterm and VT100 forms of the arrows, Home, End, Delete).
  private func readKey() -> Key? {
    guard let byte = Terminal.readByte() else { return nil }
    switch byte {
    case 0x1B: return readEscapeSequence()
    case 0x00..<0x20, 0x7F: return .control(byte)
    case 0x20..<0x80: return .character(Unicode.Scalar(byte))
    default: return readUTF8(startingWith: byte)
    }
  }

  private func readUTF8(startingWith first: UInt8) -> Key {
    let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
    var bytes = [first]
    while bytes.count < length, let next = Terminal.readByte(timeout: 100), next & 0xC0 == 0x80 {
      bytes.append(next)
    }
    let decoded = String(decoding: bytes, as: UTF8.self).unicodeScalars
    return .character(decoded.first ?? "\u{FFFD}")
  }

  private func readEscapeSequence() -> Key {
    guard let introducer = Terminal.readByte(timeout: 100) else { return .ignored }
    switch introducer {
    case UInt8(ascii: "["), UInt8(ascii: "O"): break
    case UInt8(ascii: "b"): return .wordLeft
    case UInt8(ascii: "f"): return .wordRight
    case 0x7F, 0x08: return .deleteWordBefore
    default: return .ignored
    }
    var parameters = ""
    while let next = Terminal.readByte(timeout: 100) {
      if next >= 0x40 && next <= 0x7E {
        return key(final: next, parameters: parameters)
      }
      parameters.append(Character(Unicode.Scalar(next)))
    }
    return .ignored
  }

  private func key(final: UInt8, parameters: String) -> Key {
    // Ctrl or Alt with an arrow (`1;5C`, `1;3D`) moves by words.
    let modified = parameters.hasPrefix("1;")
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return modified ? .wordRight : .right
    case UInt8(ascii: "D"): return modified ? .wordLeft : .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch parameters {
      case "1", "7": return .home
      case "4", "8": return .end
      case "3": return .delete
      default: return .ignored
      }
    default: return .ignored
    }
  }
}

/// Up and Down through the history; the line being typed is kept to come back to.
struct HistoryBrowser {
  let entries: [String]
  private var index: Int
  private var draft = ""

  init(entries: [String]) {
    self.entries = entries
    index = entries.count
  }

  mutating func older(current: String) -> String? {
    guard index > 0 else { return nil }
    if index == entries.count { draft = current }
    index -= 1
    return entries[index]
  }

  mutating func newer() -> String? {
    guard index < entries.count else { return nil }
    index += 1
    return index == entries.count ? draft : entries[index]
  }
}

func commonPrefix(_ words: [[Unicode.Scalar]]) -> [Unicode.Scalar] {
  guard var prefix = words.first else { return [] }
  for word in words.dropFirst() {
    var length = 0
    while length < min(prefix.count, word.count) && prefix[length] == word[length] { length += 1 }
    prefix.removeSubrange(length...)
  }
  return prefix
}

/// Terminal columns a text takes: combining marks none, East Asian wide characters two.
func displayWidth<S: Sequence>(_ scalars: S) -> Int where S.Element == Unicode.Scalar {
  var width = 0
  for scalar in scalars {
    let value = scalar.value
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: continue
    default: break
    }
    if value < 0x20 { continue }
    let wide =
      (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1F64F).contains(value)
      || (0x1F900...0x1F9FF).contains(value) || (0x20000...0x3FFFD).contains(value)
    width += wide ? 2 : 1
  }
  return width
}
