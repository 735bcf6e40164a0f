/// The backtracking matcher: runs regex bytecode over the input with an explicit backtrack
/// stack and no native recursion, so neither the input length nor the pattern shape can
/// exhaust the native stack.
///
/// Every register write that backtracking must undo pushes an undo entry (old value), and
/// every alternative pushes a choice entry; failing pops entries, restoring registers until a
/// choice resumes. Entries are `Int32` words with the tag in the low two bits of the top word:
///
///     undo:         [old value, register << 2 | 0]
///     choice:       [position, pc << 2 | 1]
///     greedy star:  [minimum end, current end, pc << 2 | 2]  gives back one character per retry
///     lazy star:    [count, current end, pc << 2 | 3]        takes one more character per retry
extension RegExpProgram {
  func runMatcher<Unit: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    _ input: UnsafeBufferPointer<Unit>, from requestedStart: Int, sticky: Bool,
    captures: UnsafeMutablePointer<Int32>, backtrackLimit: Int, interrupt: () -> Bool
  ) -> RegExpMatchResult {
    let length = input.count
    guard requestedStart >= 0, requestedStart <= length, length < Int(Int32.max) else {
      return .noMatch
    }
    let unicode = flags.isUnicodeMode
    var start = requestedStart
    if unicode, start > 0, start < length, isTrail(UInt32(input[start])),
      isLead(UInt32(input[start - 1]))
    {
      start -= 1  // the character at `start` is the pair that begins one unit earlier
    }
    let scratchCount = 2 * (captureCount + 1)
    // The standard library puts a temporary allocation on the stack only up to 1,024 bytes
    // (256 words) and mallocs beyond: size the first backtrack stack to fit (it grows on the
    // heap when a match needs more). A fixed 256 words made every exec a malloc and a free.
    let initialStack = max(64, 256 - registerCount - scratchCount)
    return withUnsafeTemporaryAllocation(
      of: Int32.self, capacity: registerCount + scratchCount + initialStack
    ) { memory in
      code.withUnsafeBufferPointer { code in
        sets.withUnsafeBufferPointer { sets in
          setBits.withUnsafeBufferPointer { bits in
            rangePool.withUnsafeBufferPointer { ranges in
              literalPool.withUnsafeBufferPointer { literals in
                var matcher = Matcher(
                  program: ProgramPointers(
                    code: code.baseAddress!, sets: sets.baseAddress, bits: bits.baseAddress,
                    ranges: ranges.baseAddress, literals: literals.baseAddress),
                  input: input.baseAddress, length: length, unicode: unicode,
                  memory: memory.baseAddress!, registerCount: registerCount,
                  captureCount: captureCount, initialStack: initialStack,
                  backtrackLimit: backtrackLimit, caseFolding: caseFolding)
                defer { matcher.releaseStack() }
                let result = search(
                  &matcher, input: input, start: start, sticky: sticky, interrupt: interrupt)
                if result == .matched {
                  matcher.copyCaptures(to: captures, count: captureSlotCount)
                }
                return result
              }
            }
          }
        }
      }
    }
  }

  /// Tries start positions from `start` on (or only `start` when sticky), skipping those
  /// the prefilter rules out.
  private func search<Unit: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    _ matcher: inout Matcher<Unit>, input: UnsafeBufferPointer<Unit>, start: Int, sticky: Bool,
    interrupt: () -> Bool
  ) -> RegExpMatchResult {
    let length = input.count
    if sticky {
      if length - start < prefilter.minLength { return .noMatch }
      if prefilter.anchoredAtStart && start != 0 { return .noMatch }
      return matcher.run(at: start, interrupt: interrupt)
    }
    if prefilter.anchoredAtStart {
      return start == 0 ? matcher.run(at: 0, interrupt: interrupt) : .noMatch
    }
    let lastStart = length - prefilter.minLength
    let unicode = flags.isUnicodeMode
    var position = start
    while position <= lastStart {
      position = prefilter.nextCandidate(in: input, from: position, last: lastStart)
      if position > lastStart { break }
      // AdvanceStringIndex never stops inside a pair: a candidate there is skipped.
      if unicode, position > start, position < length, isTrail(UInt32(input[position])),
        isLead(UInt32(input[position - 1]))
      {
        position += 1
        continue
      }
      let result = matcher.run(at: position, interrupt: interrupt)
      if result != .noMatch { return result }
      matcher.budget -= 1
      if matcher.budget <= 0 {
        matcher.budget = Matcher<Unit>.stepsBetweenInterruptChecks
        if interrupt() { return .interrupted }
      }
      // AdvanceStringIndex: whole code points in unicode mode.
      if unicode, position + 1 < length, isLead(UInt32(input[position])),
        isTrail(UInt32(input[position + 1]))
      {
        position += 2
      } else {
        position += 1
      }
    }
    return .noMatch
  }
}

extension Prefilter {
  /// The first position ≥ `position` (and ≤ `last`) whose first units pass the filters
  /// (`last + 1` when none does).
  @inline(__always)
  func nextCandidate<Unit: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    in input: UnsafeBufferPointer<Unit>, from position: Int, last: Int
  ) -> Int {
    guard !offsets.isEmpty else { return position }
    var p = position
    if !vectorOffsets.isEmpty && Unit.self == UInt16.self {
      let units = UnsafeRawPointer(input.baseAddress!).assumingMemoryBound(to: UInt16.self)
      let found = vectorScan(units, from: p, last: last)
      if found.isCandidate { return found.position }
      p = found.position
    } else if !vectorOffsets8.isEmpty && Unit.self == UInt8.self {
      let units = UnsafeRawPointer(input.baseAddress!).assumingMemoryBound(to: UInt8.self)
      let found = vectorScan8(units, from: p, last: last)
      if found.isCandidate { return found.position }
      p = found.position
    }
    let filters = offsets
    let first = filters[0]
    while p <= last {
      if first.allows(UInt32(input[p])) && passesRest(input, at: p, filters) { return p }
      p += 1
    }
    return p
  }

  /// Tests 16 start positions at a time against the vector tests, then the surviving lanes
  /// against every filter. Returns a candidate, or where it stopped (fewer than 16
  /// positions left).
  private func vectorScan(_ input: UnsafePointer<UInt16>, from position: Int, last: Int) -> (
    position: Int, isCandidate: Bool
  ) {
    let raw = UnsafeRawPointer(input)
    let testCount = vectorOffsets.count
    let o0 = vectorOffsets[0]
    let o1 = testCount > 1 ? vectorOffsets[1] : o0
    let o2 = testCount > 2 ? vectorOffsets[2] : o0
    return vectorUnits.withUnsafeBufferPointer { u in
      @inline(__always) func test(_ offset: Int, _ k: Int, _ p: Int) -> SIMDMask<SIMD16<Int16>> {
        let v = raw.loadUnaligned(fromByteOffset: (p + offset) * 2, as: SIMD16<UInt16>.self)
        return (v .== u[k]) .| (v .== u[k + 1]) .| (v .== u[k + 2]) .| (v .== u[k + 3])
      }
      var p = position
      // Loads reach p + 15 + offset < p + 15 + minLength ≤ last + 15 + minLength = length + 15,
      // so stopping at p + 15 > last keeps them inside the input.
      while p + 15 <= last {
        var lanes = test(o0, 0, p)
        if testCount > 1 {
          let second = test(o1, 4, p)
          lanes .&= second
        }
        if testCount > 2 {
          let third = test(o2, 8, p)
          lanes .&= third
        }
        if any(lanes) {
          for lane in 0..<16 where lanes[lane] {
            if passesAll(input, at: p + lane) { return (p + lane, true) }
          }
        }
        p += 16
      }
      return (p, false)
    }
  }

  /// `vectorScan` for 8-bit input, 32 start positions at a time. (Not one function generic
  /// over the vector type: in generic code `.==` resolves to SIMD's lane-by-lane default, and
  /// the search ran 14 times slower.)
  private func vectorScan8(_ input: UnsafePointer<UInt8>, from position: Int, last: Int) -> (
    position: Int, isCandidate: Bool
  ) {
    let raw = UnsafeRawPointer(input)
    let testCount = vectorOffsets8.count
    let o0 = vectorOffsets8[0]
    let o1 = testCount > 1 ? vectorOffsets8[1] : o0
    let o2 = testCount > 2 ? vectorOffsets8[2] : o0
    return vectorUnits8.withUnsafeBufferPointer { u in
      @inline(__always) func test(_ offset: Int, _ k: Int, _ p: Int) -> SIMDMask<SIMD32<Int8>> {
        let v = raw.loadUnaligned(fromByteOffset: p + offset, as: SIMD32<UInt8>.self)
        return (v .== u[k]) .| (v .== u[k + 1]) .| (v .== u[k + 2]) .| (v .== u[k + 3])
      }
      var p = position
      // As in vectorScan: p + 31 ≤ last keeps every load inside the input.
      while p + 31 <= last {
        var lanes = test(o0, 0, p)
        if testCount > 1 { lanes .&= test(o1, 4, p) }
        if testCount > 2 { lanes .&= test(o2, 8, p) }
        if any(lanes) {
          for lane in 0..<32 where lanes[lane] {
            if passesAll(input, at: p + lane) { return (p + lane, true) }
          }
        }
        p += 32
      }
      return (p, false)
    }
  }

  @inline(__always)
  private func passesAll<Unit: FixedWidthInteger & UnsignedInteger>(_ input: UnsafePointer<Unit>, at p: Int) -> Bool {
    for (j, filter) in offsets.enumerated() where !filter.allows(UInt32(input[p + j])) {
      return false
    }
    return true
  }

  @inline(__always)
  private func passesRest<Unit: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    _ input: UnsafeBufferPointer<Unit>, at p: Int, _ filters: [UnitFilter]
  ) -> Bool {
    var j = 1
    while j < filters.count {
      if !filters[j].allows(UInt32(input[p + j])) { return false }
      j += 1
    }
    return true
  }
}

@inline(__always) func isLead(_ u: UInt32) -> Bool { u & 0xFC00 == 0xD800 }
@inline(__always) func isTrail(_ u: UInt32) -> Bool { u & 0xFC00 == 0xDC00 }

/// The program's tables as raw pointers, for the matcher's inner loop.
struct ProgramPointers {
  let code: UnsafePointer<Int32>
  let sets: UnsafePointer<MatchSet>?
  let bits: UnsafePointer<UInt64>?
  let ranges: UnsafePointer<UInt32>?
  let literals: UnsafePointer<UInt16>?
}

/// Matcher state for one `execute` call. Registers, the lookaround scratch and the first
/// stack slots live in memory the caller provides (a temporary allocation, on the native
/// stack when small); a deeper backtrack stack moves to the heap.
struct Matcher<Unit: FixedWidthInteger & UnsignedInteger> {
  static var stepsBetweenInterruptChecks: Int { 1 << 14 }

  let code: UnsafePointer<Int32>
  let view: MatchInput<Unit>
  let captureCount: Int
  let backtrackLimit: Int
  let registers: UnsafeMutablePointer<Int32>
  /// Scratch for a lookaround's captures while its body's entries are unwound.
  let captureScratch: UnsafeMutablePointer<Int32>
  var stack: UnsafeMutablePointer<Int32>
  var stackCapacity: Int
  var stackOnHeap = false
  var matchEnd: Int32 = -1
  var matchStart: Int32 = -1
  /// Steps left before the next interrupt check; shared by all start positions.
  var budget = Matcher.stepsBetweenInterruptChecks

  init(
    program: ProgramPointers, input: UnsafePointer<Unit>?, length: Int, unicode: Bool,
    memory: UnsafeMutablePointer<Int32>, registerCount: Int, captureCount: Int,
    initialStack: Int, backtrackLimit: Int, caseFolding: CaseFolding?
  ) {
    code = program.code
    view = MatchInput(
      input: input, length: length, unicode: unicode, bits: program.bits, sets: program.sets,
      ranges: program.ranges, literals: program.literals, caseFolding: caseFolding)
    self.captureCount = captureCount
    self.backtrackLimit = max(backtrackLimit, initialStack)
    registers = memory
    // Captures start undefined; other registers are written before they are read.
    registers.initialize(repeating: -1, count: registerCount)
    captureScratch = memory + registerCount
    stack = captureScratch + 2 * (captureCount + 1)
    stackCapacity = initialStack
  }

  func releaseStack() {
    if stackOnHeap { stack.deallocate() }
  }

  func copyCaptures(to captures: UnsafeMutablePointer<Int32>, count: Int) {
    captures[0] = matchStart
    captures[1] = matchEnd
    for i in 2..<max(count, 2) { captures[i] = registers[i] }
  }

  // MARK: Stack

  @inline(__always)
  private mutating func reserve(_ words: Int, _ sp: Int) -> Bool {
    if sp + words <= stackCapacity { return true }
    return grow(sp + words, sp)
  }

  @inline(never)
  private mutating func grow(_ needed: Int, _ sp: Int) -> Bool {
    guard needed <= backtrackLimit else { return false }
    let newCapacity = min(max(stackCapacity * 2, needed), backtrackLimit)
    let newStack = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity)
    newStack.update(from: stack, count: sp)
    if stackOnHeap { stack.deallocate() }
    stack = newStack
    stackOnHeap = true
    stackCapacity = newCapacity
    return true
  }

  // MARK: The loop

  /// Runs the program with the match starting at `start`. On failure every register is
  /// back to its initial value, since all writes were undone while unwinding.
  mutating func run(at start: Int, interrupt: () -> Bool) -> RegExpMatchResult {
    var pc = 0
    var pos = start
    var sp = 0
    let code = self.code
    let view = self.view
    let length = view.length
    let unicode = view.unicode

    while true {
      var failed = false
      switch RegExpOp.decode(code[pc]) {
      case .match:
        matchStart = Int32(start)
        matchEnd = Int32(pos)
        return .matched

      case .char:
        if pos < length && view.unit(pos) == UInt32(code[pc + 1]) {
          pos += 1
          pc += 2
        } else {
          failed = true
        }
      case .charBack:
        if pos > 0 && view.unit(pos - 1) == UInt32(code[pc + 1]) {
          pos -= 1
          pc += 2
        } else {
          failed = true
        }
      case .char2:
        if pos < length, case let u = view.unit(pos), u == UInt32(code[pc + 1]) || u == UInt32(code[pc + 2]) {
          pos += 1
          pc += 3
        } else {
          failed = true
        }
      case .char2Back:
        if pos > 0, case let u = view.unit(pos - 1), u == UInt32(code[pc + 1]) || u == UInt32(code[pc + 2]) {
          pos -= 1
          pc += 3
        } else {
          failed = true
        }
      case .literal:
        let n = Int(code[pc + 2])
        let lit = view.literals.unsafelyUnwrapped + Int(code[pc + 1])
        if pos + n <= length {
          var i = 0
          while i < n && view.unit(pos + i) == UInt32(lit[i]) { i += 1 }
          if i == n {
            pos += n
            pc += 3
          } else {
            failed = true
          }
        } else {
          failed = true
        }
      case .literalBack:
        let n = Int(code[pc + 2])
        let lit = view.literals.unsafelyUnwrapped + Int(code[pc + 1])
        if pos - n >= 0 {
          var i = 0
          while i < n && view.unit(pos - n + i) == UInt32(lit[i]) { i += 1 }
          if i == n {
            pos -= n
            pc += 3
          } else {
            failed = true
          }
        } else {
          failed = true
        }
      case .literalIgnoreCase:
        let n = Int(code[pc + 2])
        let lit = view.literals.unsafelyUnwrapped + Int(code[pc + 1])
        if pos + n <= length {
          var i = 0
          while i < n {
            var u = view.unit(pos + i)
            let folded = u | 0x20
            if folded &- 0x61 < 26 { u = folded }
            if u != UInt32(lit[i]) { break }
            i += 1
          }
          if i == n {
            pos += n
            pc += 3
          } else {
            failed = true
          }
        } else {
          failed = true
        }
      case .set:
        if pos < length {
          let (c, w) = view.characterAfter(pos)
          if view.setContains(code[pc + 1], c) {
            pos += w
            pc += 2
          } else {
            failed = true
          }
        } else {
          failed = true
        }
      case .setBack:
        if pos > 0 {
          let (c, w) = view.characterBefore(pos)
          if view.setContains(code[pc + 1], c) {
            pos -= w
            pc += 2
          } else {
            failed = true
          }
        } else {
          failed = true
        }
      case .any:
        if pos < length {
          pos += view.characterAfter(pos).1
          pc += 1
        } else {
          failed = true
        }
      case .anyBack:
        if pos > 0 {
          pos -= view.characterBefore(pos).1
          pc += 1
        } else {
          failed = true
        }

      case .assertStart:
        if pos == 0 { pc += 1 } else { failed = true }
      case .assertEnd:
        if pos == length { pc += 1 } else { failed = true }
      case .assertLineStart:
        if pos == 0 || view.isLineTerminator(view.unit(pos - 1)) { pc += 1 } else { failed = true }
      case .assertLineEnd:
        if pos == length || view.isLineTerminator(view.unit(pos)) { pc += 1 } else { failed = true }
      case .wordBoundary, .notWordBoundary:
        let extended = code[pc + 1] != 0
        let boundary =
          view.isWordCharacter(pos - 1, extended: extended) != view.isWordCharacter(pos, extended: extended)
        if boundary == (code[pc] == RegExpOp.wordBoundary.rawValue) {
          pc += 2
        } else {
          failed = true
        }

      case .jump:
        pc = Int(code[pc + 1])
      case .split, .splitPreferTarget:
        guard reserve(2, sp) else { return .stackExhausted }
        let preferTarget = code[pc] == RegExpOp.splitPreferTarget.rawValue
        let alternative = preferTarget ? pc + 2 : Int(code[pc + 1])
        stack[sp] = Int32(pos)
        stack[sp + 1] = Int32(alternative << 2 | 1)
        sp += 2
        pc = preferTarget ? Int(code[pc + 1]) : pc + 2

      case .savePosition:
        let r = Int(code[pc + 1])
        guard setRegister(r, Int32(pos), &sp) else { return .stackExhausted }
        pc += 2
      case .closeCapture, .closeCaptureBack:
        let group = Int(code[pc + 1])
        let pending = registers[Int(code[pc + 2])]
        let forward = code[pc] == RegExpOp.closeCapture.rawValue
        let (s, e) = forward ? (pending, Int32(pos)) : (Int32(pos), pending)
        guard setRegister(2 * group, s, &sp), setRegister(2 * group + 1, e, &sp) else {
          return .stackExhausted
        }
        pc += 3
      case .clearCaptures:
        let first = Int(code[pc + 1])
        let count = Int(code[pc + 2])
        for r in (2 * first)..<(2 * (first + count)) {
          guard setRegister(r, -1, &sp) else { return .stackExhausted }
        }
        pc += 3

      case .loopInit:
        guard setRegister(Int(code[pc + 1]), 0, &sp) else { return .stackExhausted }
        pc += 2
      case .loopHead:
        let count = registers[Int(code[pc + 1])]
        let body = pc + 6
        let exit = Int(code[pc + 5])
        if count < code[pc + 2] {
          pc = body
        } else if count >= code[pc + 3] {
          pc = exit
        } else {
          guard reserve(2, sp) else { return .stackExhausted }
          let greedy = code[pc + 4] != 0
          stack[sp] = Int32(pos)
          stack[sp + 1] = Int32((greedy ? exit : body) << 2 | 1)
          sp += 2
          pc = greedy ? body : exit
        }
      case .loopEnd:
        let counter = Int(code[pc + 1])
        let positionRegister = Int(code[pc + 2])
        let count = registers[counter]
        if positionRegister >= 0 && count >= code[pc + 3] && registers[positionRegister] == pos {
          failed = true  // an optional iteration matched empty: RepeatMatcher step 2.b
        } else {
          guard setRegister(counter, count &+ 1, &sp) else { return .stackExhausted }
          pc = Int(code[pc + 4])
          budget -= 1
          if budget <= 0 {
            budget = Matcher.stepsBetweenInterruptChecks
            if interrupt() { return .interrupted }
          }
        }

      case .backref, .backrefBack, .backrefIgnoreCase, .backrefIgnoreCaseBack:
        let op = code[pc]
        let backward =
          op == RegExpOp.backrefBack.rawValue || op == RegExpOp.backrefIgnoreCaseBack.rawValue
        let ignoreCase = op >= RegExpOp.backrefIgnoreCase.rawValue
        if let next = view.matchBackreference(
          Int(code[pc + 1]), at: pos, backward: backward, ignoreCase: ignoreCase,
          registers: registers)
        {
          pos = next
          pc += 2
        } else {
          failed = true
        }

      case .lookStart:
        let negative = code[pc + 1] != 0
        registers[Int(code[pc + 2])] = Int32(sp)
        registers[Int(code[pc + 3])] = Int32(pos)
        if negative {
          // If the body fails, backtracking reaches this entry and continues after it.
          guard reserve(2, sp) else { return .stackExhausted }
          stack[sp] = Int32(pos)
          stack[sp + 1] = Int32(Int(code[pc + 4]) << 2 | 1)
          sp += 2
        }
        pc += 5
      case .lookEnd:
        let negative = code[pc + 1] != 0
        let height = Int(registers[Int(code[pc + 2])])
        if negative {
          unwind(to: height, &sp)
          failed = true
        } else {
          let firstGroup = Int(code[pc + 4])
          let groupCount = Int(code[pc + 5])
          let firstRegister = 2 * firstGroup
          let registerCount = 2 * groupCount
          for i in 0..<registerCount { captureScratch[i] = registers[firstRegister + i] }
          unwind(to: height, &sp)
          pos = Int(registers[Int(code[pc + 3])])
          for i in 0..<registerCount {
            guard setRegister(firstRegister + i, captureScratch[i], &sp) else {
              return .stackExhausted
            }
          }
          pc += 6
        }

      case .starGreedy:
        let set = code[pc + 1]
        let min = Int(code[pc + 2])
        let max = Int(code[pc + 3])
        let backward = code[pc + 4] != 0
        var count = 0
        var current = pos
        var minimumEnd = pos
        if !unicode && !backward {
          // One code unit per character: a plain scan.
          let limit = length - pos <= max ? length : pos + max
          while current < limit && view.setContains(set, view.unit(current)) { current += 1 }
          count = current - pos
          minimumEnd = pos + min
        } else {
          while count < max, let next = view.step(set, current, backward: backward) {
            current = next
            count += 1
            if count == min { minimumEnd = current }
          }
        }
        if count < min {
          failed = true
        } else {
          if count > min {
            guard reserve(3, sp) else { return .stackExhausted }
            stack[sp] = Int32(minimumEnd)
            stack[sp + 1] = Int32(current)
            stack[sp + 2] = Int32(pc << 2 | 2)
            sp += 3
          }
          pos = current
          pc += 5
        }
      case .starLazy:
        let set = code[pc + 1]
        let min = Int(code[pc + 2])
        let max = Int(code[pc + 3])
        let backward = code[pc + 4] != 0
        var count = 0
        var current = pos
        while count < min, let next = view.step(set, current, backward: backward) {
          current = next
          count += 1
        }
        if count < min {
          failed = true
        } else {
          if count < max {
            guard reserve(3, sp) else { return .stackExhausted }
            stack[sp] = Int32(count)
            stack[sp + 1] = Int32(current)
            stack[sp + 2] = Int32(pc << 2 | 3)
            sp += 3
          }
          pos = current
          pc += 5
        }
      }

      guard failed else { continue }

      // Backtrack: pop entries until a choice or a star retry resumes.
      budget -= 1
      if budget <= 0 {
        budget = Matcher.stepsBetweenInterruptChecks
        if interrupt() { return .interrupted }
      }
      var resumed = false
      while sp > 0 && !resumed {
        let top = Int(stack[sp - 1])
        switch top & 3 {
        case 0:
          registers[top >> 2] = stack[sp - 2]
          sp -= 2
        case 1:
          pc = top >> 2
          pos = Int(stack[sp - 2])
          sp -= 2
          resumed = true
        case 2:
          let starPC = top >> 2
          let minimumEnd = Int(stack[sp - 3])
          let current = Int(stack[sp - 2])
          let backward = code[starPC + 4] != 0
          let next = view.giveBack(current, toward: minimumEnd, backward: backward)
          if next == minimumEnd {
            sp -= 3
          } else {
            stack[sp - 2] = Int32(next)
          }
          pos = next
          pc = starPC + 5
          resumed = true
        default:
          let starPC = top >> 2
          let count = Int(stack[sp - 3])
          let current = Int(stack[sp - 2])
          let backward = code[starPC + 4] != 0
          let max = Int(code[starPC + 3])
          sp -= 3
          if let next = view.step(code[starPC + 1], current, backward: backward) {
            if count + 1 < max {
              stack[sp] = Int32(count + 1)
              stack[sp + 1] = Int32(next)
              stack[sp + 2] = Int32(starPC << 2 | 3)
              sp += 3
            }
            pos = next
            pc = starPC + 5
            resumed = true
          }
        }
      }
      if !resumed { return .noMatch }
    }
  }

  /// Writes a register, recording the old value for backtracking (skipped when unchanged).
  @inline(__always)
  private mutating func setRegister(_ r: Int, _ value: Int32, _ sp: inout Int) -> Bool {
    let old = registers[r]
    if old == value { return true }
    guard reserve(2, sp) else { return false }
    stack[sp] = old
    stack[sp + 1] = Int32(r << 2)
    sp += 2
    registers[r] = value
    return true
  }

  /// Pops entries down to `height`, undoing register writes and dropping choices: leaves
  /// a lookaround body atomically (ES2024 22.2.2.4: backtracking never re-enters it).
  private mutating func unwind(to height: Int, _ sp: inout Int) {
    while sp > height {
      let top = Int(stack[sp - 1])
      switch top & 3 {
      case 0:
        registers[top >> 2] = stack[sp - 2]
        sp -= 2
      case 1: sp -= 2
      default: sp -= 3
      }
    }
  }
}

/// The input and the program's character data: everything the instructions read but never
/// write. Kept apart from `Matcher` so that the matcher loop holds it in a local and calling
/// these helpers never copies the (larger, mutable) matcher state.
struct MatchInput<Unit: FixedWidthInteger & UnsignedInteger> {
  let input: UnsafePointer<Unit>?
  let length: Int
  let unicode: Bool
  let bits: UnsafePointer<UInt64>?
  let sets: UnsafePointer<MatchSet>?
  let ranges: UnsafePointer<UInt32>?
  let literals: UnsafePointer<UInt16>?
  /// Unowned so the struct stays plain data (no reference counting when copied): the case
  /// tables are process-lifetime singletons.
  unowned(unsafe) let caseFolding: CaseFolding?
}

extension MatchInput {
  // MARK: Input access

  @inline(__always)
  func unit(_ i: Int) -> UInt32 { UInt32(truncatingIfNeeded: input.unsafelyUnwrapped[i]) }

  /// The character at `pos` (pos < length) and its width in code units.
  @inline(__always)
  func characterAfter(_ pos: Int) -> (UInt32, Int) {
    let u = unit(pos)
    if unicode && isLead(u) && pos + 1 < length {
      let t = unit(pos + 1)
      if isTrail(t) { return (((u - 0xD800) << 10) + (t - 0xDC00) + 0x10000, 2) }
    }
    return (u, 1)
  }

  /// The character before `pos` (pos > 0) and its width in code units.
  @inline(__always)
  func characterBefore(_ pos: Int) -> (UInt32, Int) {
    let u = unit(pos - 1)
    if unicode && isTrail(u) && pos >= 2 {
      let l = unit(pos - 2)
      if isLead(l) { return (((l - 0xD800) << 10) + (u - 0xDC00) + 0x10000, 2) }
    }
    return (u, 1)
  }

  @inline(__always)
  func setContains(_ index: Int32, _ c: UInt32) -> Bool {
    if c <= 0xFF {
      return bits.unsafelyUnwrapped[Int(index) &<< 2 | Int(c &>> 6)] & (1 &<< UInt64(c & 63)) != 0
    }
    return setContainsAboveLatin1(index, c)
  }

  @inline(never)
  func setContainsAboveLatin1(_ index: Int32, _ c: UInt32) -> Bool {
    let set = sets.unsafelyUnwrapped[Int(index)]
    var low = 0
    var high = Int(set.rangeCount)
    let base = ranges.unsafelyUnwrapped + Int(set.rangeStart)
    while low < high {
      let mid = (low + high) >> 1
      if c > base[2 * mid + 1] {
        low = mid + 1
      } else if c < base[2 * mid] {
        high = mid
      } else {
        return true
      }
    }
    return false
  }

  @inline(__always)
  func isWordCharacter(_ pos: Int, extended: Bool) -> Bool {
    guard pos >= 0 && pos < length else { return false }
    let c = unit(pos)
    if c < 0x80 {
      return (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
        || c == 0x5F
    }
    return extended && (c == 0x17F || c == 0x212A)
  }

  @inline(__always)
  func isLineTerminator(_ c: UInt32) -> Bool {
    c == 0x0A || c == 0x0D || c == 0x2028 || c == 0x2029
  }

  // MARK: Backreferences

  /// Compares the captured text of `group` with the input at `pos` (forward) or before it
  /// (backward). Returns the new position, or nil. An undefined group matches empty.
  @inline(__always)
  func matchBackreference(
    _ group: Int, at pos: Int, backward: Bool, ignoreCase: Bool,
    registers: UnsafeMutablePointer<Int32>
  ) -> Int? {
    let s = Int(registers[2 * group])
    let e = Int(registers[2 * group + 1])
    if s < 0 || e < 0 { return pos }
    let n = e - s
    let from: Int
    if backward {
      guard pos - n >= 0 else { return nil }
      from = pos - n
    } else {
      guard pos + n <= length else { return nil }
      from = pos
    }
    if !ignoreCase {
      for i in 0..<n where unit(s + i) != unit(from + i) { return nil }
    } else if !equalIgnoringCase(s, from, n) {
      return nil
    }
    return backward ? from : from + n
  }

  /// Canonicalized comparison, by code point in unicode mode.
  func equalIgnoringCase(_ a: Int, _ b: Int, _ n: Int) -> Bool {
    let folding = caseFolding.unsafelyUnwrapped
    var i = 0
    while i < n {
      let (x, wx) = boundedCharacter(a + i, end: a + n)
      let (y, wy) = boundedCharacter(b + i, end: b + n)
      if wx != wy || (x != y && folding.canonicalize(x) != folding.canonicalize(y)) {
        return false
      }
      i += wx
    }
    return true
  }

  func boundedCharacter(_ pos: Int, end: Int) -> (UInt32, Int) {
    let u = unit(pos)
    if unicode && isLead(u) && pos + 1 < end {
      let t = unit(pos + 1)
      if isTrail(t) { return (((u - 0xD800) << 10) + (t - 0xDC00) + 0x10000, 2) }
    }
    return (u, 1)
  }

  // MARK: Star retries

  /// One character back from `current` toward `minimum` (forward stars), or forward
  /// (backward stars), never splitting a pair the loop consumed whole.
  @inline(__always)
  func giveBack(_ current: Int, toward minimum: Int, backward: Bool) -> Int {
    if !backward {
      if unicode && current - 2 >= minimum && isTrail(unit(current - 1))
        && isLead(unit(current - 2))
      {
        return current - 2
      }
      return current - 1
    }
    if unicode && current + 2 <= minimum && isLead(unit(current)) && isTrail(unit(current + 1)) {
      return current + 2
    }
    return current + 1
  }

  /// The position after matching one set character at `pos`, or nil.
  @inline(__always)
  func step(_ set: Int32, _ pos: Int, backward: Bool) -> Int? {
    if backward {
      guard pos > 0 else { return nil }
      let (c, w) = characterBefore(pos)
      return setContains(set, c) ? pos - w : nil
    }
    guard pos < length else { return nil }
    let (c, w) = characterAfter(pos)
    return setContains(set, c) ? pos + w : nil
  }
}

extension RegExpOp {
  /// The instruction at an opcode word: its low byte is the case (see the type's comment).
  @inline(__always)
  static func decode(_ word: Int32) -> RegExpOp {
    unsafeBitCast(UInt8(truncatingIfNeeded: word), to: RegExpOp.self)
  }
}
