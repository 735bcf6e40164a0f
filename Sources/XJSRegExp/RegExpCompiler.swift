/// Compiles a parsed pattern to regex bytecode (`RegExpOp`).
///
/// Register layout: `[0, 2n+2)` capture start/end pairs for groups 0…n; `[2n+2, 3n+3)` the
/// pending start of each group while its body runs (the capture becomes visible only when
/// the group closes, as in ES2024 22.2.2.8.5 step 2.e); then loop counters, iteration start
/// positions and lookaround bookkeeping, one set per construct.
struct RegExpCompiler {
  /// Programs larger than this are rejected ("Regular expression too large"); also keeps
  /// every pc and register small enough for the backtrack stack's tagged entries.
  static let maxProgramLength = 1 << 24
  static let maxCaptures = 1 << 16

  private var code: [Int32] = []
  private var sets: [MatchSet] = []
  private var setBits: [UInt64] = []
  private var setIndexByBounds: [[UInt32]: Int] = [:]
  private var rangePool: [UInt32] = []
  private var literalPool: [UInt16] = []
  private var registerCount: Int
  private let captureCount: Int
  /// The flags in effect at the node being compiled (modifier groups change i, m, s).
  private var flags: RegExpFlags
  private let unicode: Bool
  /// The case folding table while `i` is in effect, else nil.
  private var caseFolding: CaseFolding?
  /// Set once any part of the pattern compiles under `i` (case-insensitive backreferences
  /// need the table at match time).
  private var usesCaseFolding: Bool
  /// Every group of a name, in pattern order (ES2025 allows a name in several alternatives).
  private let groupIndicesByName: [[UInt16]: [Int]]

  static func compile(_ parsed: RegExpParser.Result, flags: RegExpFlags) throws(RegExpSyntaxError)
    -> RegExpProgram
  {
    if parsed.captureCount >= maxCaptures { throw RegExpSyntaxError("Too many captures") }
    var compiler = RegExpCompiler(parsed: parsed, flags: flags)
    compiler.emit(parsed.root, backward: false)
    compiler.emit(.match)
    if compiler.code.count > maxProgramLength || compiler.registerCount > maxProgramLength {
      throw RegExpSyntaxError("Regular expression too large")
    }
    let prefilter = Prefilter(
      root: parsed.root, flags: flags, caseFolding: compiler.caseFolding)
    return RegExpProgram(
      caseFolding: compiler.usesCaseFolding ? CaseFolding.table(unicode: flags.isUnicodeMode) : nil,
      captureCount: parsed.captureCount, groupNames: parsed.groupNames, flags: flags,
      code: compiler.code, sets: compiler.sets, setBits: compiler.setBits,
      rangePool: compiler.rangePool,
      literalPool: compiler.literalPool, registerCount: compiler.registerCount,
      prefilter: prefilter)
  }

  private init(parsed: RegExpParser.Result, flags: RegExpFlags) {
    captureCount = parsed.captureCount
    registerCount = 3 * (parsed.captureCount + 1)
    self.flags = flags
    unicode = flags.isUnicodeMode
    caseFolding =
      flags.contains(.ignoreCase) ? CaseFolding.table(unicode: flags.isUnicodeMode) : nil
    usesCaseFolding = caseFolding != nil
    var names: [[UInt16]: [Int]] = [:]
    for (name, index) in parsed.groupNames { names[name, default: []].append(index) }
    groupIndicesByName = names
  }

  // MARK: Emission helpers

  private mutating func emit(_ op: RegExpOp, _ operands: Int32...) {
    code.append(op.rawValue)
    code.append(contentsOf: operands)
  }

  /// Emits an instruction whose last operand is a jump target not known yet; returns the
  /// operand's index for `patch`.
  private mutating func emitWithTarget(_ op: RegExpOp, _ operands: Int32...) -> Int {
    code.append(op.rawValue)
    code.append(contentsOf: operands)
    code.append(-1)
    return code.count - 1
  }

  private mutating func patch(_ operandIndex: Int, to target: Int) {
    code[operandIndex] = Int32(target)
  }

  private mutating func allocateRegister() -> Int32 {
    registerCount += 1
    return Int32(registerCount - 1)
  }

  private func pendingStartRegister(_ group: Int) -> Int32 {
    Int32(2 * (captureCount + 1) + group)
  }

  // MARK: Nodes

  private mutating func emit(_ node: RegExpNode, backward: Bool) {
    switch node {
    case .empty:
      break
    case .character(let c):
      emitCharacter(c, backward: backward)
    case .characterClass, .dot:
      emitSet(characterSet(of: node), backward: backward)
    case .sequence(let items):
      emitSequence(items, backward: backward)
    case .alternation(let items):
      emitAlternation(items, backward: backward)
    case .capture(let index, let body):
      let register = pendingStartRegister(index)
      emit(.savePosition, register)
      emit(body, backward: backward)
      emit(backward ? .closeCaptureBack : .closeCapture, Int32(index), register)
    case .modified(let body, let add, let remove):
      emitModified(body, add: add, remove: remove, backward: backward)
    case .lookaround(let body, let behind, let negative, let captures):
      emitLookaround(body, behind: behind, negative: negative, captures: captures)
    case .quantified(let body, let min, let max, let greedy, let captures):
      emitQuantified(
        body, min: min, max: max, greedy: greedy, captures: captures, backward: backward)
    case .backreference(let group):
      emitBackreference(group, backward: backward)
    case .namedBackreference(let name):
      // At most one group of a name participates and an unset group matches the empty
      // string, so one backreference per group in a row matches the participating one.
      for group in groupIndicesByName[name] ?? [] {
        emitBackreference(group, backward: backward)
      }
    case .assertion(let kind):
      emitAssertion(kind)
    }
  }

  /// ES2025 modifiers: compiles the body with the group's flags, then restores the outer ones.
  private mutating func emitModified(
    _ body: RegExpNode, add: RegExpFlags, remove: RegExpFlags, backward: Bool
  ) {
    let outerFlags = flags
    let outerFolding = caseFolding
    flags = flags.union(add).subtracting(remove)
    caseFolding = flags.contains(.ignoreCase) ? CaseFolding.table(unicode: unicode) : nil
    if caseFolding != nil { usesCaseFolding = true }
    emit(body, backward: backward)
    flags = outerFlags
    caseFolding = outerFolding
  }

  private mutating func emitAssertion(_ kind: RegExpAssertion) {
    let multiline = flags.contains(.multiline)
    switch kind {
    case .start: emit(multiline ? .assertLineStart : .assertStart)
    case .end: emit(multiline ? .assertLineEnd : .assertEnd)
    case .wordBoundary, .notWordBoundary:
      let extended: Int32 = unicode && flags.contains(.ignoreCase) ? 1 : 0
      emit(kind == .wordBoundary ? .wordBoundary : .notWordBoundary, extended)
    }
  }

  private mutating func emitBackreference(_ group: Int, backward: Bool) {
    let op: RegExpOp
    switch (caseFolding != nil, backward) {
    case (false, false): op = .backref
    case (false, true): op = .backrefBack
    case (true, false): op = .backrefIgnoreCase
    case (true, true): op = .backrefIgnoreCaseBack
    }
    emit(op, Int32(group))
  }

  // MARK: Characters

  /// The characters that match pattern character `c` (its case orbit under `i`).
  private func matchingCharacters(_ c: UInt32) -> [UInt32] {
    caseFolding?.orbit(of: c) ?? [c]
  }

  /// Whether a code unit comparison decides a match of `c`: BMP characters, except
  /// surrogates in unicode mode (a lone surrogate must not match half of a pair).
  private func comparesAsUnit(_ c: UInt32) -> Bool {
    c <= 0xFFFF && !(unicode && (0xD800...0xDFFF).contains(c))
  }

  private mutating func emitCharacter(_ c: UInt32, backward: Bool) {
    let members = matchingCharacters(c)
    if members.count == 1 && comparesAsUnit(c) {
      emit(backward ? .charBack : .char, Int32(c))
    } else if members.count == 1 && c > 0xFFFF {
      emitLiteral(utf16(c), backward: backward)
    } else if members.count == 2 && members.allSatisfy(comparesAsUnit) {
      emit(backward ? .char2Back : .char2, Int32(members[0]), Int32(members[1]))
    } else {
      emitSet(CodePointSet(unsortedBounds: members.flatMap { [$0, $0] }), backward: backward)
    }
  }

  private func utf16(_ c: UInt32) -> [UInt16] {
    var units: [UInt16] = []
    appendUTF16(c, to: &units)
    return units
  }

  private mutating func emitLiteral(_ units: [UInt16], backward: Bool) {
    let offset = Int32(literalPool.count)
    literalPool.append(contentsOf: units)
    emit(backward ? .literalBack : .literal, offset, Int32(units.count))
  }

  /// The code units of `c` in a case-sensitive literal run, or nil when a code unit
  /// comparison does not decide it (a lone surrogate in unicode mode).
  private func literalUnits(_ c: UInt32) -> [UInt16]? {
    comparesAsUnit(c) || c > 0xFFFF ? utf16(c) : nil
  }

  /// The unit of `c` in a case-insensitive ASCII run (lowercase for letters), or nil when
  /// c's orbit is not just itself and its other-case ASCII letter.
  private func asciiFoldedUnit(_ c: UInt32) -> UInt16? {
    guard c < 0x80 else { return nil }
    let members = matchingCharacters(c)
    let lower = c | 0x20
    if lower >= 0x61 && lower <= 0x7A {
      return members == [lower - 0x20, lower] ? UInt16(lower) : nil
    }
    return members == [c] ? UInt16(c) : nil
  }

  private mutating func emitSequence(_ items: [RegExpNode], backward: Bool) {
    if backward {
      for item in items.reversed() { emit(item, backward: true) }
      return
    }
    var i = 0
    while i < items.count {
      if let run = literalRun(items, from: i) {
        if run.ignoreCase {
          let offset = Int32(literalPool.count)
          literalPool.append(contentsOf: run.units)
          emit(.literalIgnoreCase, offset, Int32(run.units.count))
        } else {
          emitLiteral(run.units, backward: false)
        }
        i = run.end
      } else {
        emit(items[i], backward: false)
        i += 1
      }
    }
  }

  /// Two or more consecutive characters that compare as one code unit string.
  private func literalRun(_ items: [RegExpNode], from start: Int) -> (
    units: [UInt16], end: Int, ignoreCase: Bool
  )? {
    var units: [UInt16] = []
    var end = start
    let ignoreCase = caseFolding != nil
    while end < items.count, case .character(let c) = items[end] {
      if ignoreCase {
        guard let unit = asciiFoldedUnit(c) else { break }
        units.append(unit)
      } else {
        guard let piece = literalUnits(c) else { break }
        units += piece
      }
      end += 1
    }
    return end - start >= 2 ? (units, end, ignoreCase) : nil
  }

  // MARK: Sets

  /// The set of input characters a single-character node matches, with case closure and
  /// inversion applied (ES2024 22.2.2.7.3: canonicalize, then invert).
  private func characterSet(of node: RegExpNode) -> CodePointSet {
    switch node {
    case .character(let c):
      return CodePointSet(unsortedBounds: matchingCharacters(c).flatMap { [$0, $0] })
    case .characterClass(let set, let inverted):
      let closed = caseFolding?.closure(of: set) ?? set
      return inverted ? closed.inverted() : closed
    case .dot:
      return flags.contains(.dotAll)
        ? CodePointSet(0, CodePointSet.maxCodePoint)
        : CharacterClasses.lineTerminators.inverted()
    default:
      preconditionFailure("not a single-character node")
    }
  }

  private mutating func emitSet(_ set: CodePointSet, backward: Bool) {
    let everything = unicode ? CodePointSet.maxCodePoint : 0xFFFF
    if let first = set.first, first == 0, set.rangeCount == 1, set.last! >= everything {
      emit(backward ? .anyBack : .any)
    } else if set.rangeCount == 1, set.first == set.last, comparesAsUnit(set.first!) {
      emit(backward ? .charBack : .char, Int32(set.first!))
    } else {
      emit(backward ? .setBack : .set, Int32(setIndex(set)))
    }
  }

  private mutating func setIndex(_ set: CodePointSet) -> Int {
    if let existing = setIndexByBounds[set.bounds] { return existing }
    var compiled = MatchSet()
    compiled.rangeStart = Int32(rangePool.count)
    var bits: [UInt64] = [0, 0, 0, 0]
    for range in set.ranges {
      if range.lowerBound <= 0xFF {
        for c in range.lowerBound...min(range.upperBound, 0xFF) {
          bits[Int(c >> 6)] |= 1 << UInt64(c & 63)
        }
      }
      if range.upperBound > 0xFF {
        rangePool.append(max(range.lowerBound, 0x100))
        rangePool.append(range.upperBound)
        compiled.rangeCount += 1
      }
    }
    sets.append(compiled)
    setBits += bits
    setIndexByBounds[set.bounds] = sets.count - 1
    return sets.count - 1
  }

  // MARK: Alternation, lookaround, quantifiers

  private mutating func emitAlternation(_ items: [RegExpNode], backward: Bool) {
    var jumpsToEnd: [Int] = []
    for (i, item) in items.enumerated() {
      if i == items.count - 1 {
        emit(item, backward: backward)
      } else {
        let split = emitWithTarget(.split)
        emit(item, backward: backward)
        jumpsToEnd.append(emitWithTarget(.jump))
        patch(split, to: code.count)
      }
    }
    for jump in jumpsToEnd { patch(jump, to: code.count) }
  }

  private mutating func emitLookaround(
    _ body: RegExpNode, behind: Bool, negative: Bool, captures: Range<Int>
  ) {
    let height = allocateRegister()
    let position = allocateRegister()
    let negativeFlag: Int32 = negative ? 1 : 0
    let after = emitWithTarget(.lookStart, negativeFlag, height, position)
    emit(body, backward: behind)
    emit(
      .lookEnd, negativeFlag, height, position, Int32(captures.lowerBound), Int32(captures.count))
    patch(after, to: code.count)
  }

  private mutating func emitQuantified(
    _ body: RegExpNode, min: Int, max: Int?, greedy: Bool, captures: Range<Int>, backward: Bool
  ) {
    if max == 0 { return }  // RepeatMatcher step 1: the atom is never tried
    if min == 1 && max == 1 {
      emit(body, backward: backward)
      return
    }
    let maxOperand = Int32(max ?? Int(Int32.max))
    if body.isSingleCharacter {
      let set = setIndex(characterSet(of: body))
      emit(
        greedy ? .starGreedy : .starLazy, Int32(set), Int32(min), maxOperand, backward ? 1 : 0)
      return
    }
    let counter = allocateRegister()
    let position: Int32 = body.canMatchEmpty ? allocateRegister() : -1
    emit(.loopInit, counter)
    let head = code.count
    let exit = emitWithTarget(.loopHead, counter, Int32(min), maxOperand, greedy ? 1 : 0)
    if position >= 0 { emit(.savePosition, position) }
    if !captures.isEmpty {
      emit(.clearCaptures, Int32(captures.lowerBound), Int32(captures.count))
    }
    emit(body, backward: backward)
    emit(.loopEnd, counter, position, Int32(min), Int32(head))
    patch(exit, to: code.count)
  }
}
