import XJSRegExp

// %String.prototype% (ES2024 22.1.3) and its Annex B methods (B.2.2).
//
// Case mapping is in StringCaseMapping.swift, normalization in StringNormalization.swift.
// The methods taking a pattern (match, matchAll, replace, replaceAll, search, split)
// look their Symbol.* method up only on object arguments, as ES2025 does
// (test262's cstm-*-on-*-primitive tests): a string or number argument is a plain pattern.

typealias StringMethod = (Runtime, NativeArguments, StringRef) throws(JSException) -> Value

extension Realm {
  func installStringPrototype(_ runtime: Runtime, _ prototype: ObjectRef) {
    installStringAccessMethods(runtime, prototype)
    installStringSearchMethods(runtime, prototype)
    installStringTransformMethods(runtime, prototype)
    installStringCaseAndFormMethods(runtime, prototype)
    installStringPatternMethods(runtime, prototype)
    installStringHTMLMethods(runtime, prototype)
    runtime.defineNativeMethod(prototype, runtime.symbols.iterator, name: "[Symbol.iterator]", length: 0) {
      runtime, arguments throws(JSException) in
      let string = try runtime.thisStringCoerced(arguments, "[Symbol.iterator]")
      return runtime.createStringIterator(string)
    }
  }

  /// A method that starts with `RequireObjectCoercible(this)` and `ToString(this)`.
  @discardableResult
  fileprivate func defineStringMethod(
    _ runtime: Runtime, _ prototype: ObjectRef, _ name: String, length: Int, _ body: @escaping StringMethod
  ) -> ObjectRef {
    runtime.defineNativeMethod(prototype, name, length: length) { runtime, arguments throws(JSException) in
      try body(runtime, arguments, runtime.thisStringCoerced(arguments, name))
    }
  }

  // MARK: Code units and code points

  private func installStringAccessMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    for name in ["toString", "valueOf"] {
      runtime.defineNativeMethod(prototype, name, length: 0) { runtime, arguments throws(JSException) in
        try runtime.thisStringValue(arguments.this, name).value
      }
    }
    defineStringMethod(runtime, prototype, "at", length: 1) { runtime, arguments, string throws(JSException) in
      let length = string.length
      let relative = try runtime.toIntegerOrInfinity(arguments[0])
      let index = relative >= 0 ? relative : Double(length) + relative
      if index < 0 || index >= Double(length) { return .undefined }
      return runtime.singleCodeUnitString(string.codeUnit(at: Int(index), runtime.heap)).value
    }
    defineStringMethod(runtime, prototype, "charAt", length: 1) { runtime, arguments, string throws(JSException) in
      let position = try runtime.toIntegerOrInfinity(arguments[0])
      if position < 0 || position >= Double(string.length) { return runtime.emptyString.value }
      return runtime.singleCodeUnitString(string.codeUnit(at: Int(position), runtime.heap)).value
    }
    defineStringMethod(runtime, prototype, "charCodeAt", length: 1) { runtime, arguments, string throws(JSException) in
      let position = try runtime.toIntegerOrInfinity(arguments[0])
      if position < 0 || position >= Double(string.length) { return Value(Double.nan) }
      return Value(Int32(string.codeUnit(at: Int(position), runtime.heap)))
    }
    defineStringMethod(runtime, prototype, "codePointAt", length: 1) { runtime, arguments, string throws(JSException) in
      let position = try runtime.toIntegerOrInfinity(arguments[0])
      if position < 0 || position >= Double(string.length) { return .undefined }
      let (codePoint, _) = CodeUnits(string, runtime.heap).codePoint(at: Int(position))
      return Value(Int32(codePoint))
    }
    defineStringMethod(runtime, prototype, "concat", length: 1) { runtime, arguments, string throws(JSException) in
      var result = string
      for index in 0..<arguments.count {
        result = try runtime.concatenate(result, runtime.toString(arguments[index]))
      }
      return result.value
    }
    defineStringMethod(runtime, prototype, "isWellFormed", length: 0) { runtime, _, string throws(JSException) in
      Value(CodeUnits(string, runtime.heap).firstLoneSurrogate() == nil)
    }
    defineStringMethod(runtime, prototype, "toWellFormed", length: 0) { runtime, _, string throws(JSException) in
      try runtime.toWellFormed(string).value
    }
  }

  // MARK: Searching

  private func installStringSearchMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    defineStringMethod(runtime, prototype, "indexOf", length: 1) { runtime, arguments, string throws(JSException) in
      let search = try runtime.toString(arguments[0])
      let start = clampIndex(try runtime.toIntegerOrInfinity(arguments[1]), string.length)
      let heap = runtime.heap
      return Value(CodeUnits(string, heap).indexOf(CodeUnits(search, heap), from: start))
    }
    defineStringMethod(runtime, prototype, "lastIndexOf", length: 1) { runtime, arguments, string throws(JSException) in
      let search = try runtime.toString(arguments[0])
      let number = try runtime.toNumber(arguments[1])
      let position = number.isNaN ? Double.infinity : try runtime.toIntegerOrInfinity(Value(number))
      let start = clampIndex(position, string.length)
      let heap = runtime.heap
      return Value(CodeUnits(string, heap).lastIndexOf(CodeUnits(search, heap), from: start))
    }
    defineStringMethod(runtime, prototype, "includes", length: 1) { runtime, arguments, string throws(JSException) in
      let search = try runtime.searchStringArgument(arguments[0], "includes")
      let start = clampIndex(try runtime.toIntegerOrInfinity(arguments[1]), string.length)
      let heap = runtime.heap
      return Value(CodeUnits(string, heap).indexOf(CodeUnits(search, heap), from: start) >= 0)
    }
    defineStringMethod(runtime, prototype, "startsWith", length: 1) { runtime, arguments, string throws(JSException) in
      let search = try runtime.searchStringArgument(arguments[0], "startsWith")
      let start = clampIndex(try runtime.toIntegerOrInfinity(arguments[1]), string.length)
      if start + search.length > string.length { return .false }
      let heap = runtime.heap
      return Value(CodeUnits(string, heap).matches(CodeUnits(search, heap), at: start))
    }
    defineStringMethod(runtime, prototype, "endsWith", length: 1) { runtime, arguments, string throws(JSException) in
      let search = try runtime.searchStringArgument(arguments[0], "endsWith")
      let endPosition = arguments[1]
      let end =
        endPosition.isUndefined
        ? string.length : clampIndex(try runtime.toIntegerOrInfinity(endPosition), string.length)
      let start = end - search.length
      if start < 0 { return .false }
      let heap = runtime.heap
      return Value(CodeUnits(string, heap).matches(CodeUnits(search, heap), at: start))
    }
    defineStringMethod(runtime, prototype, "localeCompare", length: 1) {
      runtime, arguments, string throws(JSException) in
      // A code-unit comparison of the NFC forms, so canonically equivalent strings compare
      // equal (22.1.3.12 requires it); no locale tailoring.
      let that = try runtime.toString(arguments[0])
      let left = try runtime.normalize(string, .nfc)
      let right = try runtime.normalize(that, .nfc)
      let order = left.compare(right, runtime.heap)
      return Value(Int32(order < 0 ? -1 : order > 0 ? 1 : 0))
    }
  }

  // MARK: Substrings, padding, repetition, trimming

  private func installStringTransformMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    defineStringMethod(runtime, prototype, "slice", length: 2) { runtime, arguments, string throws(JSException) in
      let length = string.length
      let from = try runtime.relativeIndex(arguments[0], length: length, default: 0)
      let to = try runtime.relativeIndex(arguments[1], length: length, default: length)
      return runtime.substring(string, from, to).value
    }
    defineStringMethod(runtime, prototype, "substring", length: 2) { runtime, arguments, string throws(JSException) in
      let length = string.length
      let start = clampIndex(try runtime.toIntegerOrInfinity(arguments[0]), length)
      let end = arguments[1].isUndefined ? length : clampIndex(try runtime.toIntegerOrInfinity(arguments[1]), length)
      return runtime.substring(string, min(start, end), max(start, end)).value
    }
    // Annex B.2.2.1
    defineStringMethod(runtime, prototype, "substr", length: 2) { runtime, arguments, string throws(JSException) in
      let size = string.length
      let start = try runtime.relativeIndex(arguments[0], length: size, default: 0)
      let count = arguments[1].isUndefined ? size : clampIndex(try runtime.toIntegerOrInfinity(arguments[1]), size)
      return runtime.substring(string, start, min(start + count, size)).value
    }
    defineStringMethod(runtime, prototype, "padStart", length: 1) { runtime, arguments, string throws(JSException) in
      try runtime.pad(string, arguments[0], arguments[1], atStart: true).value
    }
    defineStringMethod(runtime, prototype, "padEnd", length: 1) { runtime, arguments, string throws(JSException) in
      try runtime.pad(string, arguments[0], arguments[1], atStart: false).value
    }
    defineStringMethod(runtime, prototype, "repeat", length: 1) { runtime, arguments, string throws(JSException) in
      try runtime.repeatString(string, arguments[0]).value
    }
    defineStringMethod(runtime, prototype, "trim", length: 0) { runtime, _, string throws(JSException) in
      runtime.trimString(string, start: true, end: true).value
    }
    let trimStart = defineStringMethod(runtime, prototype, "trimStart", length: 0) {
      runtime, _, string throws(JSException) in
      runtime.trimString(string, start: true, end: false).value
    }
    let trimEnd = defineStringMethod(runtime, prototype, "trimEnd", length: 0) {
      runtime, _, string throws(JSException) in
      runtime.trimString(string, start: false, end: true).value
    }
    // Annex B.2.2.15–16: the same function objects as trimStart/trimEnd.
    runtime.defineValue(prototype, "trimLeft", trimStart.value)
    runtime.defineValue(prototype, "trimRight", trimEnd.value)
  }

  // MARK: Case and normalization

  private func installStringCaseAndFormMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    for (name, upper) in [
      ("toLowerCase", false), ("toUpperCase", true), ("toLocaleLowerCase", false), ("toLocaleUpperCase", true),
    ] {
      defineStringMethod(runtime, prototype, name, length: 0) { runtime, _, string throws(JSException) in
        try (upper ? runtime.toUpperCase(string) : runtime.toLowerCase(string)).value
      }
    }
    defineStringMethod(runtime, prototype, "normalize", length: 0) { runtime, arguments, string throws(JSException) in
      let form: NormalizationForm
      if arguments[0].isUndefined {
        form = .nfc
      } else {
        let name = try runtime.toString(arguments[0]).swiftString(runtime.heap)
        guard let parsed = NormalizationForm(rawValue: name) else {
          throw runtime.rangeError("The normalization form should be one of NFC, NFD, NFKC, NFKD.")
        }
        form = parsed
      }
      return try runtime.normalize(string, form).value
    }
  }

  // MARK: Methods taking a pattern

  private func installStringPatternMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    let symbols = runtime.symbols
    runtime.defineNativeMethod(prototype, "match", length: 1) { runtime, arguments throws(JSException) in
      try runtime.stringMatchOrSearch(arguments, symbols.match, "match")
    }
    runtime.defineNativeMethod(prototype, "search", length: 1) { runtime, arguments throws(JSException) in
      try runtime.stringMatchOrSearch(arguments, symbols.search, "search")
    }
    runtime.defineNativeMethod(prototype, "matchAll", length: 1) { runtime, arguments throws(JSException) in
      try runtime.stringMatchAll(arguments)
    }
    runtime.defineNativeMethod(prototype, "replace", length: 2) { runtime, arguments throws(JSException) in
      try runtime.stringReplace(arguments, all: false)
    }
    runtime.defineNativeMethod(prototype, "replaceAll", length: 2) { runtime, arguments throws(JSException) in
      try runtime.stringReplace(arguments, all: true)
    }
    runtime.defineNativeMethod(prototype, "split", length: 2) { runtime, arguments throws(JSException) in
      try runtime.stringSplit(arguments)
    }
  }

  // MARK: Annex B HTML methods (B.2.2.2–14)

  private func installStringHTMLMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    let methods: [(name: String, tag: String, attribute: String)] = [
      ("anchor", "a", "name"), ("big", "big", ""), ("blink", "blink", ""), ("bold", "b", ""),
      ("fixed", "tt", ""), ("fontcolor", "font", "color"), ("fontsize", "font", "size"),
      ("italics", "i", ""), ("link", "a", "href"), ("small", "small", ""), ("strike", "strike", ""),
      ("sub", "sub", ""), ("sup", "sup", ""),
    ]
    for method in methods {
      defineStringMethod(runtime, prototype, method.name, length: method.attribute.isEmpty ? 0 : 1) {
        runtime, arguments, string throws(JSException) in
        try runtime.createHTML(string, tag: method.tag, attribute: method.attribute, value: arguments[0]).value
      }
    }
  }
}

/// A relative position already made an integer, clamped into [0, length].
func clampIndex(_ position: Double, _ length: Int) -> Int {
  if position <= 0 { return 0 }
  if position >= Double(length) { return length }
  return Int(position)
}

extension CodeUnits {
  /// The index of the first unpaired surrogate, or nil.
  func firstLoneSurrogate(from start: Int = 0) -> Int? {
    if isLatin1 { return nil }
    var index = start
    while index < count {
      let unit = self[index]
      if isLeadingSurrogate(unit) && index + 1 < count && isTrailingSurrogate(self[index + 1]) {
        index += 2
        continue
      }
      if isLeadingSurrogate(unit) || isTrailingSurrogate(unit) { return index }
      index += 1
    }
    return nil
  }
}

extension Runtime {
  // MARK: Receivers and arguments

  /// RequireObjectCoercible(this) and ToString(this).
  func thisStringCoerced(_ arguments: NativeArguments, _ method: String) throws(JSException) -> StringRef {
    let this = arguments.this
    if this.isString { return this.asString }
    if this.isNullish {
      let separator = method.hasPrefix("[") ? "" : "."
      throw typeError("String.prototype\(separator)\(method) called on null or undefined")
    }
    return try toString(this)
  }

  /// thisStringValue (ES2024 22.1.3.35.1)
  func thisStringValue(_ value: Value, _ method: String) throws(JSException) -> StringRef {
    if value.isString { return value.asString }
    if value.isObject && value.asObject.objectClass == .stringObject {
      return value.asObject.internalSlot(0).asString
    }
    throw typeError("String.prototype.\(method) requires that 'this' be a String")
  }

  /// The search string of includes/startsWith/endsWith: not a RegExp, then ToString.
  fileprivate func searchStringArgument(_ value: Value, _ method: String) throws(JSException) -> StringRef {
    if try isRegExp(value) {
      throw typeError("First argument to String.prototype.\(method) must not be a regular expression")
    }
    return try toString(value)
  }

  /// IsRegExp (ES2024 7.2.8)
  func isRegExp(_ value: Value) throws(JSException) -> Bool {
    guard value.isObject else { return false }
    let matcher = try get(value.asObject, PropertyKey(symbol: symbols.match))
    if !matcher.isUndefined { return toBoolean(matcher) }
    return value.asObject.objectClass == .regExp
  }

  // MARK: Transformations

  fileprivate func toWellFormed(_ string: StringRef) throws(JSException) -> StringRef {
    let units = CodeUnits(string, heap)
    guard var lone = units.firstLoneSurrogate() else { return string }
    var builder = StringBuilder(self, capacity: units.count)
    var copied = 0
    while true {
      builder.append(units, from: copied, to: lone)
      builder.append(0xFFFD)
      copied = lone + 1
      guard let next = units.firstLoneSurrogate(from: copied) else { break }
      lone = next
    }
    builder.append(units, from: copied, to: units.count)
    return try builder.finish(self)
  }

  /// StringPaddingBuiltinsImpl (ES2024 22.1.3.17.1)
  fileprivate func pad(_ string: StringRef, _ maxLength: Value, _ fillString: Value, atStart: Bool)
    throws(JSException) -> StringRef
  {
    let intMaxLength = try toLength(maxLength)
    let stringLength = string.length
    if intMaxLength <= stringLength { return string }
    let filler = fillString.isUndefined ? singleCodeUnitString(0x20) : try toString(fillString)
    if filler.isEmpty { return string }
    if intMaxLength > maximumStringLength { throw rangeError("Invalid string length") }
    let fillLength = intMaxLength - stringLength
    string.flattened(heap)
    // The filler as far as it is used (so the result is Latin-1 whenever it can be).
    let piece = substring(filler, 0, min(filler.length, fillLength))
    let result = try allocateCheckedFlatString(length: intMaxLength, latin1: string.isLatin1 && piece.isLatin1)
    let fillOffset = atStart ? 0 : stringLength
    copyCharacters(from: string, to: result, at: atStart ? fillLength : 0)
    copyCharacters(from: piece, to: result, at: fillOffset)
    fillByDoubling(result, from: fillOffset, filled: piece.length, total: fillLength)
    return result
  }

  /// Repeats the first `filled` code units of `target` (from `start`) until `total` are there.
  private func fillByDoubling(_ target: StringRef, from start: Int, filled: Int, total: Int) {
    let unitSize = target.isLatin1 ? 1 : 2
    let base = target.rawCharacters + start * unitSize
    var done = filled
    while done < total {
      let chunk = min(done, total - done)
      (base + done * unitSize).copyMemory(from: base, byteCount: chunk * unitSize)
      done += chunk
    }
  }

  /// String.prototype.repeat (ES2024 22.1.3.18): copies by doubling into one new string.
  fileprivate func repeatString(_ string: StringRef, _ countValue: Value) throws(JSException) -> StringRef {
    let count = try toIntegerOrInfinity(countValue)
    if count < 0 || count == .infinity {
      throw rangeError("Invalid count value: \(numberToString(count).swiftString(heap))")
    }
    if count == 0 || string.isEmpty { return emptyString }
    let length = string.length
    if Double(length) * count > Double(maximumStringLength) { throw rangeError("Invalid string length") }
    let total = length * Int(count)
    string.flattened(heap)
    let result = try allocateCheckedFlatString(length: total, latin1: string.isLatin1)
    copyCharacters(from: string, to: result, at: 0)
    fillByDoubling(result, from: 0, filled: length, total: total)
    return result
  }

  /// TrimString (ES2024 22.1.3.32.1)
  fileprivate func trimString(_ string: StringRef, start trimStart: Bool, end trimEnd: Bool) -> StringRef {
    let units = CodeUnits(string, heap)
    var start = 0
    var end = units.count
    if trimStart {
      while start < end && isWhiteSpaceOrLineTerminator(units[start]) { start += 1 }
    }
    if trimEnd {
      while end > start && isWhiteSpaceOrLineTerminator(units[end - 1]) { end -= 1 }
    }
    return substring(string, start, end)
  }

  /// CreateHTML (ES2024 B.2.2.2.1)
  fileprivate func createHTML(_ string: StringRef, tag: String, attribute: String, value: Value)
    throws(JSException) -> StringRef
  {
    var builder = StringBuilder(self)
    builder.append(ascii: "<" + tag)
    if !attribute.isEmpty {
      let attributeValue = try toString(value)
      builder.append(ascii: " " + attribute + "=\"")
      let units = CodeUnits(attributeValue, heap)
      for index in 0..<units.count {
        let unit = units[index]
        if unit == 0x22 { builder.append(ascii: "&quot;") } else { builder.append(unit) }
      }
      builder.append(0x22)
    }
    builder.append(0x3E)
    builder.append(string, heap)
    builder.append(ascii: "</" + tag + ">")
    return try builder.finish(self)
  }

  // MARK: Pattern methods

  /// A pattern argument's Symbol.* method: only objects are asked (ES2025 steps 2).
  fileprivate func patternMethod(_ pattern: Value, _ symbol: SymbolRef) throws(JSException) -> Value? {
    guard pattern.isObject else { return nil }
    let method = try getMethod(pattern, PropertyKey(symbol: symbol))
    return method.isUndefined ? nil : method
  }

  /// Invoke(V, P, arguments)
  fileprivate func invoke(_ target: Value, _ key: PropertyKey, _ arguments: [Value]) throws(JSException) -> Value {
    let function = try getV(target, key)
    if !function.isCallable { throw typeError("\(keyDescription(key)) is not a function") }
    return try call(function, this: target, arguments: arguments)
  }

  /// String.prototype.match / search (ES2024 22.1.3.13, 22.1.3.22)
  fileprivate func stringMatchOrSearch(_ arguments: NativeArguments, _ symbol: SymbolRef, _ name: String)
    throws(JSException) -> Value
  {
    let this = arguments.this
    if this.isNullish { throw typeError("String.prototype.\(name) called on null or undefined") }
    let pattern = arguments[0]
    if let method = try patternMethod(pattern, symbol) {
      return try call(method, this: pattern, arguments: [this])
    }
    let string = try toString(this)
    let regExp = try regExpCreate(pattern: pattern, flags: .undefined, newTarget: .undefined)
    return try invoke(regExp.value, PropertyKey(symbol: symbol), [string.value])
  }

  /// String.prototype.matchAll (ES2024 22.1.3.14)
  fileprivate func stringMatchAll(_ arguments: NativeArguments) throws(JSException) -> Value {
    let this = arguments.this
    if this.isNullish { throw typeError("String.prototype.matchAll called on null or undefined") }
    let pattern = arguments[0]
    if pattern.isObject {
      if try isRegExp(pattern) {
        try requireGlobalFlag(pattern, "String.prototype.matchAll called with a non-global RegExp argument")
      }
      if let method = try patternMethod(pattern, symbols.matchAll) {
        return try call(method, this: pattern, arguments: [this])
      }
    }
    let string = try toString(this)
    let regExp = try regExpCreate(pattern: pattern, flags: newString("g").value, newTarget: .undefined)
    return try invoke(regExp.value, PropertyKey(symbol: symbols.matchAll), [string.value])
  }

  /// matchAll/replaceAll step 2.b: the RegExp's `flags` must contain "g".
  private func requireGlobalFlag(_ pattern: Value, _ message: String) throws(JSException) {
    let flags = try get(pattern.asObject, names.flags)
    try requireObjectCoercible(flags)
    let units = CodeUnits(try toString(flags), heap)
    for index in 0..<units.count where units[index] == 0x67 { return }
    throw typeError(message)
  }

  /// String.prototype.replace / replaceAll (ES2024 22.1.3.19, 22.1.3.20)
  fileprivate func stringReplace(_ arguments: NativeArguments, all: Bool) throws(JSException) -> Value {
    let this = arguments.this
    let name = all ? "replaceAll" : "replace"
    if this.isNullish { throw typeError("String.prototype.\(name) called on null or undefined") }
    let searchValue = arguments[0]
    var replaceValue = arguments[1]
    if searchValue.isObject {
      if all, try isRegExp(searchValue) {
        try requireGlobalFlag(searchValue, "replaceAll must be called with a global RegExp")
      }
      if let replacer = try patternMethod(searchValue, symbols.replace) {
        return try call(replacer, this: searchValue, arguments: [this, replaceValue])
      }
    }
    let string = try toString(this)
    let searchString = try toString(searchValue)
    let functionalReplace = replaceValue.isCallable
    if !functionalReplace { replaceValue = try toString(replaceValue).value }
    let positions = matchPositions(string, searchString, all: all)
    if positions.isEmpty { return string.value }
    var replacer = StringReplacer(
      runtime: self, string: string, searchString: searchString, replaceValue: replaceValue,
      functional: functionalReplace)
    var builder = StringBuilder(self)
    var endOfLastMatch = 0
    for (count, position) in positions.enumerated() {
      if count & 0xFFF == 0xFFF { try checkSafePoint() }
      builder.append(string, heap, from: endOfLastMatch, to: position)
      try replacer.appendReplacement(at: position, to: &builder)
      endOfLastMatch = position + searchString.length
      if builder.overflowed { break }
    }
    builder.append(string, heap, from: endOfLastMatch, to: string.length)
    return try builder.finish(self).value
  }

  /// Where `search` occurs in `string`: the first place, or every place (advancing by
  /// max(1, search length), so an empty search matches between all code units).
  private func matchPositions(_ string: StringRef, _ search: StringRef, all: Bool) -> [Int] {
    let units = CodeUnits(string, heap)
    let needle = CodeUnits(search, heap)
    var positions: [Int] = []
    var position = units.indexOf(needle, from: 0)
    while position >= 0 {
      positions.append(position)
      if !all { break }
      position = units.indexOf(needle, from: position + max(1, needle.count))
    }
    return positions
  }

  /// String.prototype.split (ES2024 22.1.3.23)
  fileprivate func stringSplit(_ arguments: NativeArguments) throws(JSException) -> Value {
    let this = arguments.this
    if this.isNullish { throw typeError("String.prototype.split called on null or undefined") }
    let separator = arguments[0]
    let limit = arguments[1]
    if let splitter = try patternMethod(separator, symbols.split) {
      return try call(splitter, this: separator, arguments: [this, limit])
    }
    let string = try toString(this)
    let lim = limit.isUndefined ? UInt32.max : try toUint32(limit)
    let separatorString = try toString(separator)
    let result = newArray()
    if lim == 0 { return result.value }
    if separator.isUndefined {
      storeDense(result, 0, string.value)
      return result.value
    }
    let length = string.length
    if separatorString.isEmpty {
      // Step 10: the code units of the first `lim` of them.
      let count = min(Int(lim), length)
      for index in 0..<count {
        if index & 0xFFF == 0xFFF { try checkSafePoint() }
        storeDense(result, UInt32(index), singleCodeUnitString(string.codeUnit(at: index, heap)).value)
      }
      return result.value
    }
    if length == 0 {
      storeDense(result, 0, string.value)
      return result.value
    }
    try splitByString(string, separatorString, limit: Int(lim), into: result)
    return result.value
  }

  private func splitByString(_ string: StringRef, _ separator: StringRef, limit: Int, into result: ObjectRef)
    throws(JSException)
  {
    var count = 0
    var start = 0
    var position = CodeUnits(string, heap).indexOf(CodeUnits(separator, heap), from: 0)
    while position >= 0 {
      if count & 0xFFF == 0xFFF { try checkSafePoint() }
      storeDense(result, UInt32(count), substring(string, start, position).value)
      count += 1
      if count == limit { return }
      start = position + separator.length
      position = CodeUnits(string, heap).indexOf(CodeUnits(separator, heap), from: start)
    }
    storeDense(result, UInt32(count), substring(string, start, string.length).value)
  }
}

/// The replacement text of a string-pattern replace: the replacer function's result,
/// or GetSubstitution of the template (no captures, so `$<` stays literal).
private struct StringReplacer {
  let runtime: Runtime
  let string: StringRef
  let searchString: StringRef
  let replaceValue: Value
  let functional: Bool
  /// The template's code units, and the subject's and match's (made on first `$`).
  private var templateUnits: [UInt16]? = nil
  private var stringUnits: [UInt16] = []
  private var matchedUnits: [UInt16] = []

  init(runtime: Runtime, string: StringRef, searchString: StringRef, replaceValue: Value, functional: Bool) {
    self.runtime = runtime
    self.string = string
    self.searchString = searchString
    self.replaceValue = replaceValue
    self.functional = functional
  }

  mutating func appendReplacement(at position: Int, to builder: inout StringBuilder) throws(JSException) {
    let heap = runtime.heap
    if functional {
      let result = try runtime.call(
        replaceValue, this: .undefined, arguments: [searchString.value, Value(position), string.value])
      builder.append(try runtime.toString(result), heap)
      return
    }
    let template = replaceValue.asString
    if templateUnits == nil {
      let units = CodeUnits(template, heap)
      var hasDollar = false
      for index in 0..<units.count where units[index] == 0x24 {
        hasDollar = true
        break
      }
      if !hasDollar {
        templateUnits = []
      } else {
        templateUnits = template.utf16Array(heap)
        stringUnits = string.utf16Array(heap)
        matchedUnits = searchString.utf16Array(heap)
      }
    }
    if templateUnits!.isEmpty {
      builder.append(template, heap)
      return
    }
    let expansion = getSubstitution(
      matched: matchedUnits, string: stringUnits, position: position, captures: [], template: templateUnits!,
      maximumLength: maximumStringLength)
    if expansion.count > maximumStringLength { throw runtime.throwRangeError("Invalid string length") }
    builder.append(expansion)
  }
}

/// WhiteSpace or LineTerminator (ES2024 12.2, 12.3), as TrimString removes them.
func isWhiteSpaceOrLineTerminator(_ unit: UInt16) -> Bool {
  switch unit {
  case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
    0x3000, 0xFEFF:
    return true
  default:
    return false
  }
}
