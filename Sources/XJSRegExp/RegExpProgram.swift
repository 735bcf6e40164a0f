/// Regex bytecode: a flat `[Int32]`, each instruction an opcode followed by its operands.
/// "Forward" instructions read the character at `pos` and advance; the `…Back` forms read
/// the character before `pos` and step back (lookbehind bodies run backward, ES2024
/// 22.2.2.3 with direction = backward). In unicode mode characters are code points.
///
/// The matcher decodes an opcode by reinterpreting its low byte as the enum (cases are
/// declared in raw-value order from 0; a unit test checks the layout), so keep the raw values
/// implicit and the count below 256.
enum RegExpOp: Int32, CaseIterable {
  /// Success.
  case match
  /// `c`: the code unit at `pos` is `c` (BMP, not a surrogate in unicode mode).
  case char, charBack
  /// `a b`: the code unit is `a` or `b` (two-member case orbits).
  case char2, char2Back
  /// `offset length`: a run of code units from the literal pool.
  case literal, literalBack
  /// `offset length`: an ASCII run compared case-insensitively (pool holds lowercase).
  case literalIgnoreCase
  /// `set`: the character is in set number `set`.
  case set, setBack
  /// Any character (dotAll `.`, `[^]`).
  case any, anyBack
  /// `^` and `$` without and with the `m` flag.
  case assertStart, assertEnd, assertLineStart, assertLineEnd
  /// `unicodeIgnoreCase`: `\b` / `\B`; the operand selects WordCharacters with ſ and K.
  case wordBoundary, notWordBoundary
  /// `target`
  case jump
  /// `target`: try the next instruction, and `target` on backtracking.
  case split
  /// `target`: try `target`, and the next instruction on backtracking.
  case splitPreferTarget
  /// `reg`: regs[reg] = pos.
  case savePosition
  /// `group reg`: capture `group` is [regs[reg], pos) (forward) or [pos, regs[reg]) (back).
  case closeCapture, closeCaptureBack
  /// `first count`: captures first..<first+count become undefined (RepeatMatcher step 4).
  case clearCaptures
  /// `counter`: counter = 0.
  case loopInit
  /// `counter min max greedy exit`: decides whether to run one more iteration.
  case loopHead
  /// `counter position min head`: ends an iteration; fails an empty optional iteration
  /// when `position` >= 0 (RepeatMatcher's continuation d, step 2.b).
  case loopEnd
  /// `group`: backreference (ES2024 22.2.2.7.2 BackreferenceMatcher).
  case backref, backrefBack, backrefIgnoreCase, backrefIgnoreCaseBack
  /// `negative height position after`: enters a lookaround body.
  case lookStart
  /// `negative height position firstGroup groupCount`: leaves a lookaround body.
  case lookEnd
  /// `set min max backward`: single-character loop, greedy or lazy, kept on one
  /// backtrack entry instead of one per iteration.
  case starGreedy, starLazy

  /// Instruction length in words, opcode included.
  var length: Int {
    switch self {
    case .match, .any, .anyBack, .assertStart, .assertEnd, .assertLineStart, .assertLineEnd:
      return 1
    case .char, .charBack, .set, .setBack, .wordBoundary, .notWordBoundary, .jump, .split,
      .splitPreferTarget, .savePosition, .loopInit, .backref, .backrefBack, .backrefIgnoreCase,
      .backrefIgnoreCaseBack:
      return 2
    case .char2, .char2Back, .literal, .literalBack, .literalIgnoreCase, .closeCapture,
      .closeCaptureBack, .clearCaptures:
      return 3
    case .loopEnd, .lookStart: return 5
    case .starGreedy, .starLazy: return 5
    case .loopHead: return 6
    case .lookEnd: return 6
    }
  }
}

/// A compiled character set: a 256-bit map for Latin-1 (four words at `4 × index` in the
/// program's `setBits`) and sorted ranges above U+00FF (in the program's range pool). Plain
/// data, so the matcher reads it without reference counting.
struct MatchSet {
  /// Index of the first range bound in the pool, and the number of ranges above U+00FF.
  var rangeStart: Int32 = 0
  var rangeCount: Int32 = 0
}

/// The outcome of `RegExpProgram.execute`.
public enum RegExpMatchResult: Equatable, Sendable {
  case matched
  case noMatch
  /// The interrupt callback asked to stop.
  case interrupted
  /// The backtrack stack reached its limit (V8 reports this as a RangeError
  /// "Maximum call stack size exceeded").
  case stackExhausted
}

/// A compiled regular expression. Immutable after compilation; `execute` may be called from
/// several threads at once.
public final class RegExpProgram {
  /// Number of capture groups, not counting group 0.
  public let captureCount: Int
  /// Named groups in pattern order.
  public let groupNames: [(name: [UInt16], index: Int)]
  public let flags: RegExpFlags

  let code: [Int32]
  let sets: [MatchSet]
  let setBits: [UInt64]
  let rangePool: [UInt32]
  let literalPool: [UInt16]
  let registerCount: Int
  let prefilter: Prefilter
  /// Canonicalize for case-insensitive backreferences.
  let caseFolding: CaseFolding?

  init(
    caseFolding: CaseFolding?, captureCount: Int, groupNames: [(name: [UInt16], index: Int)], flags: RegExpFlags,
    code: [Int32], sets: [MatchSet], setBits: [UInt64], rangePool: [UInt32],
    literalPool: [UInt16],
    registerCount: Int, prefilter: Prefilter
  ) {
    self.captureCount = captureCount
    self.groupNames = groupNames
    self.flags = flags
    self.code = code
    self.sets = sets
    self.setBits = setBits
    self.rangePool = rangePool
    self.literalPool = literalPool
    self.registerCount = registerCount
    self.prefilter = prefilter
    self.caseFolding = caseFolding
  }

  /// The memory the program takes, estimated from its parts (hosts count it against their
  /// memory limits: a script can compile many patterns).
  public var estimatedBytes: Int {
    var bytes = 256 &+ code.count &* 4 &+ sets.count &* MemoryLayout<MatchSet>.stride
    bytes &+= setBits.count &* 8 &+ rangePool.count &* 4 &+ literalPool.count &* 2
    bytes &+= prefilter.offsets.count &* MemoryLayout<Prefilter.UnitFilter>.stride
    bytes &+= prefilter.vectorOffsets.count &* 8 &+ prefilter.vectorUnits.count &* 32
    for group in groupNames { bytes &+= 48 &+ group.name.count &* 2 }
    return bytes
  }

  /// Parses and compiles `pattern` (UTF-16 code units of the pattern source).
  public static func compile(pattern: [UInt16], flags: RegExpFlags) throws(RegExpSyntaxError)
    -> RegExpProgram
  {
    let parsed = try RegExpParser.parse(pattern: pattern, flags: flags)
    return try RegExpCompiler.compile(parsed, flags: flags)
  }

  /// Convenience for tests and tools: the pattern as a Swift string.
  public static func compile(_ pattern: String, flags: String = "") throws(RegExpSyntaxError)
    -> RegExpProgram
  {
    guard let parsedFlags = RegExpFlags(parsing: flags) else {
      throw RegExpSyntaxError("Invalid flags supplied to RegExp constructor '\(flags)'")
    }
    return try compile(pattern: Array(pattern.utf16), flags: parsedFlags)
  }

  /// Number of `Int32` slots `captures` must hold: 2 × (captureCount + 1).
  public var captureSlotCount: Int { 2 * (captureCount + 1) }

  /// Runs the expression on UTF-16 `input`. With `sticky` the match must start exactly at
  /// `start`; otherwise positions from `start` on are tried in order. In unicode mode a
  /// `start` inside a surrogate pair moves back to the pair's start (ES2024 22.2.7.2 step 11).
  ///
  /// On `.matched`, `captures` holds `captureSlotCount` UTF-16 offsets, start and end of
  /// group 0, 1, …; -1 marks a group that did not participate.
  ///
  /// `interrupt` is called every few thousand backtracking steps; returning true stops
  /// the match with `.interrupted`. `backtrackLimit` bounds the backtrack stack (in 4-byte
  /// slots).
  public func execute(
    _ input: UnsafeBufferPointer<UInt16>, from start: Int, sticky: Bool,
    captures: UnsafeMutablePointer<Int32>,
    backtrackLimit: Int = RegExpProgram.defaultBacktrackLimit,
    interrupt: () -> Bool = { false }
  ) -> RegExpMatchResult {
    runMatcher(
      input, from: start, sticky: sticky, captures: captures, backtrackLimit: backtrackLimit,
      interrupt: interrupt)
  }

  /// The same over Latin-1 input (one byte per character).
  public func execute(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, sticky: Bool,
    captures: UnsafeMutablePointer<Int32>,
    backtrackLimit: Int = RegExpProgram.defaultBacktrackLimit,
    interrupt: () -> Bool = { false }
  ) -> RegExpMatchResult {
    runMatcher(
      input, from: start, sticky: sticky, captures: captures, backtrackLimit: backtrackLimit,
      interrupt: interrupt)
  }

  /// 16 M slots (64 MB), V8's regexp stack limit.
  public static let defaultBacktrackLimit = 1 << 24

  /// Convenience for tests and tools: matches a Swift string and returns the captures.
  public func match(_ input: String, from start: Int = 0, sticky: Bool = false) -> [Int32]? {
    let units = Array(input.utf16)
    var captures = [Int32](repeating: -1, count: captureSlotCount)
    let result = units.withUnsafeBufferPointer { buffer in
      captures.withUnsafeMutableBufferPointer { slots in
        execute(buffer, from: start, sticky: sticky, captures: slots.baseAddress!)
      }
    }
    return result == .matched ? captures : nil
  }
}
