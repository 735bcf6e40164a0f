/// The parsed form of a pattern. Characters are UTF-16 code units in non-unicode mode and
/// code points in unicode mode (ES2024 22.2.2: "the Input is a List of characters").
indirect enum RegExpNode {
  case empty
  /// One pattern character (after escape decoding).
  case character(UInt32)
  /// A character class; `inverted` is kept apart from the set because case-insensitive
  /// matching canonicalizes before inverting (ES2024 22.2.2.7.3 CharacterSetMatcher).
  case characterClass(CodePointSet, inverted: Bool)
  /// `.`: any character but line terminators, or any character with the `s` flag.
  case dot
  case sequence([RegExpNode])
  case alternation([RegExpNode])
  /// A capturing group `( … )` or `(?<name> … )`, numbered from 1.
  case capture(index: Int, RegExpNode)
  /// `(?ims-ims: … )` (ES2025 regexp modifiers): the body runs with flags `add` set and
  /// `remove` cleared.
  case modified(RegExpNode, add: RegExpFlags, remove: RegExpFlags)
  case lookaround(RegExpNode, behind: Bool, negative: Bool, captures: Range<Int>)
  /// `max == nil` means unbounded. `captures` are the groups inside the quantified atom,
  /// reset at each iteration (ES2024 22.2.2.3.1 RepeatMatcher step 4).
  case quantified(RegExpNode, min: Int, max: Int?, greedy: Bool, captures: Range<Int>)
  case backreference(Int)
  case namedBackreference([UInt16])
  case assertion(RegExpAssertion)
}

enum RegExpAssertion {
  case start  // ^
  case end  // $
  case wordBoundary  // \b
  case notWordBoundary  // \B
}

extension RegExpNode {
  /// Whether the node may succeed without consuming input (used for the empty-iteration
  /// check of quantifiers). Conservative: true when unsure.
  var canMatchEmpty: Bool {
    switch self {
    case .empty, .lookaround, .assertion, .backreference, .namedBackreference: return true
    case .character, .characterClass, .dot: return false
    case .sequence(let items): return items.allSatisfy { $0.canMatchEmpty }
    case .alternation(let items): return items.contains { $0.canMatchEmpty }
    case .capture(_, let body), .modified(let body, _, _): return body.canMatchEmpty
    case .quantified(let body, let min, _, _, _): return min == 0 || body.canMatchEmpty
    }
  }

  /// A character-consuming node that reads exactly one character and has no side effects:
  /// such bodies get the fast single-character loop instructions.
  var isSingleCharacter: Bool {
    switch self {
    case .character, .characterClass, .dot: return true
    default: return false
    }
  }
}
