import XJSRegExp

// %RegExp.prototype% (ES2024 22.2.6) and compile (Annex B.2.4.1).
//
// Every method goes through the observable RegExpExec (RegExpObjects.swift), so a user
// `exec` is called exactly where the spec calls it. When the builtin exec runs, the loops
// of match/replace/split/search/test read its offsets directly (`regExpExecOffsets`) and
// never build the result array nobody sees.

extension Realm {
  func installRegExpPrototype(_ runtime: Runtime, _ prototype: ObjectRef) {
    installRegExpMethods(runtime, prototype)
    installRegExpAccessors(runtime, prototype)
    installRegExpSymbolMethods(runtime, prototype)
  }

  private func installRegExpMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    let exec = runtime.defineNativeMethod(prototype, "exec", length: 1) { runtime, arguments throws(JSException) in
      let rx = try runtime.thisObject(arguments, .regExp, "RegExp.prototype.exec")
      let subject = try runtime.toString(arguments[0])
      return try runtime.regExpBuiltinExec(rx, subject)
    }
    self[.regExpPrototypeExec] = exec.value
    runtime.defineNativeMethod(prototype, "test", length: 1) { runtime, arguments throws(JSException) in
      let rx = try runtime.thisRegExpLike(arguments, "RegExp.prototype.test")
      let subject = try runtime.toString(arguments[0])
      var captures: [Int32] = []
      if case .noMatch = try runtime.regExpExecOffsets(rx, subject, &captures) { return .false }
      return .true
    }
    runtime.defineNativeMethod(prototype, "toString", length: 0) { runtime, arguments throws(JSException) in
      let rx = try runtime.thisRegExpLike(arguments, "RegExp.prototype.toString")
      var builder = StringBuilder(runtime)
      builder.append(0x2F)
      builder.append(try runtime.toString(runtime.get(rx, runtime.names.source)), runtime.heap)
      builder.append(0x2F)
      builder.append(try runtime.toString(runtime.get(rx, runtime.names.flags)), runtime.heap)
      return try builder.finish(runtime).value
    }
    runtime.defineNativeMethod(prototype, "compile", length: 2) { runtime, arguments throws(JSException) in
      try runtime.regExpCompile(arguments)
    }
  }

  private func installRegExpAccessors(_ runtime: Runtime, _ prototype: ObjectRef) {
    let flagGetters: [(String, RegExpFlags)] = [
      ("dotAll", .dotAll), ("global", .global), ("hasIndices", .hasIndices), ("ignoreCase", .ignoreCase),
      ("multiline", .multiline), ("sticky", .sticky), ("unicode", .unicode), ("unicodeSets", .unicodeSets),
    ]
    for (name, flag) in flagGetters {
      runtime.defineNativeAccessor(prototype, runtime.propertyKey(name), name: name) {
        runtime, arguments throws(JSException) in
        try runtime.regExpHasFlag(arguments.this, flag, name)
      }
    }
    runtime.defineNativeAccessor(prototype, runtime.names.flags, name: "flags") {
      runtime, arguments throws(JSException) in
      try runtime.regExpFlags(arguments.this)
    }
    runtime.defineNativeAccessor(prototype, runtime.names.source, name: "source") {
      runtime, arguments throws(JSException) in
      try runtime.regExpSource(arguments.this)
    }
  }

  private func installRegExpSymbolMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    let symbols = runtime.symbols
    runtime.defineNativeMethod(prototype, symbols.match, name: "[Symbol.match]", length: 1) {
      runtime, arguments throws(JSException) in
      try runtime.regExpMatch(arguments)
    }
    runtime.defineNativeMethod(prototype, symbols.matchAll, name: "[Symbol.matchAll]", length: 1) {
      runtime, arguments throws(JSException) in
      try runtime.regExpMatchAll(arguments)
    }
    runtime.defineNativeMethod(prototype, symbols.replace, name: "[Symbol.replace]", length: 2) {
      runtime, arguments throws(JSException) in
      try runtime.regExpReplace(arguments)
    }
    runtime.defineNativeMethod(prototype, symbols.search, name: "[Symbol.search]", length: 1) {
      runtime, arguments throws(JSException) in
      try runtime.regExpSearch(arguments)
    }
    runtime.defineNativeMethod(prototype, symbols.split, name: "[Symbol.split]", length: 2) {
      runtime, arguments throws(JSException) in
      try runtime.regExpSplit(arguments)
    }
  }
}

extension Runtime {
  /// The receiver of the generic methods: any object.
  fileprivate func thisRegExpLike(_ arguments: NativeArguments, _ method: String) throws(JSException) -> ObjectRef {
    guard arguments.this.isObject else {
      throw typeError("Method \(method) called on incompatible receiver \(describeForError(arguments.this))")
    }
    return arguments.this.asObject
  }

  // MARK: - Accessors

  /// RegExpHasFlag (ES2024 22.2.6.4.1)
  fileprivate func regExpHasFlag(_ this: Value, _ flag: RegExpFlags, _ name: String) throws(JSException) -> Value {
    guard this.isObject else {
      throw typeError("RegExp.prototype.\(name) getter called on non-object \(describeForError(this))")
    }
    if let payload = regExpPayload(this.asObject) { return Value(payload.flags.contains(flag)) }
    if this == realm[.regExpPrototype] { return .undefined }
    throw typeError("RegExp.prototype.\(name) getter called on non-RegExp object")
  }

  /// get RegExp.prototype.flags (ES2024 22.2.6.4)
  fileprivate func regExpFlags(_ this: Value) throws(JSException) -> Value {
    guard this.isObject else {
      throw typeError("RegExp.prototype.flags getter called on non-object \(describeForError(this))")
    }
    let rx = this.asObject
    let letters: [(PropertyKey, UInt8)] = [
      (names.hasIndices, 0x64), (names.global, 0x67), (names.ignoreCase, 0x69), (names.multiline, 0x6D),
      (names.dotAll, 0x73), (names.unicode, 0x75), (names.unicodeSets, 0x76), (names.sticky, 0x79),
    ]
    var result: [UInt8] = []
    for (key, letter) in letters where toBoolean(try get(rx, key)) { result.append(letter) }
    return result.withUnsafeBufferPointer { newString(latin1: $0) }.value
  }

  /// get RegExp.prototype.source (ES2024 22.2.6.13)
  fileprivate func regExpSource(_ this: Value) throws(JSException) -> Value {
    guard this.isObject else {
      throw typeError("RegExp.prototype.source getter called on non-object \(describeForError(this))")
    }
    guard regExpPayload(this.asObject) != nil else {
      if this == realm[.regExpPrototype] { return newString("(?:)").value }
      throw typeError("RegExp.prototype.source getter called on non-RegExp object")
    }
    return try escapeRegExpPattern(this.asObject.internalSlot(0).asString).value
  }

  /// EscapeRegExpPattern (ES2024 22.2.6.13.1): `/` outside classes and line terminators
  /// escaped, so `/${source}/${flags}` parses back to the same expression; "" is "(?:)".
  func escapeRegExpPattern(_ source: StringRef) throws(JSException) -> StringRef {
    if source.isEmpty { return newString("(?:)") }
    let units = CodeUnits(source, heap)
    var needsEscape = false
    for index in 0..<units.count {
      switch units[index] {
      case 0x2F, 0x0A, 0x0D, 0x2028, 0x2029: needsEscape = true
      default: continue
      }
      break
    }
    if !needsEscape { return source }
    var builder = StringBuilder(self, capacity: units.count + 8)
    var inClass = false
    var afterBackslash = false
    for index in 0..<units.count {
      let unit = units[index]
      if afterBackslash {
        // The backslash is already written: a line terminator becomes its escape letter.
        afterBackslash = false
        appendLineTerminatorEscape(unit, backslash: false, to: &builder)
        continue
      }
      switch unit {
      case 0x5C:
        afterBackslash = true
        builder.append(unit)
      case 0x2F:
        if !inClass { builder.append(0x5C) }
        builder.append(unit)
      case 0x5B:
        inClass = true
        builder.append(unit)
      case 0x5D:
        inClass = false
        builder.append(unit)
      default:
        appendLineTerminatorEscape(unit, backslash: true, to: &builder)
      }
    }
    return try builder.finish(self)
  }

  private func appendLineTerminatorEscape(_ unit: UInt16, backslash: Bool, to builder: inout StringBuilder) {
    let escape: String
    switch unit {
    case 0x0A: escape = "n"
    case 0x0D: escape = "r"
    case 0x2028: escape = "u2028"
    case 0x2029: escape = "u2029"
    default:
      builder.append(unit)
      return
    }
    if backslash { builder.append(0x5C) }
    builder.append(ascii: escape)
  }

  // MARK: - compile (Annex B.2.4.1)

  fileprivate func regExpCompile(_ arguments: NativeArguments) throws(JSException) -> Value {
    let object = try thisObject(arguments, .regExp, "RegExp.prototype.compile")
    let pattern = arguments[0]
    let flags = arguments[1]
    if pattern.isObject, regExpPayload(pattern.asObject) != nil {
      if !flags.isUndefined {
        throw typeError("Cannot supply flags when constructing one RegExp from another")
      }
      let source = pattern.asObject.internalSlot(0)
      let originalFlags = pattern.asObject.internalSlot(1)
      return try regExpInitialize(object, pattern: source, flags: originalFlags).value
    }
    return try regExpInitialize(object, pattern: pattern, flags: flags).value
  }

  // MARK: - Shared steps

  /// ToString(? Get(rx, "flags")) as code units.
  fileprivate func regExpFlagsString(_ rx: ObjectRef) throws(JSException) -> StringRef {
    try toString(get(rx, names.flags))
  }

  fileprivate func contains(_ string: StringRef, _ unit: UInt16) -> Bool {
    let units = CodeUnits(string, heap)
    for index in 0..<units.count where units[index] == unit { return true }
    return false
  }

  /// "u" or "v" in the flags: AdvanceStringIndex steps over code points.
  fileprivate func isFullUnicode(_ flags: StringRef) -> Bool {
    contains(flags, 0x75) || contains(flags, 0x76)
  }

  /// After an empty match: lastIndex = AdvanceStringIndex(S, ToLength(lastIndex), unicode).
  fileprivate func advanceLastIndex(_ rx: ObjectRef, _ subject: StringRef, unicode: Bool) throws(JSException) {
    let thisIndex = try toLength(lastIndexValue(rx))
    try setLastIndex(rx, Value(advanceStringIndex(subject, thisIndex, unicode: unicode)))
  }

  // MARK: - @@match (ES2024 22.2.6.8)

  fileprivate func regExpMatch(_ arguments: NativeArguments) throws(JSException) -> Value {
    let rx = try thisRegExpLike(arguments, "RegExp.prototype.@@match")
    let subject = try toString(arguments[0])
    let flags = try regExpFlagsString(rx)
    if !contains(flags, 0x67) { return try regExpExec(rx, subject) }
    let fullUnicode = isFullUnicode(flags)
    try setLastIndex(rx, Value(Int32(0)))
    let result = newArray()
    var count: UInt32 = 0
    var captures: [Int32] = []
    while true {
      if count & 0xFFF == 0xFFF { try checkSafePoint() }
      let matchIsEmpty: Bool
      switch try regExpExecOffsets(rx, subject, &captures) {
      case .noMatch:
        return count == 0 ? .null : result.value
      case .offsets:
        storeDense(result, count, substring(subject, Int(captures[0]), Int(captures[1])).value)
        matchIsEmpty = captures[0] == captures[1]
      case .object(let match):
        let matched = try toString(get(match.asObject, PropertyKey(index: 0)))
        storeDense(result, count, matched.value)
        matchIsEmpty = matched.isEmpty
      }
      if matchIsEmpty { try advanceLastIndex(rx, subject, unicode: fullUnicode) }
      count += 1
    }
  }

  // MARK: - @@matchAll (ES2024 22.2.6.9)

  fileprivate func regExpMatchAll(_ arguments: NativeArguments) throws(JSException) -> Value {
    let rx = try thisRegExpLike(arguments, "RegExp.prototype.@@matchAll")
    let subject = try toString(arguments[0])
    let constructor = try speciesConstructor(rx, default: realm[.regExpConstructor])
    let flags = try regExpFlagsString(rx)
    let matcher = try construct(constructor, arguments: [rx.value, flags.value]).asObject
    let lastIndex = try toLength(lastIndexValue(rx))
    try setLastIndex(matcher, Value(lastIndex))
    return createRegExpStringIterator(
      matcher, subject, global: contains(flags, 0x67), fullUnicode: isFullUnicode(flags))
  }

  // MARK: - @@search (ES2024 22.2.6.12)

  fileprivate func regExpSearch(_ arguments: NativeArguments) throws(JSException) -> Value {
    let rx = try thisRegExpLike(arguments, "RegExp.prototype.@@search")
    let subject = try toString(arguments[0])
    let previousLastIndex = try lastIndexValue(rx)
    let zero = Value(Int32(0))
    if !sameValue(previousLastIndex, zero) { try setLastIndex(rx, zero) }
    var captures: [Int32] = []
    let outcome = try regExpExecOffsets(rx, subject, &captures)
    let currentLastIndex = try lastIndexValue(rx)
    if !sameValue(currentLastIndex, previousLastIndex) { try setLastIndex(rx, previousLastIndex) }
    switch outcome {
    case .noMatch: return Value(Int32(-1))
    case .offsets: return Value(captures[0])
    case .object(let match): return try get(match.asObject, names.index)
    }
  }

  // MARK: - @@split (ES2024 22.2.6.14)

  fileprivate func regExpSplit(_ arguments: NativeArguments) throws(JSException) -> Value {
    let rx = try thisRegExpLike(arguments, "RegExp.prototype.@@split")
    let subject = try toString(arguments[0])
    let limit = arguments[1]
    let constructor = try speciesConstructor(rx, default: realm[.regExpConstructor])
    let flags = try regExpFlagsString(rx)
    let unicodeMatching = isFullUnicode(flags)
    let newFlags = contains(flags, 0x79) ? flags : try concatenate(flags, singleCodeUnitString(0x79))
    let splitter = try construct(constructor, arguments: [rx.value, newFlags.value]).asObject
    let result = newArray()
    let lim = limit.isUndefined ? UInt32.max : try toUint32(limit)
    if lim == 0 { return result.value }
    if subject.isEmpty {
      var captures: [Int32] = []
      if case .noMatch = try regExpExecOffsets(splitter, subject, &captures) {
        storeDense(result, 0, subject.value)
      }
      return result.value
    }
    var split = SplitState(result: result, limit: Int(lim))
    // A splitter made by %RegExp% itself is reachable from no script: when its exec is the
    // builtin, one unanchored search per piece finds what the sticky retries would.
    if constructor == realm[.regExpConstructor], let payload = regExpPayload(splitter),
      hasPristineExec(splitter), hasWritableLastIndex(splitter)
    {
      try splitBySearch(payload, subject, unicode: unicodeMatching, &split)
    } else {
      try splitBySteps(splitter, subject, unicode: unicodeMatching, &split)
    }
    return result.value
  }

  /// The result array of a split and how far it may grow.
  fileprivate struct SplitState {
    let result: ObjectRef
    let limit: Int
    var count = 0

    init(result: ObjectRef, limit: Int) {
      self.result = result
      self.limit = limit
    }

    /// Appends a piece; false once the limit is reached.
    mutating func append(_ runtime: Runtime, _ value: Value) -> Bool {
      runtime.storeDense(result, UInt32(count), value)
      count += 1
      return count < limit
    }
  }

  /// @@split steps 16–20 as written: a sticky exec at every position.
  private func splitBySteps(_ splitter: ObjectRef, _ subject: StringRef, unicode: Bool, _ split: inout SplitState)
    throws(JSException)
  {
    let size = subject.length
    var p = 0
    var q = 0
    var captures: [Int32] = []
    var steps = 0
    while q < size {
      steps += 1
      if steps & 0xFFF == 0 { try checkSafePoint() }
      try setLastIndex(splitter, Value(q))
      let outcome = try regExpExecOffsets(splitter, subject, &captures)
      if case .noMatch = outcome {
        q = advanceStringIndex(subject, q, unicode: unicode)
        continue
      }
      let e = min(try toLength(lastIndexValue(splitter)), size)
      if e == p {
        q = advanceStringIndex(subject, q, unicode: unicode)
        continue
      }
      if !split.append(self, substring(subject, p, q).value) { return }
      p = e
      switch outcome {
      case .offsets(let payload):
        for group in stride(from: 1, through: payload.program.captureCount, by: 1) {
          if !split.append(self, captureValue(subject, captures, group)) { return }
        }
      case .object(let match):
        let captureCount = max(try lengthOfArrayLike(match.asObject) - 1, 0)
        for group in stride(from: 1, through: captureCount, by: 1) {
          if group & 0xFFF == 0 { try checkSafePoint() }
          let capture = try get(match.asObject, propertyKey(forIndex: group))
          if !split.append(self, capture) { return }
        }
      case .noMatch:
        break
      }
      q = p
    }
    _ = split.append(self, substring(subject, p, size).value)
  }

  /// @@split with the builtin matcher: the next match at or after q is found in one search
  /// (the first position where the sticky exec would succeed, with the same match).
  private func splitBySearch(_ payload: RegExpPayload, _ subject: StringRef, unicode: Bool, _ split: inout SplitState)
    throws(JSException)
  {
    let program = payload.program
    let size = subject.length
    var p = 0
    var q = 0
    var captures = [Int32](repeating: -1, count: program.captureSlotCount)
    var pieces = 0
    while q < size {
      pieces += 1
      if pieces & 0xFFF == 0 { try checkSafePoint() }
      let found = try captures.withUnsafeMutableBufferPointer { buffer throws(JSException) in
        try runRegExpProgram(program, subject, from: q, sticky: false, captures: buffer.baseAddress!)
      }
      if !found { break }
      let start = Int(captures[0])
      let e = min(Int(captures[1]), size)
      if start >= size { break }  // step 17 stops at q = size
      if e == p {
        q = advanceStringIndex(subject, start, unicode: unicode)
        continue
      }
      if !split.append(self, substring(subject, p, start).value) { return }
      p = e
      for group in stride(from: 1, through: program.captureCount, by: 1) {
        if !split.append(self, captureValue(subject, captures, group)) { return }
      }
      q = p
    }
    _ = split.append(self, substring(subject, p, size).value)
  }

  // MARK: - @@replace (ES2024 22.2.6.11)

  fileprivate func regExpReplace(_ arguments: NativeArguments) throws(JSException) -> Value {
    let rx = try thisRegExpLike(arguments, "RegExp.prototype.@@replace")
    let subject = try toString(arguments[0])
    var replaceValue = arguments[1]
    let functional = replaceValue.isCallable
    if !functional { replaceValue = try toString(replaceValue).value }
    let flags = try regExpFlagsString(rx)
    let global = contains(flags, 0x67)
    var fullUnicode = false
    if global {
      fullUnicode = isFullUnicode(flags)
      try setLastIndex(rx, Value(Int32(0)))
    }
    let matches = try collectMatches(rx, subject, global: global, fullUnicode: fullUnicode)
    var replacer = RegExpReplacer(
      runtime: self, subject: subject, replaceValue: replaceValue, functional: functional)
    var builder = StringBuilder(self)
    var nextSourcePosition = 0
    for index in 0..<matches.count {
      // At every result: one substitution can expand to many code units ("$&" 10,000 times
      // for each of 100,000 matches ran 14 s past a 500 ms limit when checked every 4,096).
      try checkSafePoint()
      let (position, matchLength, replacement) = try replacer.replacement(for: matches, at: index)
      if position >= nextSourcePosition {
        builder.append(subject, heap, from: nextSourcePosition, to: position)
        replacement.append(to: &builder, heap)
        nextSourcePosition = position + matchLength
      }
      if builder.overflowed { break }
    }
    if nextSourcePosition < subject.length {
      builder.append(subject, heap, from: nextSourcePosition, to: subject.length)
    }
    return try builder.finish(self).value
  }

  /// @@replace step 12: every match, before any replacement is computed.
  private func collectMatches(_ rx: ObjectRef, _ subject: StringRef, global: Bool, fullUnicode: Bool)
    throws(JSException) -> CollectedMatches
  {
    let matches = CollectedMatches(self)
    var captures: [Int32] = []
    while true {
      if matches.count & 0xFFF == 0xFFF { try checkSafePoint() }
      let matchIsEmpty: Bool
      switch try regExpExecOffsets(rx, subject, &captures) {
      case .noMatch:
        return matches
      case .offsets(let payload):
        matches.append(payload, captures)
        matchIsEmpty = captures[0] == captures[1]
      case .object(let match):
        matches.append(match)
        if !global { return matches }
        matchIsEmpty = try toString(get(match.asObject, PropertyKey(index: 0))).isEmpty
      }
      if !global { return matches }
      if matchIsEmpty { try advanceLastIndex(rx, subject, unicode: fullUnicode) }
    }
  }
}

/// The results @@replace collected: offsets of builtin matches, or exec result objects
/// (rooted).
final class CollectedMatches {
  enum Entry {
    /// The builtin matcher's offsets at `offsets[start...]`, `2 × (groups + 1)` of them.
    case offsets(RegExpPayload, start: Int)
    case object(index: Int)
  }

  private(set) var entries: [Entry] = []
  private(set) var offsets: [Int32] = []
  let objects: RootedValues

  init(_ runtime: Runtime) { objects = RootedValues(runtime) }

  var count: Int { entries.count }

  func append(_ payload: RegExpPayload, _ captures: [Int32]) {
    entries.append(.offsets(payload, start: offsets.count))
    offsets.append(contentsOf: captures[0..<payload.program.captureSlotCount])
  }

  func append(_ object: Value) {
    entries.append(.object(index: objects.count))
    objects.append(object)
  }
}

/// A replacement string: a JS string, or code units made by GetSubstitution.
enum ReplacementText {
  case string(StringRef)
  case units([UInt16])

  func append(to builder: inout StringBuilder, _ heap: Heap) {
    switch self {
    case .string(let string): builder.append(string, heap)
    case .units(let units): builder.append(units)
    }
  }
}

/// @@replace steps 14–15 for one result: the position, the matched length and the
/// replacement (the replacer function's result, or GetSubstitution of the template).
private struct RegExpReplacer {
  let runtime: Runtime
  let subject: StringRef
  let replaceValue: Value
  let functional: Bool
  /// The template's code units when it contains `$` (nil: used as is).
  private let templateUnits: [UInt16]?
  /// The subject's code units, made when a substitution first needs them.
  private var subjectUnits: [UInt16]? = nil
  private let arguments: RootedValues

  init(runtime: Runtime, subject: StringRef, replaceValue: Value, functional: Bool) {
    self.runtime = runtime
    self.subject = subject
    self.replaceValue = replaceValue
    self.functional = functional
    arguments = RootedValues(runtime)
    if functional {
      templateUnits = nil
    } else {
      let template = replaceValue.asString
      let units = CodeUnits(template, runtime.heap)
      var hasDollar = false
      for index in 0..<units.count where units[index] == 0x24 {
        hasDollar = true
        break
      }
      templateUnits = hasDollar ? template.utf16Array(runtime.heap) : nil
    }
  }

  mutating func replacement(for matches: CollectedMatches, at index: Int) throws(JSException) -> (
    Int, Int, ReplacementText
  ) {
    switch matches.entries[index] {
    case .offsets(let payload, let start):
      return try replacement(payload, matches.offsets, start)
    case .object(let objectIndex):
      return try replacement(forResult: matches.objects[objectIndex].asObject)
    }
  }

  /// A builtin match: every value comes from the offsets.
  private mutating func replacement(_ payload: RegExpPayload, _ offsets: [Int32], _ start: Int)
    throws(JSException) -> (Int, Int, ReplacementText)
  {
    let captures = Array(offsets[start..<(start + payload.program.captureSlotCount)])
    let position = Int(captures[0])
    let matchLength = Int(captures[1]) - position
    let groupCount = payload.program.captureCount
    if functional {
      arguments.values.removeAll(keepingCapacity: true)
      for group in 0...groupCount { arguments.append(runtime.captureValue(subject, captures, group)) }
      arguments.append(Value(position))
      arguments.append(subject.value)
      let groups = runtime.makeGroupsObject(payload, captures) { group in
        runtime.captureValue(subject, captures, group)
      }
      if !groups.isUndefined { arguments.append(groups) }
      return (position, matchLength, .string(try callReplacer()))
    }
    guard let templateUnits else { return (position, matchLength, .string(replaceValue.asString)) }
    let units = subjectCodeUnits()
    func group(_ number: Int) -> [UInt16]? {
      let from = Int(captures[2 * number])
      return from < 0 ? nil : Array(units[from..<Int(captures[2 * number + 1])])
    }
    let captureList = (0..<groupCount).map { group($0 + 1) }
    let names = payload.program.groupNames
    let namedCaptures: (([UInt16]) throws(Never) -> [UInt16]?)? =
      names.isEmpty
      ? nil
      : { name in
        // The groups object's property: the participating group of that name, if any.
        for (groupName, number) in names where groupName == name && captures[2 * number] >= 0 {
          return group(number)
        }
        return nil
      }
    let expansion = getSubstitution(
      matched: Array(units[position..<(position + matchLength)]), string: units, position: position,
      captures: captureList, namedCaptures: namedCaptures, template: templateUnits,
      maximumLength: maximumStringLength)
    if expansion.count > maximumStringLength { throw runtime.throwRangeError("Invalid string length") }
    return (position, matchLength, .units(expansion))
  }

  /// A user exec's result: read through Get in the spec's order (step 15.a–j).
  private mutating func replacement(forResult result: ObjectRef) throws(JSException) -> (Int, Int, ReplacementText) {
    let resultLength = try runtime.lengthOfArrayLike(result)
    let captureCount = max(resultLength - 1, 0)
    let matched = try runtime.toString(runtime.get(result, PropertyKey(index: 0)))
    let positionValue = try runtime.toIntegerOrInfinity(runtime.get(result, runtime.names.index))
    let position = Int(max(0, min(positionValue, Double(subject.length))))
    let captures = RootedValues(runtime)
    for group in stride(from: 1, through: captureCount, by: 1) {
      if group & 0xFFF == 0 { try runtime.checkSafePoint() }
      var capture = try runtime.get(result, runtime.propertyKey(forIndex: group))
      if !capture.isUndefined { capture = try runtime.toString(capture).value }
      captures.append(capture)
    }
    let namedCaptures = try runtime.get(result, runtime.names.groups)
    if functional {
      arguments.values.removeAll(keepingCapacity: true)
      arguments.append(matched.value)
      for capture in captures.values { arguments.append(capture) }
      arguments.append(Value(position))
      arguments.append(subject.value)
      if !namedCaptures.isUndefined { arguments.append(namedCaptures) }
      return (position, matched.length, .string(try callReplacer()))
    }
    var lookUp: (([UInt16]) throws(JSException) -> [UInt16]?)? = nil
    if !namedCaptures.isUndefined {
      // Step 14.l.i.1, even for a template without `$<` (null groups throw here).
      let groups = try runtime.toObject(namedCaptures)
      // Rooted: a wrapper made by ToObject is referenced from nowhere else.
      arguments.values.removeAll(keepingCapacity: true)
      arguments.append(groups.value)
      lookUp = namedCaptureLookup(groups)
    }
    guard let templateUnits else { return (position, matched.length, .string(replaceValue.asString)) }
    let captureList = captures.values.map { $0.isUndefined ? nil : $0.asString.utf16Array(runtime.heap) }
    let expansion = try getSubstitution(
      matched: matched.utf16Array(runtime.heap), string: subjectCodeUnits(), position: position,
      captures: captureList, namedCaptures: lookUp, template: templateUnits, maximumLength: maximumStringLength)
    if expansion.count > maximumStringLength { throw runtime.throwRangeError("Invalid string length") }
    return (position, matched.length, .units(expansion))
  }

  /// GetSubstitution's `$<name>`: ? Get(groups, name), then ToString unless undefined.
  private func namedCaptureLookup(_ groups: ObjectRef) -> ([UInt16]) throws(JSException) -> [UInt16]? {
    let runtime = self.runtime
    return { name throws(JSException) in
      let value = try runtime.get(groups, runtime.propertyKey(for: runtime.newString(name)))
      return value.isUndefined ? nil : try runtime.toString(value).utf16Array(runtime.heap)
    }
  }

  private func callReplacer() throws(JSException) -> StringRef {
    let result = try arguments.values.withUnsafeBufferPointer { buffer throws(JSException) in
      try runtime.call(replaceValue, this: .undefined, arguments: buffer)
    }
    return try runtime.toString(result)
  }

  private mutating func subjectCodeUnits() -> [UInt16] {
    if let subjectUnits { return subjectUnits }
    let units = subject.utf16Array(runtime.heap)
    subjectUnits = units
    return units
  }
}
