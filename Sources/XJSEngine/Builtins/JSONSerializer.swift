import XJSSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// JSON.stringify's serialization (ES2024 25.5.2.2–25.5.2.6) into one output buffer
// (Latin-1 until the first wider character, then UTF-16), never by concatenating
// strings. Nesting recurses on the native stack, bounded by a stack-address check
// that throws RangeError("Maximum call stack size exceeded") in good time.

/// The growing text of JSON.stringify (malloc'd, so that growing a large buffer is a realloc,
/// which can move pages instead of copying them).
struct JSONTextBuffer: ~Copyable {
  private var bytes: UnsafeMutablePointer<UInt8>
  private var wide: UnsafeMutablePointer<UInt16>?
  private(set) var count = 0
  private var capacity: Int
  private unowned(unsafe) let runtime: Runtime

  init(runtime: Runtime) {
    self.runtime = runtime
    capacity = 256
    bytes = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
  }

  deinit {
    if let wide { free(wide) } else { free(bytes) }
  }

  /// Makes room for `extra` more code units (RangeError past the longest string).
  @inline(__always) mutating func reserve(_ extra: Int) throws(JSException) {
    if _slowPath(count + extra > capacity) { try grow(count + extra) }
  }

  private mutating func grow(_ needed: Int) throws(JSException) {
    if needed > maximumStringLength { throw runtime.rangeError("Invalid string length") }
    let newCapacity = min(max(needed, capacity * 2), maximumStringLength)
    let unitSize = wide == nil ? 1 : 2
    if newCapacity * unitSize > 1 << 20, !runtime.heap.checkLimit(forAdditional: newCapacity * unitSize) {
      throw runtime.rangeError("Out of memory: the heap limit (\(runtime.heap.maximumBytes) bytes) was reached")
    }
    if let wide {
      self.wide = realloc(wide, newCapacity * 2)!.assumingMemoryBound(to: UInt16.self)
    } else {
      bytes = realloc(bytes, newCapacity)!.assumingMemoryBound(to: UInt8.self)
    }
    capacity = newCapacity
  }

  /// Switches to UTF-16 storage (the first code unit above 0xFF is coming).
  private mutating func widen() {
    let grown = malloc(capacity * 2)!.assumingMemoryBound(to: UInt16.self)
    for index in 0..<count { grown[index] = UInt16(bytes[index]) }
    free(bytes)
    wide = grown
  }

  /// Appends one code unit; room must have been reserved.
  @inline(__always) mutating func append(_ unit: UInt16) {
    if let wide {
      wide[count] = unit
    } else if unit <= 0xFF {
      bytes[count] = UInt8(truncatingIfNeeded: unit)
    } else {
      widen()
      wide![count] = unit
    }
    count += 1
  }

  mutating func append(ascii text: StaticString) throws(JSException) {
    try reserve(text.utf8CodeUnitCount)
    let start = text.utf8Start
    for index in 0..<text.utf8CodeUnitCount { append(UInt16(start[index])) }
  }

  /// Appends Latin-1 characters.
  mutating func append(latin1 characters: UnsafePointer<UInt8>, count length: Int) throws(JSException) {
    try reserve(length)
    if let wide {
      for index in 0..<length { wide[count + index] = UInt16(characters[index]) }
    } else {
      (bytes + count).update(from: characters, count: length)
    }
    count += length
  }

  mutating func append(units: UnsafeBufferPointer<UInt16>) throws(JSException) {
    try reserve(units.count)
    for unit in units { append(unit) }
  }

  /// Drops everything after the first `newCount` code units.
  mutating func truncate(to newCount: Int) { count = newCount }

  /// The text as a string.
  func makeString() -> StringRef {
    if let wide { return runtime.newString(utf16: UnsafeBufferPointer(start: wide, count: count)) }
    return runtime.newString(latin1: UnsafeBufferPointer(start: bytes, count: count))
  }
}

/// A key as SerializeJSONProperty receives it: made a string only when a function needs it.
enum JSONKey {
  case index(Int)
  case property(PropertyKey)
  case string(Value)
}

/// The state of one JSON.stringify call (ES2024 25.5.2.1 JSON Serialization Record). A struct
/// with mutating methods: a class's stored properties would pay a dynamic exclusivity check
/// on every access.
struct JSONSerializer: ~Copyable {
  let runtime: Runtime
  var output: JSONTextBuffer
  /// [[ReplacerFunction]], or undefined.
  let replacer: Value
  /// [[PropertyList]] as key bits, when the replacer was an array.
  let propertyList: RootedValues?
  /// [[Gap]]
  let gap: [UInt16]
  /// A newline and the gap repeated, when the gap is Latin-1: indentation is a prefix of it.
  private var indentation: [UInt8] = []
  private let gapIsLatin1: Bool
  /// [[Stack]]: the objects being serialized, outermost first (rooted).
  private let stack: RootedValues
  /// The key under which each stacked object was reached (for the circular-structure message).
  private var stackKeys: [JSONKey] = []
  /// Key snapshots of the objects being serialized, as key bits. Keys read from an object's shape stay
  /// alive with that shape (held by serializeObject); keys from elsewhere are also put in `rootedKeys`.
  private var snapshotKeys: [UInt64] = []
  /// Beside each snapshot key: its data slot in the object's shape at snapshot time, or -1.
  private var snapshotSlots: [Int32] = []
  private let rootedKeys: RootedValues
  /// Shapes (not dictionaries) seen with no `toJSON` on their whole prototype chain, while
  /// the runtime's prototype epoch is `toJSONEpoch`.
  private var shapesWithoutToJSON: (UInt, UInt) = (0, 0)
  private var toJSONEpoch: UInt32 = 0
  /// Objects and arrays serialized so far (a safe point every few thousand: time limits, interrupts).
  private var containersEntered = 0
  /// Below this native stack address, nesting throws RangeError (computed when nesting gets deep).
  private let toJSONKey: PropertyKey

  init(runtime: Runtime, replacer: Value, propertyList: RootedValues?, gap: [UInt16]) {
    self.runtime = runtime
    self.replacer = replacer
    self.propertyList = propertyList
    self.gap = gap
    gapIsLatin1 = gap.allSatisfy { $0 <= 0xFF }
    output = JSONTextBuffer(runtime: runtime)
    toJSONKey = runtime.names.toJSON
    stack = RootedValues(runtime)
    rootedKeys = RootedValues(runtime)
  }

  // MARK: SerializeJSONProperty (ES2024 25.5.2.2)

  /// Steps 2–4 and the type tests of 5–12: the value to write, or nil when the property
  /// serializes to undefined (undefined, symbols, functions).
  mutating func prepare(_ value: Value, holder: Value, key: JSONKey) throws(JSException) -> Value? {
    var value = value
    if value.isObject || value.isBigInt {
      let toJSON = value.isObject ? try toJSONMethod(value.asObject) : try runtime.getV(value, toJSONKey)
      if toJSON.isCallable { value = try runtime.call(toJSON, this: value, arguments: [keyValue(key)]) }
    }
    if !replacer.isUndefined {
      value = try runtime.call(replacer, this: holder, arguments: [keyValue(key), value])
    }
    if value.isObject {
      let object = value.asObject
      switch object.objectClass {
      case .numberObject: value = Value(number: try runtime.toNumber(value))
      case .stringObject: value = try runtime.toString(value).value
      case .booleanObject, .bigIntObject: value = object.internalSlot(0)
      default: if object.isCallable { return nil }
      }
    }
    if value.isUndefined || value.isSymbol { return nil }
    return value
  }

  /// GetV(object, "toJSON"), answered from a memo of shapes known to lack it when no prototype
  /// changed since; the walk itself runs no code (anything that could falls back to [[Get]]).
  private mutating func toJSONMethod(_ object: ObjectRef) throws(JSException) -> Value {
    let shape = UInt(bitPattern: object.shape.cell)
    let epoch = runtime.prototypeEpoch
    if epoch == toJSONEpoch && (shape == shapesWithoutToJSON.0 || shape == shapesWithoutToJSON.1) {
      return .undefined
    }
    var current = object
    while true {
      switch runtime.lookupOwn(current, toJSONKey) {
      case .absent:
        let prototype = current.prototype
        if prototype.isObject {
          current = prototype.asObject
          continue
        }
        if !object.shape.isDictionary {
          if epoch != toJSONEpoch { shapesWithoutToJSON = (0, 0) }
          toJSONEpoch = epoch
          shapesWithoutToJSON = (shape, shapesWithoutToJSON.0)
        }
        return .undefined
      case .data(let method, _, _):
        return method
      case .accessor, .exotic:
        return try runtime.get(current, toJSONKey, receiver: object.value)
      }
    }
  }

  private func keyValue(_ key: JSONKey) -> Value {
    switch key {
    case .index(let index): return runtime.numberToString(Double(index)).value
    case .property(let key): return runtime.keyValue(key)
    case .string(let value): return value
    }
  }

  /// Steps 5–12 for a prepared value.
  mutating func write(_ value: Value, key: JSONKey) throws(JSException) {
    if value.isString { return try writeQuoted(value.asString) }
    if value.isInt32 { return try writeInteger(value.asInt32) }
    if value.isNumber { return try writeNumber(value.asDouble) }
    if value.isNull { return try output.append(ascii: "null") }
    if value.isBoolean { return value.asBool ? try output.append(ascii: "true") : try output.append(ascii: "false") }
    if value.isBigInt { throw runtime.typeError("Do not know how to serialize a BigInt") }
    if value.asObject.objectClass == .rawJSON {
      // json-parse-with-source: the text as it is (the object is frozen, the property a string).
      let text = try runtime.get(value.asObject, runtime.propertyKey("rawJSON"))
      let string = try runtime.toString(text).flattened(runtime.heap)
      if string.isLatin1 { return try output.append(latin1: string.latin1Characters, count: string.length) }
      return try output.append(units: UnsafeBufferPointer(start: string.utf16Characters, count: string.length))
    }
    if try runtime.isArray(value) {
      try serializeArray(value.asObject, key: key)
    } else {
      try serializeObject(value.asObject, key: key)
    }
  }

  private mutating func writeInteger(_ int: Int32) throws(JSException) {
    try output.reserve(11)
    var magnitude = UInt32(int.magnitude)
    if int < 0 { output.append(0x2D) }
    var digits: (UInt64, UInt64) = (0, 0)
    let count = withUnsafeMutableBytes(of: &digits) { raw -> Int in
      var position = 16
      repeat {
        position -= 1
        raw[position] = UInt8(48 + magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      return 16 - position
    }
    withUnsafeBytes(of: &digits) { raw in
      for index in (16 - count)..<16 { output.append(UInt16(raw[index])) }
    }
  }

  private mutating func writeNumber(_ number: Double) throws(JSException) {
    guard number.isFinite else { return try output.append(ascii: "null") }
    var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    try withUnsafeMutableBytes(of: &buffer) { raw throws(JSException) in
      let characters = raw.bindMemory(to: UInt8.self).baseAddress!
      let count = NumberFormatting.writeShortest(number, to: characters)
      try output.append(latin1: characters, count: count)
    }
  }

  // MARK: QuoteJSONString (ES2024 25.5.2.3)

  /// Control characters, the quote and the backslash are escaped.
  @inline(__always) private static func needsEscape(_ unit: UInt8) -> Bool {
    unit < 0x20 || unit == 0x22 || unit == 0x5C
  }

  mutating func writeQuoted(_ string: StringRef) throws(JSException) {
    string.flattened(runtime.heap)
    let length = string.length
    try output.reserve(length + 2)
    output.append(0x22)
    if string.isLatin1 {
      let characters = string.latin1Characters
      var runStart = 0
      for index in 0..<length where JSONSerializer.needsEscape(characters[index]) {
        try output.append(latin1: characters + runStart, count: index - runStart)
        try writeEscape(UInt16(characters[index]))
        runStart = index + 1
      }
      try output.append(latin1: characters + runStart, count: length - runStart)
    } else {
      try writeQuotedUTF16(string.utf16Characters, length)
    }
    try output.reserve(1)
    output.append(0x22)
  }

  private mutating func writeQuotedUTF16(_ characters: UnsafeMutablePointer<UInt16>, _ length: Int) throws(JSException)
  {
    var index = 0
    while index < length {
      let unit = characters[index]
      if unit < 0x20 || unit == 0x22 || unit == 0x5C {
        try writeEscape(unit)
      } else if unit & 0xF800 == 0xD800 {
        // Well-formed JSON.stringify: a surrogate pair stays, a lone surrogate is escaped.
        if unit <= 0xDBFF && index + 1 < length && characters[index + 1] & 0xFC00 == 0xDC00 {
          try output.reserve(2)
          output.append(unit)
          output.append(characters[index + 1])
          index += 1
        } else {
          try writeUnicodeEscape(unit)
        }
      } else {
        try output.reserve(1)
        output.append(unit)
      }
      index += 1
    }
  }

  private mutating func writeEscape(_ unit: UInt16) throws(JSException) {
    let short: UInt16
    switch unit {
    case 0x08: short = 0x62  // b
    case 0x09: short = 0x74  // t
    case 0x0A: short = 0x6E  // n
    case 0x0C: short = 0x66  // f
    case 0x0D: short = 0x72  // r
    case 0x22, 0x5C: short = unit
    default: return try writeUnicodeEscape(unit)
    }
    try output.reserve(2)
    output.append(0x5C)
    output.append(short)
  }

  /// UnicodeEscape: \u and four lowercase hex digits.
  private mutating func writeUnicodeEscape(_ unit: UInt16) throws(JSException) {
    try output.reserve(6)
    output.append(0x5C)
    output.append(0x75)
    for shift in stride(from: 12, through: 0, by: -4) {
      let digit = (unit >> UInt16(shift)) & 0xF
      output.append(digit < 10 ? 0x30 + digit : 0x61 + digit - 10)
    }
  }

  // MARK: Objects and arrays (ES2024 25.5.2.5–6)

  /// Checks for cycles and nesting depth, and pushes `object` on [[Stack]].
  private mutating func enter(_ object: ObjectRef, key: JSONKey) throws(JSException) {
    if stack.count > 64 { try checkNativeStack() }
    containersEntered &+= 1
    if containersEntered & 0xFFF == 0 { try runtime.checkSafePoint() }
    for index in 0..<stack.count where stack[index] == object.value {
      throw runtime.typeError(circularMessage(from: index, closingKey: key))
    }
    stack.append(object.value)
    stackKeys.append(key)
  }

  private mutating func leave() {
    stack.values.removeLast()
    stackKeys.removeLast()
  }

  private mutating func checkNativeStack() throws(JSException) {
    // NativeStack leaves 256 KB of the thread's stack for what runs after (and inside) us.
    if NativeStack.currentAddress() < NativeStack.limit() || stack.count > 1_000_000 {
      throw runtime.rangeError("Maximum call stack size exceeded")
    }
    try runtime.checkSafePoint()
  }

  /// Writes a newline and the indentation of `depth` levels (when there is a gap).
  private mutating func writeIndentation(_ depth: Int) throws(JSException) {
    let length = 1 + gap.count * depth
    guard gapIsLatin1 else {
      try output.reserve(length)
      output.append(0x0A)
      for _ in 0..<depth { for unit in gap { output.append(unit) } }
      return
    }
    if indentation.count < length {
      if indentation.isEmpty { indentation.append(0x0A) }
      while indentation.count < length { for unit in gap { indentation.append(UInt8(unit)) } }
    }
    let text = indentation
    try text.withUnsafeBufferPointer { bytes throws(JSException) in
      try output.append(latin1: bytes.baseAddress!, count: length)
    }
  }

  private mutating func serializeArray(_ array: ObjectRef, key: JSONKey) throws(JSException) {
    try enter(array, key: key)
    let depth = stack.count
    let length = try runtime.lengthOfArrayLike(array)
    try output.append(ascii: "[")
    for index in 0..<length {
      if index > 0 { try output.append(ascii: ",") }
      if index & 0xFFF == 0xFFF { try runtime.checkSafePoint() }
      if !gap.isEmpty { try writeIndentation(depth) }
      let element: Value
      if array.isArray && index < array.denseCount && !array.denseElements[index].isEmpty {
        element = array.denseElements[index]
      } else {
        element = try runtime.get(array, runtime.propertyKey(forIndex: index))
      }
      if let prepared = try prepare(element, holder: array.value, key: .index(index)) {
        try write(prepared, key: .index(index))
      } else {
        try output.append(ascii: "null")
      }
    }
    if length > 0 && !gap.isEmpty { try writeIndentation(depth - 1) }
    try output.append(ascii: "]")
    leave()
  }

  private mutating func serializeObject(_ object: ObjectRef, key: JSONKey) throws(JSException) {
    try enter(object, key: key)
    let depth = stack.count
    let keysStart = snapshotKeys.count
    let rootedStart = rootedKeys.count
    // The snapshot's shape: while the object keeps it, a data property is still in its slot. Held
    // here, it also keeps the keys read from it alive.
    let snapshotShape = object.shape
    if let propertyList {
      for key in propertyList.values { snapshotKeys.append(key.bits) }
      snapshotSlots.append(contentsOf: repeatElement(-1, count: propertyList.count))
    } else {
      try appendEnumerableStringKeys(object)
    }
    try output.append(ascii: "{")
    var wroteMember = false
    var index = keysStart
    while index < snapshotKeys.count {
      let propertyKey = PropertyKey(bits: snapshotKeys[index])
      let slot = snapshotSlots[index]
      index += 1
      let value: Value
      if slot >= 0 && object.shape == snapshotShape {
        value = object.slot(UInt32(slot))
      } else {
        value = try runtime.get(object, propertyKey)
      }
      guard let prepared = try prepare(value, holder: object.value, key: .property(propertyKey)) else { continue }
      if wroteMember { try output.append(ascii: ",") }
      if !gap.isEmpty { try writeIndentation(depth) }
      try writeQuoted(runtime.keyString(propertyKey))
      try output.append(ascii: ":")
      if !gap.isEmpty { try output.append(ascii: " ") }
      try write(prepared, key: .property(propertyKey))
      wroteMember = true
    }
    if wroteMember && !gap.isEmpty { try writeIndentation(depth - 1) }
    try output.append(ascii: "}")
    snapshotKeys.removeSubrange(keysStart...)
    snapshotSlots.removeSubrange(keysStart...)
    if rootedKeys.count > rootedStart { rootedKeys.values.removeSubrange(rootedStart...) }
    withExtendedLifetime(snapshotShape.cell) {}
    leave()
  }

  /// EnumerableOwnProperties(object, key): the snapshot of keys the loop then reads.
  private mutating func appendEnumerableStringKeys(_ object: ObjectRef) throws(JSException) {
    if object.objectClass == .ordinary && object.elementsPointer == nil {
      appendOrdinaryKeys(object)
      return
    }
    for key in try runtime.ownPropertyKeys(object) where !key.isSymbol {
      switch runtime.lookupOwn(object, key) {
      case .data(_, let attributes, _), .accessor(_, let attributes, _):
        if !attributes.contains(.enumerable) { continue }
      case .exotic:
        guard let descriptor = try runtime.getOwnProperty(object, key), descriptor.enumerable == true else {
          continue
        }
      case .absent:
        continue
      }
      rootedKeys.append(Value(bits: key.bits))
      snapshotKeys.append(key.bits)
      snapshotSlots.append(-1)
    }
  }

  /// The same snapshot for an ordinary object without elements, read from its shape (string keys in
  /// creation order), with the slot of each data property.
  private mutating func appendOrdinaryKeys(_ object: ObjectRef) {
    if object.hasFlag(ObjectFlags.lazyProperties) { runtime.materializeLazyProperties(object) }
    let shape = object.shape
    if shape.propertyCount == 0 { return }
    for entry in shape.table.entries where entry.key != .none && !entry.key.isSymbol {
      let attributes = entry.location.attributes
      if !attributes.contains(.enumerable) { continue }
      snapshotKeys.append(entry.key.bits)
      snapshotSlots.append(attributes.contains(.accessor) ? -1 : Int32(entry.location.slot))
    }
  }

  // MARK: The circular-structure message (V8's wording)

  private func circularMessage(from start: Int, closingKey: JSONKey) -> String {
    var lines = ["Converting circular structure to JSON"]
    lines.append("    --> starting at object with constructor '\(constructorName(stack[start]))'")
    let middle = Array((start + 1)..<stack.count)
    let shown = middle.count > 3 ? Array(middle.prefix(2)) + [-1] + [middle.last!] : middle
    for index in shown {
      if index < 0 {
        lines.append("    |     ...")
        continue
      }
      lines.append(
        "    |     \(describe(stackKeys[index])) -> object with constructor '\(constructorName(stack[index]))'")
    }
    lines.append("    --- \(describe(closingKey)) closes the circle")
    return lines.joined(separator: "\n")
  }

  private func describe(_ key: JSONKey) -> String {
    switch key {
    case .index(let index): return "index \(index)"
    case .property(let key): return "property '\(runtime.keyDescription(key))'"
    case .string(let value):
      return value.isString ? "property '\(value.asString.swiftString(runtime.heap))'" : "property ''"
    }
  }

  /// The `name` of the nearest `constructor` data property, read without running any code.
  private func constructorName(_ value: Value) -> String {
    var current = value
    while current.isObject {
      let object = current.asObject
      if case .data(let constructor, _, _) = runtime.lookupOwn(object, runtime.names.constructor) {
        if constructor.isObject,
          case .data(let name, _, _) = runtime.lookupOwn(constructor.asObject, runtime.names.name),
          name.isString
        {
          return name.asString.swiftString(runtime.heap)
        }
        return "Object"
      }
      current = object.prototype
    }
    return "Object"
  }
}
