import XJSRegExp

// RegExp objects: creation (RegExpAlloc, RegExpInitialize, literals), the compiled-program
// cache, and the matching core every RegExp method goes through (RegExpBuiltinExec,
// RegExpExec, the match result array). The constructor is in RegExp.swift, the prototype
// methods in RegExpPrototype.swift.
//
// A RegExp object (ObjectClass.regExp): internal slot 0 [[OriginalSource]], slot 1
// [[OriginalFlags]] (strings); payload a RegExpPayload (the compiled program and parsed
// flags). `lastIndex` is its first own property, defined non-configurable by RegExpAlloc,
// so it is always an own data property.

/// The matcher state of one RegExp object: the compiled program (possibly shared with other
/// objects through the cache) and the object's own flags.
final class RegExpPayload: HeapTraceable {
  let program: RegExpProgram
  /// The program's memory, charged once for the cache and every object sharing the program.
  let programCharge: SharedMemoryCharge
  let flags: RegExpFlags
  /// Property keys of the named groups, by group number (nil: unnamed), made on first use.
  @exclusivity(unchecked) private(set) var groupKeys: [PropertyKey?]? = nil

  init(_ compiled: RegExpProgramCache.Compiled, flags: RegExpFlags) {
    program = compiled.program
    programCharge = compiled.charge
    self.flags = flags
  }

  var hasNamedGroups: Bool { !program.groupNames.isEmpty }

  func groupKeys(_ runtime: Runtime) -> [PropertyKey?] {
    if let groupKeys { return groupKeys }
    var keys = [PropertyKey?](repeating: nil, count: program.captureCount + 1)
    for (name, index) in program.groupNames {
      keys[index] = runtime.propertyKey(for: runtime.newString(name))
    }
    groupKeys = keys
    return keys
  }

  func trace(_ heap: Heap) {
    guard let groupKeys else { return }
    for case let key? in groupKeys { key.trace(heap) }
  }
}

/// Compiled programs by (pattern, flags), so a literal in a loop or `new RegExp(s)` with a
/// recurring `s` compiles once. Two-way set associative, least recently used out. Holds no
/// Values: patterns are kept as code units.
final class RegExpProgramCache {
  /// A program and the charge for its memory (returned when neither the cache nor any RegExp
  /// object holds the program any more).
  struct Compiled {
    let program: RegExpProgram
    let charge: SharedMemoryCharge
  }

  private struct Entry {
    let hash: UInt32
    let flags: RegExpFlags
    let pattern: [UInt16]
    let compiled: Compiled
  }

  private static let setCount = 64
  @exclusivity(unchecked) private var entries = [Entry?](repeating: nil, count: 2 * setCount)
  /// Per set: which of its two ways was used last.
  @exclusivity(unchecked) private var lastUsed = [UInt8](repeating: 0, count: setCount)

  func program(for pattern: StringRef, flags: RegExpFlags, _ heap: Heap) throws(RegExpSyntaxError)
    -> Compiled
  {
    let hash = pattern.hash(heap) ^ (UInt32(flags.rawValue) &* 0x9E37_79B1)
    let set = Int(hash % UInt32(RegExpProgramCache.setCount))
    for way in 0..<2 {
      if let entry = entries[2 * set + way], entry.hash == hash, entry.flags == flags,
        RegExpProgramCache.equal(entry.pattern, pattern, heap)
      {
        lastUsed[set] = UInt8(way)
        return entry.compiled
      }
    }
    let units = pattern.utf16Array(heap)
    let program = try RegExpProgram.compile(pattern: units, flags: flags)
    // The cache entry's pattern copy is the program's too.
    let bytes = program.estimatedBytes &+ units.count &* 2
    let compiled = Compiled(program: program, charge: SharedMemoryCharge(bytes, to: heap.ledger))
    let victim = 1 - Int(lastUsed[set])
    entries[2 * set + victim] = Entry(hash: hash, flags: flags, pattern: units, compiled: compiled)
    lastUsed[set] = UInt8(victim)
    return compiled
  }

  private static func equal(_ units: [UInt16], _ string: StringRef, _ heap: Heap) -> Bool {
    let view = CodeUnits(string, heap)
    guard view.count == units.count else { return false }
    for index in 0..<units.count where units[index] != view[index] { return false }
    return true
  }
}

extension Runtime {
  // MARK: - Creation

  /// `/pattern/flags` evaluated: a new RegExp object (the pattern was validated at parse
  /// time; the program comes from the cache, so a literal in a loop compiles once).
  func newRegExpFromLiteral(pattern: StringRef, flags: StringRef) throws(JSException) -> Value {
    let object = newObject(.regExp, prototype: realm[.regExpPrototype])
    addProperty(object, names.lastIndex, Value(Int32(0)), [.writable])
    try initializeRegExpMatcher(object, pattern: pattern, flags: flags)
    return object.value
  }

  /// RegExpCreate (ES2024 22.2.3.1) with `newTarget` (undefined: %RegExp%).
  func regExpCreate(pattern: Value, flags: Value, newTarget: Value) throws(JSException) -> ObjectRef {
    let object = try regExpAlloc(newTarget.isUndefined ? realm[.regExpConstructor] : newTarget)
    return try regExpInitialize(object, pattern: pattern, flags: flags)
  }

  /// RegExpAlloc (ES2024 22.2.3.2)
  func regExpAlloc(_ newTarget: Value) throws(JSException) -> ObjectRef {
    let prototype = try prototypeFromConstructor(newTarget, fallback: .regExpPrototype)
    let object = newObject(.regExp, prototype: prototype)
    addProperty(object, names.lastIndex, .undefined, [.writable])
    return object
  }

  /// RegExpInitialize (ES2024 22.2.3.3)
  @discardableResult
  func regExpInitialize(_ object: ObjectRef, pattern: Value, flags: Value) throws(JSException) -> ObjectRef {
    let patternString = pattern.isUndefined ? emptyString : try toString(pattern)
    let flagsString = flags.isUndefined ? emptyString : try toString(flags)
    try initializeRegExpMatcher(object, pattern: patternString, flags: flagsString)
    // Step 12: Set(obj, "lastIndex", 0, true) (throws when compile() meets a read-only lastIndex).
    try setLastIndex(object, Value(Int32(0)))
    return object
  }

  /// RegExpInitialize steps 3–11: parse the flags and the pattern, store the matcher.
  private func initializeRegExpMatcher(_ object: ObjectRef, pattern: StringRef, flags: StringRef)
    throws(JSException)
  {
    guard let parsedFlags = RegExpFlags(parsingUTF16: flags.utf16Array(heap)) else {
      throw syntaxError("Invalid flags supplied to RegExp constructor '\(flags.swiftString(heap))'")
    }
    let compiled: RegExpProgramCache.Compiled
    do {
      compiled = try regExpPrograms.program(for: pattern, flags: parsedFlags, heap)
    } catch let error {
      throw syntaxError(
        "Invalid regular expression: /\(pattern.swiftString(heap))/\(flags.swiftString(heap)): \(error.message)")
    }
    object.setInternalSlot(0, pattern.value)
    object.setInternalSlot(1, flags.value)
    object.setPayloadObject(RegExpPayload(compiled, flags: parsedFlags))
  }

  /// The matcher state of a RegExp object (nil only while RegExpAlloc's object is unfinished).
  func regExpPayload(_ object: ObjectRef) -> RegExpPayload? {
    object.objectClass == .regExp ? object.payloadObject(as: RegExpPayload.self) : nil
  }

  // MARK: - lastIndex

  /// Get(R, "lastIndex") on a RegExp object (an own data property, read without a lookup
  /// along the prototype chain).
  func lastIndexValue(_ rx: ObjectRef) throws(JSException) -> Value {
    if rx.objectClass == .regExp, let location = rx.shape.lookup(names.lastIndex),
      !location.attributes.contains(.accessor)
    {
      return rx.slot(location.slot)
    }
    return try get(rx, names.lastIndex)
  }

  /// Set(R, "lastIndex", value, true)
  func setLastIndex(_ rx: ObjectRef, _ value: Value) throws(JSException) {
    if rx.objectClass == .regExp, let location = rx.shape.lookup(names.lastIndex),
      location.attributes.contains(.writable), !location.attributes.contains(.accessor)
    {
      rx.setSlot(location.slot, value)
      return
    }
    try set(rx, names.lastIndex, value, throwing: true)
  }

  /// Whether `lastIndex` of a RegExp object can be written without observable effects.
  func hasWritableLastIndex(_ rx: ObjectRef) -> Bool {
    guard let location = rx.shape.lookup(names.lastIndex) else { return false }
    return location.attributes.contains(.writable) && !location.attributes.contains(.accessor)
  }

  // MARK: - Matching

  /// Runs `program` over `subject` from `start`; on a match `captures` holds its offsets.
  /// The matcher's interrupt hook is the runtime's safe point: time limits and interrupt
  /// requests stop catastrophic backtracking with the usual termination error.
  func runRegExpProgram(
    _ program: RegExpProgram, _ subject: StringRef, from start: Int, sticky: Bool,
    captures: UnsafeMutablePointer<Int32>
  ) throws(JSException) -> Bool {
    subject.flattened(heap)
    var stop: JSException? = nil
    // A local function passed to non-escaping parameters: neither it nor `stop` is boxed on
    // the heap (a closure held in a `let` was, twice per exec).
    func interrupt() -> Bool {
      do throws(JSException) {
        try checkSafePoint()
        return false
      } catch {
        stop = error
        return true
      }
    }
    let length = subject.length
    let result: RegExpMatchResult
    if subject.isLatin1 {
      result = program.execute(
        UnsafeBufferPointer(start: subject.latin1Characters, count: length), from: start, sticky: sticky,
        captures: captures, interrupt: interrupt)
    } else {
      result = program.execute(
        UnsafeBufferPointer(start: subject.utf16Characters, count: length), from: start, sticky: sticky,
        captures: captures, interrupt: interrupt)
    }
    switch result {
    case .matched: return true
    case .noMatch: return false
    case .interrupted: throw stop ?? JSException(makeTerminationError("Script interrupted"))
    case .stackExhausted: throw rangeError("Maximum call stack size exceeded")
    }
  }

  /// RegExpBuiltinExec (ES2024 22.2.7.2) steps 1–16: reads and updates `lastIndex` and
  /// matches, leaving the offsets in `captures` (resized to the program's slot count).
  /// Returns the payload that matched, or nil for no match.
  func regExpBuiltinMatch(_ rx: ObjectRef, _ subject: StringRef, _ captures: inout [Int32])
    throws(JSException) -> RegExpPayload?
  {
    let lastIndexRaw = try lastIndexValue(rx)
    let requested =
      lastIndexRaw.isInt32 && lastIndexRaw.asInt32 >= 0 ? Int(lastIndexRaw.asInt32) : try toLength(lastIndexRaw)
    // Steps 3–9 read the matcher after ToLength, which may have run compile().
    guard let payload = regExpPayload(rx) else {
      throw typeError("RegExp.prototype.exec called on incompatible receiver \(describeForError(rx.value))")
    }
    let flags = payload.flags
    let global = flags.contains(.global)
    let sticky = flags.contains(.sticky)
    let lastIndex = global || sticky ? requested : 0
    if lastIndex > subject.length {
      if global || sticky { try setLastIndex(rx, Value(Int32(0))) }
      return nil
    }
    let program = payload.program
    if captures.count < program.captureSlotCount {
      captures = [Int32](repeating: -1, count: program.captureSlotCount)
    }
    let matched = try captures.withUnsafeMutableBufferPointer { buffer throws(JSException) in
      try runRegExpProgram(program, subject, from: lastIndex, sticky: sticky, captures: buffer.baseAddress!)
    }
    if !matched {
      if global || sticky { try setLastIndex(rx, Value(Int32(0))) }
      return nil
    }
    if global || sticky { try setLastIndex(rx, Value(Int(captures[1]))) }
    return payload
  }

  /// RegExpBuiltinExec: the match result array, or null.
  func regExpBuiltinExec(_ rx: ObjectRef, _ subject: StringRef) throws(JSException) -> Value {
    var captures: [Int32] = []
    guard let payload = try regExpBuiltinMatch(rx, subject, &captures) else { return .null }
    return makeMatchArray(payload, subject, captures).value
  }

  /// The exec result (ES2024 22.2.7.2 steps 17–35): the matched substrings with `index`,
  /// `input`, `groups` and, with the d flag, `indices`.
  func makeMatchArray(_ payload: RegExpPayload, _ subject: StringRef, _ captures: [Int32]) -> ObjectRef {
    let groupCount = payload.program.captureCount
    let array = newArray(capacity: groupCount + 1)
    for group in 0...groupCount {
      storeDense(array, UInt32(group), captureValue(subject, captures, group))
    }
    addProperty(array, names.index, Value(Int(captures[0])), .default)
    addProperty(array, names.input, subject.value, .default)
    let groups = makeGroupsObject(payload, captures) { group in
      self.captureValue(subject, captures, group)
    }
    addProperty(array, names.groups, groups, .default)
    if payload.flags.contains(.hasIndices) {
      addProperty(array, names.indices, makeMatchIndices(payload, captures).value, .default)
    }
    return array
  }

  /// Group `group` of a match: its substring, or undefined when it did not participate.
  func captureValue(_ subject: StringRef, _ captures: [Int32], _ group: Int) -> Value {
    let start = Int(captures[2 * group])
    if start < 0 { return .undefined }
    return substring(subject, start, Int(captures[2 * group + 1])).value
  }

  /// The `groups` object (null prototype; one property per group name in pattern order,
  /// the participating group's value for a name used twice), or undefined without names.
  func makeGroupsObject(_ payload: RegExpPayload, _ captures: [Int32], _ value: (Int) -> Value) -> Value {
    guard payload.hasNamedGroups else { return .undefined }
    let groups = newObject(.ordinary, prototype: .null)
    let keys = payload.groupKeys(self)
    for group in 1..<keys.count {
      guard let key = keys[group] else { continue }
      if let location = groups.shape.lookup(key) {
        // A duplicate name (ES2025): only a participating group overrides.
        if captures[2 * group] >= 0 { groups.setSlot(location.slot, value(group)) }
        continue
      }
      addProperty(groups, key, value(group), .default)
    }
    return groups.value
  }

  /// MakeMatchIndicesIndexPairArray (ES2024 22.2.7.8)
  private func makeMatchIndices(_ payload: RegExpPayload, _ captures: [Int32]) -> ObjectRef {
    let groupCount = payload.program.captureCount
    let indices = newArray(capacity: groupCount + 1)
    for group in 0...groupCount {
      storeDense(indices, UInt32(group), indexPair(captures, group))
    }
    let groups = makeGroupsObject(payload, captures) { group in self.indexPair(captures, group) }
    addProperty(indices, names.groups, groups, .default)
    return indices
  }

  /// GetMatchIndexPair: `[start, end]` of a group, or undefined.
  private func indexPair(_ captures: [Int32], _ group: Int) -> Value {
    let start = captures[2 * group]
    if start < 0 { return .undefined }
    return newArray([Value(start), Value(captures[2 * group + 1])]).value
  }

  // MARK: - RegExpExec

  /// The original %RegExp.prototype.exec% of the current realm.
  @inline(__always) func isBuiltinExec(_ exec: Value) -> Bool {
    exec == realm[.regExpPrototypeExec]
  }

  /// RegExpExec (ES2024 22.2.7.1): a user `exec` when there is one, else the builtin.
  func regExpExec(_ rx: ObjectRef, _ subject: StringRef) throws(JSException) -> Value {
    let exec = try get(rx, names.exec)
    if exec.isCallable && !isBuiltinExec(exec) {
      return try callUserExec(exec, rx, subject)
    }
    guard rx.objectClass == .regExp else {
      throw typeError("RegExp.prototype.exec called on incompatible receiver \(describeForError(rx.value))")
    }
    return try regExpBuiltinExec(rx, subject)
  }

  private func callUserExec(_ exec: Value, _ rx: ObjectRef, _ subject: StringRef) throws(JSException) -> Value {
    let result = try call(exec, this: rx.value, arguments: [subject.value])
    if !result.isObject && !result.isNull {
      throw typeError("object null or a RegExp exec result expected, got \(describeForError(result))")
    }
    return result
  }

  /// RegExpExec for loops that only need offsets: when the builtin exec would run, its
  /// result is left in `captures` and never allocated (the array it would have made is
  /// never seen by script code, so this is unobservable); a user `exec`'s result is
  /// returned as is.
  func regExpExecOffsets(_ rx: ObjectRef, _ subject: StringRef, _ captures: inout [Int32])
    throws(JSException) -> ExecOutcome
  {
    let exec = try get(rx, names.exec)
    if exec.isCallable && !isBuiltinExec(exec) {
      let result = try callUserExec(exec, rx, subject)
      return result.isNull ? .noMatch : .object(result)
    }
    guard rx.objectClass == .regExp else {
      throw typeError("RegExp.prototype.exec called on incompatible receiver \(describeForError(rx.value))")
    }
    guard let payload = try regExpBuiltinMatch(rx, subject, &captures) else { return .noMatch }
    return .offsets(payload)
  }

  /// Whether `rx`'s exec is the original builtin, found without running any script code
  /// (data properties only along the prototype chain).
  func hasPristineExec(_ rx: ObjectRef) -> Bool {
    var current = rx
    while true {
      switch lookupOwn(current, names.exec) {
      case .data(let value, _, _): return isBuiltinExec(value)
      case .accessor, .exotic: return false
      case .absent:
        let prototype = current.prototype
        if !prototype.isObject { return false }
        current = prototype.asObject
      }
    }
  }

  /// AdvanceStringIndex (ES2024 22.2.7.3)
  func advanceStringIndex(_ subject: StringRef, _ index: Int, unicode: Bool) -> Int {
    if !unicode || index + 1 >= subject.length { return index + 1 }
    let units = CodeUnits(subject, heap)
    if isLeadingSurrogate(units[index]) && isTrailingSurrogate(units[index + 1]) { return index + 2 }
    return index + 1
  }
}

/// What RegExpExec produced, for loops that read matches by offset.
enum ExecOutcome {
  case noMatch
  /// The builtin matched; the offsets are in the caller's buffer.
  case offsets(RegExpPayload)
  /// A user `exec` returned this object.
  case object(Value)
}
