#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The String constructor and its static methods (ES2024 22.1.1–22.1.2), and the
// string helpers the prototype methods share (code-unit views, a builder, search).

extension Realm {
  func installString(_ runtime: Runtime) {
    // %String.prototype% is itself a String object whose value is "" (22.1.3).
    let prototype = runtime.newObject(.stringObject, prototype: self[.objectPrototype])
    prototype.setInternalSlot(0, runtime.emptyString.value)
    self[.stringPrototype] = prototype.value
    let constructor = makeConstructor("String", length: 1, prototype: prototype) {
      runtime, arguments throws(JSException) in
      try runtime.stringConstructor(arguments)
    }
    self[.stringConstructor] = constructor.value
    installStringStatics(runtime, constructor)
    deferProperties(of: prototype, to: .stringPrototype)
    installStringIterator(runtime)
  }

  private func installStringStatics(_ runtime: Runtime, _ constructor: ObjectRef) {
    runtime.defineNativeMethod(constructor, "fromCharCode", length: 1) { runtime, arguments throws(JSException) in
      try runtime.stringFromCharCode(arguments)
    }
    runtime.defineNativeMethod(constructor, "fromCodePoint", length: 1) { runtime, arguments throws(JSException) in
      try runtime.stringFromCodePoint(arguments)
    }
    runtime.defineNativeMethod(constructor, "raw", length: 1) { runtime, arguments throws(JSException) in
      try runtime.stringRaw(arguments)
    }
  }
}

extension Runtime {
  /// String ( value ) (ES2024 22.1.1.1)
  fileprivate func stringConstructor(_ arguments: NativeArguments) throws(JSException) -> Value {
    let string: StringRef
    if arguments.count == 0 {
      string = emptyString
    } else if arguments.newTarget.isUndefined && arguments[0].isSymbol {
      return try symbolDescriptiveJSString(arguments[0].asSymbol).value
    } else {
      string = try toString(arguments[0])
    }
    if arguments.newTarget.isUndefined { return string.value }
    // StringCreate with the prototype from new.target (subclassing works).
    let object = try ordinaryCreateFromConstructor(
      arguments.newTarget, fallback: .stringPrototype, objectClass: .stringObject)
    object.setInternalSlot(0, string.value)
    return object.value
  }

  /// String.fromCharCode ( ...codeUnits ) (22.1.2.1)
  fileprivate func stringFromCharCode(_ arguments: NativeArguments) throws(JSException) -> Value {
    if arguments.count == 1 {
      return singleCodeUnitString(UInt16(truncatingIfNeeded: try toUint32(arguments[0]))).value
    }
    var builder = StringBuilder(self)
    for index in 0..<arguments.count {
      builder.append(UInt16(truncatingIfNeeded: try toUint32(arguments[index])))
    }
    return try builder.finish(self).value
  }

  /// String.fromCodePoint ( ...codePoints ) (22.1.2.2)
  fileprivate func stringFromCodePoint(_ arguments: NativeArguments) throws(JSException) -> Value {
    var builder = StringBuilder(self)
    for index in 0..<arguments.count {
      let next = arguments[index]
      let number = try toNumber(next)
      guard number == number.rounded(.towardZero), number >= 0, number <= 0x10FFFF else {
        throw rangeError("Invalid code point \(describeForError(next.isNumber ? next : Value(number: number)))")
      }
      builder.appendCodePoint(UInt32(number))
    }
    return try builder.finish(self).value
  }

  /// String.raw ( template, ...substitutions ) (22.1.2.4)
  fileprivate func stringRaw(_ arguments: NativeArguments) throws(JSException) -> Value {
    let substitutionCount = max(arguments.count - 1, 0)
    let cooked = try toObject(arguments[0])
    let literals = try toObject(get(cooked, names.raw))
    let literalCount = try lengthOfArrayLike(literals)
    if literalCount <= 0 { return emptyString.value }
    var builder = StringBuilder(self)
    var nextIndex = 0
    while true {
      if nextIndex & 0xFFF == 0xFFF { try checkSafePoint() }
      let nextLiteral = try toString(get(literals, propertyKey(forIndex: nextIndex)))
      builder.append(nextLiteral, heap)
      if nextIndex + 1 == literalCount { break }
      if nextIndex < substitutionCount {
        builder.append(try toString(arguments[nextIndex + 1]), heap)
      }
      if builder.overflowed { break }
      nextIndex += 1
    }
    return try builder.finish(self).value
  }
}

// MARK: - Code-unit views

/// The code units of a flat string, read in place. The view stays valid while
/// the string cell is alive (cells and flat buffers never move), so keep the
/// `StringRef` in a local for as long as the view is used.
struct CodeUnits {
  let latin1: UnsafePointer<UInt8>?
  let utf16: UnsafePointer<UInt16>?
  let count: Int

  init(_ string: StringRef, _ heap: Heap) {
    string.flattened(heap)
    count = string.length
    if string.isLatin1 {
      latin1 = UnsafePointer(string.latin1Characters)
      utf16 = nil
    } else {
      latin1 = nil
      utf16 = UnsafePointer(string.utf16Characters)
    }
  }

  var isLatin1: Bool { latin1 != nil }

  @inline(__always) subscript(index: Int) -> UInt16 {
    if let latin1 { return UInt16(latin1[index]) }
    return utf16.unsafelyUnwrapped[index]
  }

  /// The code point at `index` and its length in code units (CodePointAt, ES2024 11.1.4);
  /// a lone surrogate is returned as itself.
  func codePoint(at index: Int) -> (UInt32, Int) {
    let first = self[index]
    if first < 0xD800 || first > 0xDBFF || index + 1 == count { return (UInt32(first), 1) }
    let second = self[index + 1]
    if second < 0xDC00 || second > 0xDFFF { return (UInt32(first), 1) }
    return ((UInt32(first) - 0xD800) << 10 + (UInt32(second) - 0xDC00) + 0x10000, 2)
  }
}

@inline(__always) func isLeadingSurrogate(_ unit: UInt16) -> Bool { unit & 0xFC00 == 0xD800 }
@inline(__always) func isTrailingSurrogate(_ unit: UInt16) -> Bool { unit & 0xFC00 == 0xDC00 }

// MARK: - Building strings

/// Builds a string in Swift memory (no GC allocation until `finish`), staying
/// Latin-1 until a wider code unit arrives. Appends past the maximum string length,
/// or past the heap limit, are dropped and remembered; `finish` then throws RangeError.
struct StringBuilder {
  enum Failure {
    case tooLong
    case outOfMemory
  }

  private let heap: Heap
  private var narrow: [UInt8] = []
  private var wide: [UInt16]? = nil
  private(set) var failure: Failure? = nil
  /// The length past which the heap limit is consulted again (doubling, from 1 MB).
  private var nextLimitCheck = 1 << 20

  init(_ runtime: Runtime, capacity: Int = 0) {
    heap = runtime.heap
    if capacity > 0 { narrow.reserveCapacity(min(capacity, maximumStringLength)) }
  }

  var count: Int { wide?.count ?? narrow.count }
  var overflowed: Bool { failure != nil }

  @inline(__always) private mutating func hasRoom(_ extra: Int) -> Bool {
    if failure != nil { return false }
    let needed = count + extra
    if needed > maximumStringLength {
      failure = .tooLong
      return false
    }
    if needed > nextLimitCheck {
      if !heap.checkLimit(forAdditional: needed * (wide == nil ? 1 : 2)) {
        failure = .outOfMemory
        return false
      }
      nextLimitCheck = needed * 2
    }
    return true
  }

  private mutating func widen() {
    var units = [UInt16]()
    units.reserveCapacity(Swift.max(narrow.count * 2, 16))
    for byte in narrow { units.append(UInt16(byte)) }
    narrow = []
    wide = units
  }

  mutating func append(_ unit: UInt16) {
    guard hasRoom(1) else { return }
    if wide != nil {
      wide!.append(unit)
    } else if unit <= 0xFF {
      narrow.append(UInt8(unit))
    } else {
      widen()
      wide!.append(unit)
    }
  }

  mutating func appendCodePoint(_ codePoint: UInt32) {
    if codePoint < 0x10000 {
      append(UInt16(codePoint))
    } else {
      let offset = codePoint - 0x10000
      append(UInt16(0xD800 + (offset >> 10)))
      append(UInt16(0xDC00 + (offset & 0x3FF)))
    }
  }

  mutating func append(latin1 bytes: UnsafeBufferPointer<UInt8>) {
    guard hasRoom(bytes.count) else { return }
    if wide != nil {
      for byte in bytes { wide!.append(UInt16(byte)) }
    } else {
      narrow.append(contentsOf: bytes)
    }
  }

  mutating func append(utf16 units: UnsafeBufferPointer<UInt16>) {
    guard hasRoom(units.count) else { return }
    if wide == nil {
      var allNarrow = true
      for unit in units where unit > 0xFF {
        allNarrow = false
        break
      }
      if allNarrow {
        for unit in units { narrow.append(UInt8(unit)) }
        return
      }
      widen()
    }
    wide!.append(contentsOf: units)
  }

  mutating func append(_ units: CodeUnits, from start: Int, to end: Int) {
    guard end > start else { return }
    if let latin1 = units.latin1 {
      append(latin1: UnsafeBufferPointer(start: latin1 + start, count: end - start))
    } else {
      append(utf16: UnsafeBufferPointer(start: units.utf16.unsafelyUnwrapped + start, count: end - start))
    }
  }

  mutating func append(_ string: StringRef, _ heap: Heap) {
    let units = CodeUnits(string, heap)
    append(units, from: 0, to: units.count)
  }

  mutating func append(_ string: StringRef, _ heap: Heap, from start: Int, to end: Int) {
    append(CodeUnits(string, heap), from: start, to: end)
  }

  mutating func append(ascii text: String) {
    var text = text
    text.withUTF8 { append(latin1: $0) }
  }

  mutating func append(_ units: [UInt16]) {
    units.withUnsafeBufferPointer { append(utf16: $0) }
  }

  /// The built string; RangeError if it grew too long or past the heap limit.
  func finish(_ runtime: Runtime) throws(JSException) -> StringRef {
    switch failure {
    case .tooLong: throw runtime.rangeError("Invalid string length")
    case .outOfMemory: throw runtime.outOfMemoryError()
    case nil: break
    }
    if let wide { return wide.withUnsafeBufferPointer { runtime.newString(utf16: $0) } }
    return narrow.withUnsafeBufferPointer { runtime.newString(latin1: $0) }
  }
}

extension Runtime {
  /// The RangeError for a string that would not fit under the heap limit.
  func outOfMemoryError() -> JSException {
    heap.limitRefusals &+= 1
    return rangeError("Out of memory: the heap limit (\(heap.maximumBytes) bytes) was reached")
  }

  /// A flat string of `length` code units to be filled in, after checking a large one
  /// against the heap limit.
  func allocateCheckedFlatString(length: Int, latin1: Bool) throws(JSException) -> StringRef {
    let bytes = length * (latin1 ? 1 : 2)
    if bytes > 1 << 20 && !heap.checkLimit(forAdditional: bytes) { throw outOfMemoryError() }
    return allocateFlatString(length: length, latin1: latin1)
  }
}

// MARK: - Searching
//
// A first-unit scan with memcmp (memchr for Latin-1) handles ordinary input; when the
// candidate comparisons cost more than a few passes over the haystack (adversarial
// input such as "aaa…ab" in "aaa…a"), the search switches to Knuth–Morris–Pratt, so
// it stays linear.

extension CodeUnits {
  /// StringIndexOf (ES2024 6.1.4.1): the first index ≥ `from` where `needle` occurs, or -1.
  func indexOf(_ needle: CodeUnits, from: Int) -> Int {
    let needleCount = needle.count
    if needleCount == 0 { return from <= count ? from : -1 }
    if from + needleCount > count { return -1 }
    let first = needle[0]
    if let latin1, needle.isLatin1 { return latin1IndexOf(latin1, needle, from: from) }
    if isLatin1 && first > 0xFF { return -1 }
    var budget = (count - from) * 4 + 256
    var index = from
    let last = count - needleCount
    while index <= last {
      if self[index] == first {
        if matches(needle, at: index) { return index }
        budget -= needleCount
        if budget < 0 { return kmpSearch(needle, from: index + 1, reverse: false) }
      }
      index += 1
    }
    return -1
  }

  private func latin1IndexOf(_ haystack: UnsafePointer<UInt8>, _ needle: CodeUnits, from: Int) -> Int {
    let needleCount = needle.count
    let first = Int32(needle.latin1.unsafelyUnwrapped[0])
    let last = count - needleCount
    var budget = (count - from) * 4 + 256
    var index = from
    while index <= last {
      guard let found = memchr(haystack + index, first, last - index + 1) else { return -1 }
      index = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - haystack
      if matches(needle, at: index) { return index }
      budget -= needleCount
      if budget < 0 { return kmpSearch(needle, from: index + 1, reverse: false) }
      index += 1
    }
    return -1
  }

  /// The last index ≤ `from` where `needle` occurs, or -1.
  func lastIndexOf(_ needle: CodeUnits, from: Int) -> Int {
    let start = Swift.min(from, count - needle.count)
    if start < 0 { return -1 }
    if needle.count == 0 { return start }
    var budget = start * 4 + 256
    var index = start
    while index >= 0 {
      if self[index] == needle[0] {
        if matches(needle, at: index) { return index }
        budget -= needle.count
        if budget < 0 { return kmpSearch(needle, from: index - 1, reverse: true) }
      }
      index -= 1
    }
    return -1
  }

  /// Whether `needle` occurs at `index` (which must leave room for it).
  func matches(_ needle: CodeUnits, at index: Int) -> Bool {
    let needleCount = needle.count
    if let latin1, let other = needle.latin1 {
      return memcmp(latin1 + index, other, needleCount) == 0
    }
    if let utf16, let other = needle.utf16 {
      return memcmp(utf16 + index, other, needleCount * 2) == 0
    }
    for offset in 0..<needleCount where self[index + offset] != needle[offset] { return false }
    return true
  }

  /// Knuth–Morris–Pratt: the first match starting at or after `from` (or, with `reverse`,
  /// the last one starting at or before `from`), in time linear in both lengths.
  private func kmpSearch(_ needle: CodeUnits, from: Int, reverse: Bool) -> Int {
    let needleCount = needle.count
    // The needle read forwards, or backwards for a reverse search.
    func pattern(_ index: Int) -> UInt16 { reverse ? needle[needleCount - 1 - index] : needle[index] }
    var failure = [Int](repeating: 0, count: needleCount)
    var length = 0
    for index in 1..<Swift.max(needleCount, 1) {
      while length > 0 && pattern(index) != pattern(length) { length = failure[length - 1] }
      if pattern(index) == pattern(length) { length += 1 }
      failure[index] = length
    }
    var matched = 0
    var position = reverse ? Swift.min(from, count - needleCount) + needleCount - 1 : from
    while reverse ? position >= 0 : position < count {
      let unit = self[position]
      while matched > 0 && unit != pattern(matched) { matched = failure[matched - 1] }
      if unit == pattern(matched) { matched += 1 }
      if matched == needleCount { return reverse ? position : position - needleCount + 1 }
      position += reverse ? -1 : 1
    }
    return -1
  }
}
