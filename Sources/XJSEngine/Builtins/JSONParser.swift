// The scanner and builder behind JSON.parse (ES2024 25.5.1 steps 2–9; the grammar of
// ECMA-404). It reads the string's own Latin-1 or UTF-16 storage, builds fresh objects
// and arrays directly (addProperty / storeDense: nothing else can see them yet), and
// nests with an explicit stack, so any depth parses without native recursion.
// Error messages and positions follow V8's.

struct JSONParser<Unit: UnsignedInteger & FixedWidthInteger> {
  let runtime: Runtime
  let text: UnsafeBufferPointer<Unit>
  /// The whole text, for error messages.
  let source: StringRef
  var position = 0
  /// Characters of a string with escapes.
  private var scratch: [UInt16] = []
  /// Recently used object keys by hash of their characters (atoms only).
  private var keyCache: [PropertyKey]
  private static var keyCacheSize: Int { 512 }
  /// Where each value came from, for the reviver's context argument (only when there is a reviver).
  let records: JSONSourceRecords?
  /// Recent shape transitions (shape, key) → child, so that objects with the same keys skip the
  /// runtime's transition lookup. A transition exists only for a key its parent lacks.
  private var transitions: [(parent: UInt, key: UInt64, child: UInt)]
  private static var transitionCacheSize: Int { 256 }
  /// The cached child shapes (rooted: a cache entry must never outlive its shapes).
  private let cachedShapes: RootedValues
  private let plainObjectShape: ShapeRef
  private let arrayShape: ShapeRef

  init(runtime: Runtime, text: UnsafeBufferPointer<Unit>, source: StringRef, records: JSONSourceRecords? = nil) {
    self.runtime = runtime
    self.text = text
    self.source = source
    self.records = records
    keyCache = Array(repeating: .none, count: JSONParser.keyCacheSize)
    transitions = Array(repeating: (0, 0, 0), count: JSONParser.transitionCacheSize)
    cachedShapes = RootedValues(runtime)
    plainObjectShape = runtime.realm.plainObjectShape
    arrayShape = runtime.realm.arrayShape
  }

  // MARK: Characters

  @inline(__always) private func unit(_ index: Int) -> UInt32 {
    index < text.count ? UInt32(text[index]) : 0xFFFF_FFFF
  }

  @inline(__always) private var current: UInt32 { unit(position) }

  @inline(__always) private mutating func skipWhitespace() {
    while position < text.count {
      switch text[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  @inline(__always) private static func isDigit(_ c: UInt32) -> Bool { c &- 0x30 < 10 }

  // MARK: Values

  /// The whole text as one JSON value (ES2024 25.5.1 steps 2–4).
  mutating func parse() throws(JSException) -> Value {
    // Open containers, two entries each: the object or array, and (objects) the pending key's bits.
    let stack = RootedValues(runtime)
    // Atoms created for keys (the key cache refers to them).
    let keys = RootedValues(runtime)
    var value: Value
    var valueCount = 0
    // With records: the record of each open container, and of the value just parsed.
    var openRecords: [Int32] = []
    var record: Int32 = -1
    skipWhitespace()
    parsing: while true {
      // A value starts here.
      let valueStart = position
      switch current {
      case 0x7B:  // {
        position += 1
        skipWhitespace()
        let object = runtime.allocateObject(.ordinary, shape: plainObjectShape)
        if current == 0x7D {
          position += 1
          value = object.value
        } else {
          if current != 0x22 { throw error("Expected property name or '}'", at: position) }
          if let records { openRecords.append(records.add(object.value, start: valueStart, end: valueStart)) }
          stack.append(object.value)
          stack.append(Value(bits: try parseKey(keys).bits))
          try expectColon(message: "Expected ':' after property name")
          continue parsing
        }
      case 0x5B:  // [
        position += 1
        skipWhitespace()
        let array = runtime.allocateObject(.array, shape: arrayShape)
        array.setInternalSlot(0, Value(Int32(0)))
        if current == 0x5D {
          position += 1
          value = array.value
        } else {
          if let records { openRecords.append(records.add(array.value, start: valueStart, end: valueStart)) }
          stack.append(array.value)
          stack.append(.undefined)
          continue parsing
        }
      case 0x22: value = try parseString().value
      case 0x2D, 0x30...0x39: value = try parseNumber()
      case 0x74: value = try parseLiteral("true", .true)
      case 0x66: value = try parseLiteral("false", .false)
      case 0x6E: value = try parseLiteral("null", .null)
      default: throw unexpected(at: position)
      }
      valueCount &+= 1
      if valueCount & 0xFFFF == 0 { try runtime.checkSafePoint() }
      if let records { record = records.add(value, start: valueStart, end: position) }
      // A value ended: store it in its container; close containers that end here.
      while stack.count > 0 {
        let container = stack[stack.count - 2].asObject
        skipWhitespace()
        if let records {
          records.attach(record, to: openRecords.last!, key: container.isArray ? nil : stack[stack.count - 1])
        }
        if container.isArray {
          runtime.storeDense(container, runtime.arrayLength(container), value)
          if current == 0x2C {
            position += 1
            skipWhitespace()
            continue parsing
          }
          if current != 0x5D { throw error("Expected ',' or ']' after array element", at: position) }
        } else {
          defineMember(container, PropertyKey(bits: stack[stack.count - 1].bits), value)
          if current == 0x2C {
            position += 1
            skipWhitespace()
            if current != 0x22 { throw error("Expected double-quoted property name", at: position) }
            stack[stack.count - 1] = Value(bits: try parseKey(keys).bits)
            try expectColon(message: nil)
            continue parsing
          }
          if current != 0x7D { throw error("Expected ',' or '}' after property value", at: position) }
        }
        position += 1
        value = container.value
        stack.values.removeLast(2)
        if records != nil { record = openRecords.removeLast() }
      }
      skipWhitespace()
      if position < text.count {
        throw runtime.syntaxError("Unexpected non-whitespace character after JSON at position \(position)")
      }
      records?.root = record
      return value
    }
  }

  /// CreateDataProperty on a fresh ordinary object: a later duplicate key replaces the value.
  private mutating func defineMember(_ object: ObjectRef, _ key: PropertyKey, _ value: Value) {
    if key.isIndex {
      runtime.addProperty(object, key, value, .default)
      return
    }
    let parent = object.shape
    let parentBits = UInt(bitPattern: parent.cell)
    let slot =
      Int(truncatingIfNeeded: (parentBits >> 4) ^ UInt(truncatingIfNeeded: key.bits >> 3))
      & (JSONParser.transitionCacheSize - 1)
    let cached = transitions[slot]
    if cached.parent == parentBits && cached.key == key.bits {
      // What addProperty does when the transition exists (a fresh object is no prototype).
      let child = ShapeRef(CellPointer(bitPattern: cached.child)!)
      runtime.ensureSlotCapacity(object, child.slotCount)
      object.setSlot(child.slotIndex, value)
      object.shape = child
      return
    }
    if let location = parent.lookup(key) {
      object.setSlot(location.slot, value)
      return
    }
    runtime.addProperty(object, key, value, .default)
    let child = object.shape
    if !child.isDictionary {
      transitions[slot] = (parentBits, key.bits, UInt(bitPattern: child.cell))
      cachedShapes.append(Value(bits: UInt64(UInt(bitPattern: child.cell))))
    }
  }

  private mutating func expectColon(message: String?) throws(JSException) {
    skipWhitespace()
    guard current == 0x3A else {
      if let message { throw error(message, at: position) }
      throw unexpected(at: position)
    }
    position += 1
    skipWhitespace()
  }

  private mutating func parseLiteral(_ word: StaticString, _ result: Value) throws(JSException) -> Value {
    let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for byte in bytes {
      if current != UInt32(byte) { throw unexpected(at: position) }
      position += 1
    }
    return result
  }

  // MARK: Numbers

  private mutating func parseNumber() throws(JSException) -> Value {
    let start = position
    var negative = false
    if current == 0x2D {
      negative = true
      position += 1
      if !JSONParser.isDigit(current) { throw error("No number after minus sign", at: position) }
    }
    var integer: Int64 = 0
    var digits = 0
    if current == 0x30 {
      position += 1
      if JSONParser.isDigit(current) { throw error("Unexpected number", at: position) }
    } else {
      while JSONParser.isDigit(current) {
        integer = integer &* 10 &+ Int64(current - 0x30)
        digits += 1
        position += 1
      }
    }
    var isInteger = true
    if current == 0x2E {
      isInteger = false
      position += 1
      if !JSONParser.isDigit(current) { throw error("Unterminated fractional number", at: position) }
      while JSONParser.isDigit(current) { position += 1 }
    }
    if current | 0x20 == 0x65 {
      isInteger = false
      position += 1
      if current == 0x2B || current == 0x2D { position += 1 }
      if !JSONParser.isDigit(current) { throw error("Exponent part is missing a number", at: position) }
      while JSONParser.isDigit(current) { position += 1 }
    }
    if isInteger && digits <= 15 {
      if integer == 0 && negative { return Value(-0.0) }
      return Value(number: Double(negative ? -integer : integer))
    }
    let slice = UnsafeBufferPointer(rebasing: text[start..<position])
    return Value(number: NumberParsing.stringToNumber(slice))
  }

  // MARK: Strings

  /// A string value starting at the opening quote.
  private mutating func parseString() throws(JSException) -> StringRef {
    position += 1
    let start = position
    while position < text.count {
      let c = text[position]
      if c == 0x22 {
        position += 1
        return makeString(UnsafeBufferPointer(rebasing: text[start..<position - 1]))
      }
      if c == 0x5C || c < 0x20 { break }
      position += 1
    }
    return try parseEscapedString(from: start)
  }

  private func makeString(_ units: UnsafeBufferPointer<Unit>) -> StringRef {
    if Unit.bitWidth == 8 {
      return runtime.newString(latin1: UnsafeRawBufferPointer(units).bindMemory(to: UInt8.self))
    }
    return runtime.newString(utf16: UnsafeRawBufferPointer(units).bindMemory(to: UInt16.self))
  }

  /// The rest of a string that has escapes (or an error in it), from its first character.
  private mutating func parseEscapedString(from start: Int) throws(JSException) -> StringRef {
    scratch.removeAll(keepingCapacity: true)
    for index in start..<position { scratch.append(UInt16(text[index])) }
    while true {
      guard position < text.count else { throw error("Unterminated string", at: position) }
      let c = UInt16(text[position])
      if c == 0x22 {
        position += 1
        return scratch.withUnsafeBufferPointer { runtime.newString(utf16: $0) }
      }
      if c < 0x20 { throw error("Bad control character in string literal", at: position) }
      position += 1
      if c != 0x5C {
        scratch.append(c)
        continue
      }
      scratch.append(try parseEscape())
    }
  }

  /// The code unit of the escape after a backslash.
  private mutating func parseEscape() throws(JSException) -> UInt16 {
    guard position < text.count else { throw unexpected(at: position) }
    let c = text[position]
    position += 1
    switch c {
    case 0x22, 0x5C, 0x2F: return UInt16(c)
    case 0x62: return 0x08  // b
    case 0x66: return 0x0C  // f
    case 0x6E: return 0x0A  // n
    case 0x72: return 0x0D  // r
    case 0x74: return 0x09  // t
    case 0x75:  // u
      var result: UInt16 = 0
      for _ in 0..<4 {
        guard let digit = JSONParser.hexValue(current) else { throw error("Bad Unicode escape", at: position) }
        result = result << 4 | digit
        position += 1
      }
      return result
    default:
      throw error("Bad escaped character", at: position - 1)
    }
  }

  private static func hexValue(_ c: UInt32) -> UInt16? {
    switch c {
    case 0x30...0x39: return UInt16(c - 0x30)
    case 0x41...0x46: return UInt16(c - 0x41 + 10)
    case 0x61...0x66: return UInt16(c - 0x61 + 10)
    default: return nil
    }
  }

  // MARK: Keys

  /// An object key at the opening quote, through the key cache when it has no escapes.
  private mutating func parseKey(_ keepAlive: RootedValues) throws(JSException) -> PropertyKey {
    let start = position + 1
    var end = start
    var hash: UInt32 = 2_166_136_261  // FNV-1a, as StringRef.hash
    while end < text.count {
      let c = text[end]
      if c == 0x22 || c == 0x5C || c < 0x20 { break }
      hash = (hash ^ UInt32(c)) &* 16_777_619
      end += 1
    }
    guard end < text.count, text[end] == 0x22 else {
      return runtime.propertyKey(for: try parseString())
    }
    let units = UnsafeBufferPointer(rebasing: text[start..<end])
    let slot = Int(hash) & (JSONParser.keyCacheSize - 1)
    let cached = keyCache[slot]
    if cached != .none && JSONParser.atom(cached.atom, matches: units) {
      position = end + 1
      return cached
    }
    position = end + 1
    let string = makeString(units)
    let key = runtime.propertyKey(for: string)
    if !key.isIndex {
      keyCache[slot] = key
      keepAlive.append(key.atom.value)
    }
    return key
  }

  private static func atom(_ atom: StringRef, matches units: UnsafeBufferPointer<Unit>) -> Bool {
    let count = units.count
    if atom.length != count { return false }
    if atom.isLatin1 {
      let characters = atom.latin1Characters
      for index in 0..<count where UInt32(characters[index]) != UInt32(units[index]) { return false }
    } else {
      let characters = atom.utf16Characters
      for index in 0..<count where UInt32(characters[index]) != UInt32(units[index]) { return false }
    }
    return true
  }

  // MARK: Errors (V8's messages)

  private func error(_ message: String, at position: Int) -> JSException {
    runtime.syntaxError("\(message) in JSON at position \(position)")
  }

  /// An unexpected character (or the end) where a token was expected.
  private func unexpected(at position: Int) -> JSException {
    guard position < text.count else { return runtime.syntaxError("Unexpected end of JSON input") }
    let c = UInt32(text[position])
    if c == 0x2D || JSONParser.isDigit(c) { return error("Unexpected number", at: position) }
    if c == 0x22 { return error("Unexpected string", at: position) }
    let whole = source.swiftString(runtime.heap)
    if ["[object Object]", "undefined", "Infinity", "NaN"].contains(whole) {
      return runtime.syntaxError("\"\(whole)\" is not valid JSON")
    }
    let token = String(decoding: [UInt16(truncatingIfNeeded: c)], as: UTF16.self)
    return runtime.syntaxError("Unexpected token '\(token)', \(context(around: position)) is not valid JSON")
  }

  /// The source in quotes, or ten characters either side of `position` when it is long.
  private func context(around position: Int) -> String {
    let count = text.count
    let maximumContext = 10
    if count < maximumContext * 2 + 1 { return "\"" + characters(0, count) + "\"" }
    let start = max(0, position - maximumContext)
    let end = min(count, position + maximumContext)
    return (start > 0 ? "..." : "") + "\"" + characters(start, end) + "\"" + (end < count ? "..." : "")
  }

  private func characters(_ start: Int, _ end: Int) -> String {
    String(decoding: text[start..<end].map { UInt16(truncatingIfNeeded: $0) }, as: UTF16.self)
  }
}

/// JSON Parse Records (the json-parse-with-source proposal): each parsed value, the source
/// text of each primitive, and the records of each array's elements and object's members.
final class JSONSourceRecords {
  struct Record {
    var start: Int
    var end: Int
    var elements: [Int32] = []
    /// Member key bits → record (a repeated key keeps its last value's record).
    var entries: [UInt64: Int32] = [:]
  }

  private(set) var records: [Record] = []
  /// The value of each record, by record index (rooted: records are compared by identity).
  let values: RootedValues
  /// Keys of members (rooted for the same reason).
  private let keys: RootedValues
  /// The record of the whole text.
  var root: Int32 = -1

  init(runtime: Runtime) {
    values = RootedValues(runtime)
    keys = RootedValues(runtime)
  }

  func add(_ value: Value, start: Int, end: Int) -> Int32 {
    records.append(Record(start: start, end: end))
    values.append(value)
    return Int32(records.count - 1)
  }

  /// Adds `child` as the next element (no key) or as the member `key` (key bits) of `parent`.
  func attach(_ child: Int32, to parent: Int32, key: Value?) {
    if let key {
      keys.append(key)
      records[Int(parent)].entries[key.bits] = child
    } else {
      records[Int(parent)].elements.append(child)
    }
  }

  subscript(_ index: Int32) -> Record { records[Int(index)] }
}
