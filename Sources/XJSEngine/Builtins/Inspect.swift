// The node-style rendering of values for console output: a port of the parts of node 20's
// lib/internal/util/inspect.js that its defaults use (depth 2, breakLength 80, compact 3,
// maxArrayLength 100, no colors, showHidden off).
//
// Unlike node, inspecting never runs user code: properties are read as data (getters show as
// `[Getter]`), Proxies show as their target without any trap, and `Symbol.toStringTag` or a
// function's `name` only count when they are data properties.

extension Runtime {
  /// A node-style rendering of a value for console output (strings stay bare at the top
  /// level unless `quotingStrings`).
  package func inspect(_ value: Value, quotingStrings: Bool = false) -> String {
    if value.isString && !quotingStrings { return value.asString.swiftString(heap) }
    var inspector = Inspector(runtime: self)
    return inspector.formatValue(value, 0)
  }
}

/// One inspection's state (node's `ctx`).
struct Inspector {
  let runtime: Runtime
  /// The objects being formatted, outermost first (node's `ctx.seen`).
  var seen: [Value] = []
  /// Objects met again while being formatted, with their `*n` reference numbers.
  var circular: [(value: Value, index: Int)] = []
  /// Columns of indentation of the current entry (node's `ctx.indentationLvl`).
  var indentation = 0
  /// The depth of the object entered last (node's `ctx.currentDepth`).
  var currentDepth = 0

  static let depth = 2
  static let breakLength = 80
  static let compact = 3
  static let maxArrayLength = 100

  init(runtime: Runtime) { self.runtime = runtime }

  var heap: Heap { runtime.heap }

  /// How node lays out an object's entries (its kObjectType, kArrayType, kArrayExtrasType).
  enum EntryKind { case object, arrayElement, arrayExtra }

  // MARK: - Values

  mutating func formatValue(_ value: Value, _ recurseTimes: Int) -> String {
    guard value.isObject else { return formatPrimitive(value) }
    var object = value.asObject
    // A Proxy shows as its target, without running any trap (node's default, showProxy: false).
    while object.isProxy {
      let target = object.internalSlot(0)
      guard target.isObject else { return "<Revoked Proxy>" }
      object = target.asObject
    }
    if seen.contains(object.value) { return "[Circular *\(circularIndex(object.value))]" }
    return formatRaw(object, recurseTimes)
  }

  private mutating func circularIndex(_ value: Value) -> Int {
    if let entry = circular.first(where: { $0.value == value }) { return entry.index }
    circular.append((value, circular.count + 1))
    return circular.count
  }

  func formatPrimitive(_ value: Value) -> String {
    if value.isString { return formatString(value.asString.utf16Array(heap)) }
    if value.isNumber { return formatNumber(value) }
    if value.isBigInt { return runtime.bigIntToString(value.asBigInt).swiftString(heap) + "n" }
    if value.isUndefined { return "undefined" }
    if value.isNull { return "null" }
    if value.isBoolean { return value.asBool ? "true" : "false" }
    if value.isSymbol { return runtime.symbolDescriptiveString(value.asSymbol) }
    return "?"
  }

  func formatNumber(_ value: Value) -> String {
    let number = value.asNumber
    if number == 0 && number.sign == .minus { return "-0" }
    return (try? runtime.toString(value).swiftString(heap)) ?? "NaN"
  }

  /// A quoted string; a long one is split after its line breaks into `'…\n' +` lines (node
  /// does so past 16 characters when it would not fit the line).
  func formatString(_ units: [UInt16]) -> String {
    let newline: UInt16 = 10
    if units.count > 16 && units.count > Inspector.breakLength - indentation - 4 && units.contains(newline) {
      var lines: [[UInt16]] = [[]]
      for unit in units {
        lines[lines.count - 1].append(unit)
        if unit == newline { lines.append([]) }
      }
      if lines.last!.isEmpty { lines.removeLast() }
      let separator = " +\n" + String(repeating: " ", count: indentation + 2)
      return lines.map(Inspector.quote).joined(separator: separator)
    }
    return Inspector.quote(units)
  }

  /// node's strEscape: single quotes, else double quotes when the text has single quotes,
  /// else backticks when it has both; control characters and lone surrogates escaped.
  static func quote(_ units: [UInt16]) -> String {
    let has = { (character: Character) in units.contains(UInt16(character.asciiValue!)) }
    var quote: UInt16 = 39
    if has("'") {
      if !has("\"") {
        quote = 34
      } else if !has("`") && !String(decoding: units, as: UTF16.self).contains("${") {
        quote = 96
      }
    }
    var result: [UInt16] = [quote]
    func append(_ text: String) { result.append(contentsOf: text.utf16) }
    var index = 0
    while index < units.count {
      let unit = units[index]
      switch unit {
      case 39 where quote == 39: append("\\'")
      case 92: append("\\\\")
      case 8: append("\\b")
      case 9: append("\\t")
      case 10: append("\\n")
      case 12: append("\\f")
      case 13: append("\\r")
      case 0..<32, 127..<160: append("\\x" + hex(unit, width: 2))
      case 0xD800...0xDBFF where index + 1 < units.count && (0xDC00...0xDFFF).contains(units[index + 1]):
        result.append(unit)
        result.append(units[index + 1])
        index += 1
      case 0xD800...0xDFFF: append("\\u" + String(unit, radix: 16))
      default: result.append(unit)
      }
      index += 1
    }
    result.append(quote)
    return String(decoding: result, as: UTF16.self)
  }

  static func hex(_ value: UInt16, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  // MARK: - Objects

  /// What formatRaw needs to lay out one object.
  struct Layout {
    var base = ""
    var braces = ("{", "}")
    var keys: [PropertyKey] = []
    /// Synthetic entries shown as properties (ArrayBuffer's byteLength, DataView's fields).
    var leadingFields: [(name: String, value: Value)] = []
    var kind = EntryKind.object
    var output: [String] = []
  }

  private mutating func formatRaw(_ object: ObjectRef, _ recurseTimes: Int) -> String {
    let constructor = constructorName(object)
    let tag = toStringTag(object, constructor: constructor)
    var layout = Layout()
    layout.keys = enumerableKeys(object)
    if let early = prepare(object, constructor, tag, recurseTimes, &layout) { return early }
    if recurseTimes > Inspector.depth {
      let name = String(prefix(constructor, tag, fallback: "Object").dropLast())
      return constructor == nil ? name : "[\(name)]"
    }
    let depth = recurseTimes + 1
    seen.append(object.value)
    currentDepth = depth
    var output = formatContents(object, depth, layout)
    for field in layout.leadingFields {
      output.append("\(field.name): \(formatNested(field.value, depth))")
    }
    for key in layout.keys {
      output.append(formatProperty(object, key, depth, layout.kind))
    }
    if let index = circular.first(where: { $0.value == object.value })?.index {
      layout.base = layout.base.isEmpty ? "<ref *\(index)>" : "<ref *\(index)> \(layout.base)"
    }
    seen.removeLast()
    return reduceToSingleString(output, layout.base, layout.braces, layout.kind, depth, object)
  }

  /// Fills in the braces, base and keys of `object` as node's formatRaw does for each kind;
  /// returns the whole text for values that need no braces (empty objects, plain functions).
  private mutating func prepare(
    _ object: ObjectRef, _ constructor: String?, _ tag: String, _ recurseTimes: Int, _ layout: inout Layout
  ) -> String? {
    let noKeys = layout.keys.isEmpty
    switch object.objectClass {
    case .array:
      layout.keys.removeAll { $0.isIndex }
      let size = "(\(runtime.arrayLength(object)))"
      let prefix = constructor != "Array" || !tag.isEmpty ? prefix(constructor, tag, fallback: "Array", size: size) : ""
      layout.braces = ("\(prefix)[", "]")
      layout.kind = .arrayExtra
      if runtime.arrayLength(object) == 0 && layout.keys.isEmpty { return "\(prefix)[]" }
    case .typedArray:
      layout.keys.removeAll { $0.isIndex }
      let kind = runtime.typedArrayKind(object)
      let length = runtime.typedArrayLength(object) ?? 0
      let prefix = prefix(constructor, kind.name, fallback: kind.name, size: "(\(length))")
      layout.braces = ("\(prefix)[", "]")
      layout.kind = .arrayExtra
      if length == 0 && layout.keys.isEmpty { return "\(prefix)[]" }
    case .map, .set:
      let name = object.objectClass == .map ? "Map" : "Set"
      let size = object.payloadObject(as: OrderedHashTable.self)!.count
      let prefix = prefix(constructor, tag, fallback: name, size: "(\(size))")
      if size == 0 && noKeys { return "\(prefix){}" }
      layout.braces = ("\(prefix){", "}")
    case .function, .nativeFunction, .boundFunction:
      layout.base = functionBase(object, constructor, tag)
      if noKeys { return layout.base }
    case .regExp:
      layout.base = regExpSource(object)
      let prefix = prefix(constructor, tag, fallback: "RegExp")
      if prefix != "RegExp " { layout.base = prefix + layout.base }
      if noKeys || recurseTimes > Inspector.depth { return layout.base }
    case .date:
      layout.base = dateText(object)
      if noKeys { return layout.base }
      let prefix = prefix(constructor, tag, fallback: "Date")
      if prefix != "Date " { layout.base = prefix + layout.base }
    case .error:
      layout.base = formatError(object, constructor, tag, &layout.keys)
      if layout.keys.isEmpty { return layout.base }
    case .arrayBuffer:
      layout.braces.0 = prefix(constructor, tag, fallback: "ArrayBuffer") + "{"
      layout.leadingFields = [("byteLength", Value(runtime.arrayBufferByteLength(object)))]
    case .dataView:
      layout.braces.0 = prefix(constructor, tag, fallback: "DataView") + "{"
      let length = (try? runtime.dataViewByteLength(object, "")) ?? 0
      layout.leadingFields = [
        ("byteLength", Value(length)), ("byteOffset", object.internalSlot(DataViewSlot.byteOffset)),
        ("buffer", object.internalSlot(DataViewSlot.buffer)),
      ]
    case .promise:
      layout.braces.0 = prefix(constructor, tag, fallback: "Promise") + "{"
    case .weakMap, .weakSet:
      let name = object.objectClass == .weakMap ? "WeakMap" : "WeakSet"
      layout.braces.0 = prefix(constructor, tag, fallback: name) + "{"
    case .moduleNamespace:
      layout.braces.0 = prefix(constructor, tag, fallback: "Module") + "{"
    case .booleanObject, .numberObject, .stringObject, .symbolObject, .bigIntObject:
      if object.objectClass == .stringObject {
        let length = StringRef(object.internalSlot(0)).length
        layout.keys.removeAll { $0.isIndex && Int($0.index) < length }
      }
      layout.base = boxedBase(object, constructor, tag)
      if layout.keys.isEmpty { return layout.base }
    default:
      if constructor == "Object" {
        if object.objectClass == .arguments {
          layout.braces.0 = "[Arguments] {"
        } else if !tag.isEmpty {
          layout.braces.0 = prefix(constructor, tag, fallback: "Object") + "{"
        }
        if noKeys { return layout.braces.0 + "}" }
      } else {
        layout.braces.0 = prefix(constructor, tag, fallback: "Object") + "{"
        if noKeys { return layout.braces.0 + "}" }
      }
    }
    return nil
  }

  /// The entries that are not properties: elements, collection members, a promise's result.
  private mutating func formatContents(_ object: ObjectRef, _ depth: Int, _ layout: Layout) -> [String] {
    switch object.objectClass {
    case .array: return formatArray(object, depth)
    case .typedArray: return formatTypedArray(object)
    case .map, .set: return formatCollection(object, depth)
    case .arrayBuffer: return [formatArrayBuffer(object)]
    case .weakMap, .weakSet: return ["<items unknown>"]
    case .promise:
      switch runtime.promiseState(object) {
      case .pending: return ["<pending>"]
      case .fulfilled: return [formatNested(object.internalSlot(PromiseSlot.result), depth)]
      case .rejected: return ["<rejected> " + formatNested(object.internalSlot(PromiseSlot.result), depth)]
      }
    default: return []
    }
  }

  /// A value one level in, indented by two more columns (as node's formatProperty).
  mutating func formatNested(_ value: Value, _ depth: Int) -> String {
    indentation += 2
    defer { indentation -= 2 }
    return formatValue(value, depth)
  }

  // MARK: - Properties

  /// Own enumerable string keys, then own enumerable symbols (node's getKeys: Object.keys
  /// and the enumerable of Object.getOwnPropertySymbols).
  private func enumerableKeys(_ object: ObjectRef) -> [PropertyKey] {
    guard let keys = try? runtime.ownPropertyKeys(object) else { return [] }
    var strings: [PropertyKey] = []
    var symbols: [PropertyKey] = []
    for key in keys where isEnumerable(object, key) {
      if key.isSymbol { symbols.append(key) } else { strings.append(key) }
    }
    return strings + symbols
  }

  private func isEnumerable(_ object: ObjectRef, _ key: PropertyKey) -> Bool {
    switch runtime.lookupOwn(object, key) {
    case .data(_, let attributes, _), .accessor(_, let attributes, _): return attributes.contains(.enumerable)
    case .exotic: return true
    case .absent: return false
    }
  }

  /// `key: value` (or just the value for an array element), as node's formatProperty.
  mutating func formatProperty(
    _ object: ObjectRef, _ key: PropertyKey, _ depth: Int, _ kind: EntryKind
  ) -> String {
    var enumerable = true
    let text: String
    switch runtime.lookupOwn(object, key) {
    case .data(let value, let attributes, _):
      enumerable = attributes.contains(.enumerable)
      text = formatNested(value, depth)
    case .accessor(let pair, let attributes, _):
      enumerable = attributes.contains(.enumerable)
      text =
        pair.getter.isUndefined
        ? (pair.setter.isUndefined ? "undefined" : "[Setter]")
        : (pair.setter.isUndefined ? "[Getter]" : "[Getter/Setter]")
    case .exotic:
      // A module namespace's export; one still in its TDZ shows as node shows it.
      if let value = try? runtime.get(object, key) {
        text = formatNested(value, depth)
      } else {
        text = "<uninitialized>"
      }
    case .absent:
      // An inherited key (an error's `cause` from its prototype) reads as data.
      text = formatNested(dataProperty(object, key) ?? .undefined, depth)
    }
    if kind == .arrayElement { return text }
    return "\(propertyName(key, enumerable: enumerable)): \(text)"
  }

  private func propertyName(_ key: PropertyKey, enumerable: Bool) -> String {
    if key.isSymbol { return "[\(runtime.symbolDescriptiveString(key.symbol))]" }
    let name = runtime.keyDescription(key)
    if name == "__proto__" { return "['__proto__']" }
    if !enumerable { return "[\(name)]" }
    // node's keyStrRegExp: /^[a-zA-Z_][a-zA-Z_0-9]*$/.
    let isPlain =
      !key.isIndex
      && name.utf8.enumerated().allSatisfy { index, byte in
        byte == 95 || (65...90).contains(byte) || (97...122).contains(byte) || (index > 0 && (48...57).contains(byte))
      }
    if isPlain && !name.isEmpty { return name }
    return Inspector.quote(key.isIndex ? Array(name.utf16) : key.atom.utf16Array(heap))
  }

  /// A data property found along the prototype chain without running any JS (nil for an
  /// accessor, a Proxy on the way, or none).
  func dataProperty(_ object: ObjectRef, _ key: PropertyKey) -> Value? {
    var current = object
    while true {
      switch runtime.lookupOwn(current, key) {
      case .data(let value, _, _): return value
      case .accessor, .exotic: return nil
      case .absent:
        let prototype = current.prototype
        guard prototype.isObject, !prototype.asObject.isProxy else { return nil }
        current = prototype.asObject
      }
    }
  }

  func stringProperty(_ object: ObjectRef, _ key: PropertyKey) -> String? {
    guard let value = dataProperty(object, key), value.isString else { return nil }
    return value.asString.swiftString(heap)
  }

  // MARK: - Names and prefixes

  /// node's getConstructorName: the name of the first `constructor` along the prototype chain
  /// that the object is an instance of; nil for an object whose chain ends without one.
  func constructorName(_ object: ObjectRef, nested: Bool = false) -> String? {
    var current: ObjectRef? = object
    var firstPrototype: Value?
    while let candidate = current {
      if case .data(let constructor, _, _) = runtime.lookupOwn(candidate, runtime.names.constructor),
        constructor.isObject, constructor.asObject.isCallable,
        let name = stringProperty(constructor.asObject, runtime.names.name), !name.isEmpty,
        isInstance(object, of: constructor.asObject)
      {
        return name
      }
      let prototype = candidate.prototype
      if firstPrototype == nil { firstPrototype = prototype }
      current = prototype.isObject && !prototype.asObject.isProxy ? prototype.asObject : nil
    }
    guard let first = firstPrototype, first.isObject, !nested else { return nil }
    // A chain of objects without constructors: `Object <[Object: null prototype] {}>`.
    let inner = constructorName(first.asObject, nested: true) ?? "[Object: null prototype] {}"
    return "Object <\(inner)>"
  }

  private func isInstance(_ object: ObjectRef, of constructor: ObjectRef) -> Bool {
    guard let prototype = dataProperty(constructor, runtime.names.prototype), prototype.isObject else { return false }
    var current = object.prototype
    while current.isObject {
      if current == prototype { return true }
      if current.asObject.isProxy { return false }
      current = current.asObject.prototype
    }
    return false
  }

  /// `Symbol.toStringTag` when a data property that is not an own enumerable one (node
  /// shows those as properties instead).
  private func toStringTag(_ object: ObjectRef, constructor: String?) -> String {
    let key = PropertyKey(symbol: runtime.symbols.toStringTag)
    guard let tag = stringProperty(object, key) else { return "" }
    if case .data(_, let attributes, _) = runtime.lookupOwn(object, key), attributes.contains(.enumerable) {
      return ""
    }
    return tag
  }

  /// node's getPrefix: `Foo(size) [tag] `, or `[Fallback(size): null prototype] `.
  func prefix(_ constructor: String?, _ tag: String, fallback: String, size: String = "") -> String {
    guard let constructor else {
      if !tag.isEmpty && fallback != tag { return "[\(fallback)\(size): null prototype] [\(tag)] " }
      return "[\(fallback)\(size): null prototype] "
    }
    if !tag.isEmpty && constructor != tag { return "\(constructor)\(size) [\(tag)] " }
    return "\(constructor)\(size) "
  }

  // MARK: - Layout

  /// One line when the entries fit (node's reduceToSingleString with compact 3), else one
  /// entry a line; arrays of more than six entries are grouped into columns first.
  private func reduceToSingleString(
    _ entries: [String], _ base: String, _ braces: (String, String), _ kind: EntryKind, _ depth: Int,
    _ object: ObjectRef
  ) -> String {
    var output = entries
    if kind == .arrayExtra && entries.count > 6 { output = groupArrayElements(output, object) }
    let basePrefix = base.isEmpty ? "" : base + " "
    if currentDepth - depth < Inspector.compact && entries.count == output.count {
      let start = output.count + indentation + braces.0.utf16.count + base.utf16.count + 10
      if isBelowBreakLength(output, start, base) {
        let joined = output.joined(separator: ", ")
        if !joined.contains("\n") { return "\(basePrefix)\(braces.0) \(joined) \(braces.1)" }
      }
    }
    let lineBreak = "\n" + String(repeating: " ", count: indentation)
    return "\(basePrefix)\(braces.0)\(lineBreak)  \(output.joined(separator: ",\(lineBreak)  "))\(lineBreak)\(braces.1)"
  }

  private func isBelowBreakLength(_ output: [String], _ start: Int, _ base: String) -> Bool {
    var total = output.count + start
    if total + output.count > Inspector.breakLength { return false }
    for entry in output {
      total += entry.utf16.count
      if total > Inspector.breakLength { return false }
    }
    return base.isEmpty || !base.contains("\n")
  }

  /// node's groupArrayElements: short entries in aligned columns, numbers padded at the start.
  private func groupArrayElements(_ output: [String], _ object: ObjectRef) -> [String] {
    var outputLength = output.count
    if Inspector.maxArrayLength < output.count { outputLength -= 1 }  // not the "... more items"
    let separatorSpace = 2
    let dataLength = output.prefix(outputLength).map { $0.unicodeScalars.count }
    let totalLength = dataLength.reduce(0) { $0 + $1 + separatorSpace }
    let maxLength = dataLength.max() ?? 0
    let actualMax = maxLength + separatorSpace
    guard
      actualMax * 3 + indentation < Inspector.breakLength
        && (Double(totalLength) / Double(actualMax) > 5 || maxLength <= 6)
    else { return output }
    let averageBias = (Double(actualMax) - Double(totalLength) / Double(output.count)).squareRoot()
    let biasedMax = max(Double(actualMax) - 3 - averageBias, 1)
    let columns = min(
      Int(((2.5 * biasedMax * Double(outputLength)).squareRoot() / biasedMax).rounded()),
      (Inspector.breakLength - indentation) / actualMax, Inspector.compact * 4, 15)
    if columns <= 1 { return output }
    var maxLineLength: [Int] = []
    for column in 0..<columns {
      let widest = stride(from: column, to: outputLength, by: columns).map { dataLength[$0] }.max() ?? 0
      maxLineLength.append(widest + separatorSpace)
    }
    let padStart = (0..<output.count).allSatisfy { index in
      guard let element = dataProperty(object, PropertyKey(index: UInt32(index))) else { return false }
      return element.isNumber || element.isBigInt
    }
    func pad(_ text: String, _ width: Int) -> String {
      let padding = String(repeating: " ", count: max(0, width - text.unicodeScalars.count))
      return padStart ? padding + text : text + padding
    }
    var grouped: [String] = []
    for rowStart in stride(from: 0, to: outputLength, by: columns) {
      let rowEnd = min(rowStart + columns, outputLength)
      var line = ""
      for index in rowStart..<(rowEnd - 1) {
        line += pad(output[index] + ", ", maxLineLength[index - rowStart])
      }
      let last = rowEnd - 1
      line += padStart ? pad(output[last], maxLineLength[last - rowStart] - separatorSpace) : output[last]
      grouped.append(line)
    }
    if Inspector.maxArrayLength < output.count { grouped.append(output[outputLength]) }
    return grouped
  }

  static func remainingText(_ remaining: Int) -> String {
    "... \(remaining) more item\(remaining > 1 ? "s" : "")"
  }
}
