// The value kinds of Inspector (Inspect.swift): arrays, typed arrays, collections, buffers,
// functions and classes, boxed primitives and errors, each as node 20's util.inspect shows it.

extension Inspector {
  // MARK: - Arrays

  /// Up to 100 elements; holes as `<n empty items>` (node's formatArray / formatSpecialArray).
  mutating func formatArray(_ array: ObjectRef, _ depth: Int) -> [String] {
    let length = Int(runtime.arrayLength(array))
    let limit = min(Inspector.maxArrayLength, length)
    var output: [String] = []
    for index in 0..<limit {
      let key = PropertyKey(index: UInt32(index))
      if case .absent = runtime.lookupOwn(array, key) {
        return formatSparseArray(array, depth, limit: limit, output, from: index)
      }
      output.append(formatProperty(array, key, depth, .arrayElement))
    }
    if length > limit { output.append(Inspector.remainingText(length - limit)) }
    return output
  }

  private mutating func formatSparseArray(
    _ array: ObjectRef, _ depth: Int, limit: Int, _ start: [String], from first: Int
  ) -> [String] {
    var output = start
    var index = first
    guard let keys = try? runtime.ownPropertyKeys(array) else { return output }
    for key in keys where key.isIndex && Int(key.index) >= first {
      if output.count >= limit { break }
      if Int(key.index) != index {
        output.append(Inspector.emptyItems(Int(key.index) - index))
        index = Int(key.index)
        if output.count == limit { break }
      }
      output.append(formatProperty(array, key, depth, .arrayElement))
      index += 1
    }
    let remaining = Int(runtime.arrayLength(array)) - index
    if output.count != limit {
      if remaining > 0 { output.append(Inspector.emptyItems(remaining)) }
    } else if remaining > 0 {
      output.append(Inspector.remainingText(remaining))
    }
    return output
  }

  static func emptyItems(_ count: Int) -> String { "<\(count) empty item\(count > 1 ? "s" : "")>" }

  func formatTypedArray(_ view: ObjectRef) -> [String] {
    let length = runtime.typedArrayLength(view) ?? 0
    let limit = min(Inspector.maxArrayLength, length)
    var output = (0..<limit).map { formatPrimitive(runtime.typedArrayGetElement(view, $0)) }
    if length > limit { output.append(Inspector.remainingText(length - limit)) }
    return output
  }

  // MARK: - Collections and buffers

  /// `k => v` entries of a Map, the members of a Set (node's formatMap / formatSet).
  mutating func formatCollection(_ object: ObjectRef, _ depth: Int) -> [String] {
    let table = object.payloadObject(as: OrderedHashTable.self)!
    let isMap = object.objectClass == .map
    var output: [String] = []
    indentation += 2
    defer { indentation -= 2 }
    for index in 0..<table.used where table.isLive(index) {
      if output.count == Inspector.maxArrayLength { break }
      let key = formatValue(table.key(at: index), depth)
      output.append(isMap ? "\(key) => \(formatValue(table.value(at: index), depth))" : key)
    }
    if table.count > Inspector.maxArrayLength {
      output.append(Inspector.remainingText(table.count - Inspector.maxArrayLength))
    }
    return output
  }

  /// `[Uint8Contents]: <00 01 …>` of up to 100 bytes (node's formatArrayBuffer).
  func formatArrayBuffer(_ buffer: ObjectRef) -> String {
    if runtime.isDetachedBuffer(buffer) { return "(detached)" }
    let length = runtime.arrayBufferByteLength(buffer)
    let shown = min(length, Inspector.maxArrayLength)
    var bytes: [String] = []
    if let data = runtime.arrayBufferData(buffer) {
      bytes = (0..<shown).map { Inspector.hex(UInt16(data.load(fromByteOffset: $0, as: UInt8.self)), width: 2) }
    }
    var text = bytes.joined(separator: " ").lowercased()
    let remaining = length - shown
    if remaining > 0 { text += " ... \(remaining) more byte\(remaining > 1 ? "s" : "")" }
    return "[Uint8Contents]: <\(text)>"
  }

  // MARK: - Functions, classes, primitives in boxes

  /// `[Function: f]`, `[AsyncGeneratorFunction (anonymous)]`, `[class A extends B]` (node's
  /// getFunctionBase and getClassBase).
  func functionBase(_ function: ObjectRef, _ constructor: String?, _ tag: String) -> String {
    if function.hasFlag(ObjectFlags.classConstructor) { return classBase(function, constructor, tag) }
    var type = "Function"
    if function.objectClass == .function {
      let code = runtime.codeBlock(of: function)
      if code.isGenerator { type = "Generator" + type }
      if code.isAsync { type = "Async" + type }
    }
    var base = "[\(type)"
    if constructor == nil { base += " (null prototype)" }
    let name = stringProperty(function, runtime.names.name) ?? ""
    base += name.isEmpty ? " (anonymous)]" : ": \(name)]"
    if let constructor, constructor != type { base += " \(constructor)" }
    if !tag.isEmpty && constructor != tag { base += " [\(tag)]" }
    return base
  }

  private func classBase(_ function: ObjectRef, _ constructor: String?, _ tag: String) -> String {
    var name = "(anonymous)"
    if case .data(let value, _, _) = runtime.lookupOwn(function, runtime.names.name), value.isString,
      value.asString.length > 0
    {
      name = value.asString.swiftString(heap)
    }
    var base = "class \(name)"
    if let constructor, constructor != "Function" { base += " [\(constructor)]" }
    if !tag.isEmpty && constructor != tag { base += " [\(tag)]" }
    if constructor == nil {
      base += " extends [null prototype]"
    } else if function.prototype.isObject,
      let superName = stringProperty(function.prototype.asObject, runtime.names.name), !superName.isEmpty
    {
      base += " extends \(superName)"
    }
    return "[\(base)]"
  }

  func regExpSource(_ regExp: ObjectRef) -> String {
    let source = regExp.internalSlot(0)
    let flags = regExp.internalSlot(1)
    guard source.isString, flags.isString else { return "/(?:)/" }
    // As RegExp.prototype.toString: the source getter's escaping (`/` as `\/`).
    let escaped = (try? runtime.escapeRegExpPattern(source.asString))?.swiftString(heap) ?? ""
    return "/\(escaped)/\(flags.asString.swiftString(heap))"
  }

  func dateText(_ date: ObjectRef) -> String {
    DateMath.toISOString(date.internalSlot(0).asNumber) ?? "Invalid Date"
  }

  /// `[Number: 3]`, `[String: 'ab']`, `[Symbol: Symbol(s)]` (node's getBoxedBase).
  func boxedBase(_ box: ObjectRef, _ constructor: String?, _ tag: String) -> String {
    let types: [ObjectClass: String] = [
      .booleanObject: "Boolean", .numberObject: "Number", .stringObject: "String", .bigIntObject: "BigInt",
      .symbolObject: "Symbol",
    ]
    let type = types[box.objectClass] ?? "Object"
    var base = "[\(type)"
    if type != constructor { base += constructor.map { " (\($0))" } ?? " (null prototype)" }
    base += ": \(formatPrimitive(box.internalSlot(0)))]"
    if !tag.isEmpty && tag != constructor { base += " [\(tag)]" }
    return base
  }

  // MARK: - Errors

  /// The stack (or `[Name: message]` without frames), improved with the constructor's name,
  /// frames shared with the cause collapsed and lines indented; `keys` loses the name,
  /// message and stack the stack shows and gains `cause` and an AggregateError's `errors`
  /// (node's formatError).
  mutating func formatError(
    _ error: ObjectRef, _ constructor: String?, _ tag: String, _ keys: inout [PropertyKey]
  ) -> String {
    let names = runtime.names
    let name = dataProperty(error, names.name).flatMap(plainText) ?? "Error"
    var stack = stackString(error)
    for key in [names.name, names.message, names.stack] {
      if let index = keys.firstIndex(of: key),
        let text = dataProperty(error, key).flatMap(plainText), stack.contains(text)
      {
        keys.remove(at: index)
      }
    }
    if hasProperty(error, names.cause) && !keys.contains(names.cause) { keys.append(names.cause) }
    if let errors = dataProperty(error, names.errors), errors.isObject, errors.asObject.isArray,
      !keys.contains(names.errors)
    {
      keys.append(names.errors)
    }
    stack = improveStack(stack, constructor, name, tag)
    // The frames start after the message (which may itself contain "\n    at").
    var searchStart = stack.startIndex
    if let message = stringProperty(error, names.message), !message.isEmpty,
      let range = stack.firstRange(of: message), range.lowerBound != stack.startIndex
    {
      searchStart = range.upperBound
    }
    if let framesStart = stack[searchStart...].firstRange(of: "\n    at")?.lowerBound {
      let frames = stack[stack.index(after: framesStart)...].split(separator: "\n", omittingEmptySubsequences: false)
      let lines = collapseCauseFrames(frames.map(String.init), error)
      stack = String(stack[..<framesStart]) + "\n" + lines.joined(separator: "\n")
    } else {
      stack = "[\(stack)]"
    }
    if indentation != 0 { stack = stack.replacing("\n", with: "\n" + String(repeating: " ", count: indentation)) }
    return stack
  }

  /// `err.stack` when truthy, else Error.prototype.toString's `Name: message`.
  private func stackString(_ error: ObjectRef) -> String {
    if let stack = dataProperty(error, runtime.names.stack), runtime.toBoolean(stack),
      let text = plainText(stack)
    {
      return text
    }
    return (try? runtime.errorHeadline(error)) ?? "Error"
  }

  /// String(value) for a primitive (nil for objects, whose conversion could run code).
  private func plainText(_ value: Value) -> String? {
    if value.isString { return value.asString.swiftString(heap) }
    if value.isObject || value.isSymbol { return nil }
    if value.isUndefined || value.isNull { return nil }
    return (try? runtime.toString(value).swiftString(heap))
  }

  private func hasProperty(_ object: ObjectRef, _ key: PropertyKey) -> Bool {
    var current = object
    while true {
      if case .absent = runtime.lookupOwn(current, key) {
        let prototype = current.prototype
        guard prototype.isObject, !prototype.asObject.isProxy else { return false }
        current = prototype.asObject
      } else {
        return true
      }
    }
  }

  /// node's improveStack: `MyError [TypeError]: …` when the name differs from the class.
  private func improveStack(_ stack: String, _ constructor: String?, _ name: String, _ tag: String) -> String {
    var length = name.count
    let looksNormal =
      name.hasSuffix("Error") && stack.hasPrefix(name)
      && (stack.count == length || [":", "\n"].contains(stack.dropFirst(length).first))
    guard constructor == nil || looksNormal else { return stack }
    var fallback = "Error"
    if constructor == nil {
      // node: /^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n\s+at)/ or /^([a-z_A-Z0-9-]*Error)$/.
      let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ []()-")
      let head = stack.prefix { allowed.contains($0) }
      let rest = stack.dropFirst(head.count)
      let found =
        (head.first?.isUppercase == true && head.count > 1 && (rest.hasPrefix(":") || rest.hasPrefix("\n")))
        || (rest.isEmpty && head.hasSuffix("Error"))
      fallback = found ? String(head) : ""
      length = fallback.count
      if fallback.isEmpty { fallback = "Error" }
    }
    let prefix = String(prefix(constructor, tag, fallback: fallback).dropLast())
    if name == prefix { return stack }
    if prefix.contains(name) {
      return length == 0 ? "\(prefix): \(stack)" : prefix + stack.dropFirst(length)
    }
    return "\(prefix) [\(name)]" + stack.dropFirst(length)
  }

  /// Replaces the frames an error shares with its cause by `... n lines matching cause stack
  /// trace ...` (node's getStackFrames with identicalSequenceRange: four or more in a row).
  private func collapseCauseFrames(_ frames: [String], _ error: ObjectRef) -> [String] {
    guard let cause = dataProperty(error, runtime.names.cause), cause.isObject,
      cause.asObject.objectClass == .error
    else { return frames }
    let causeStack = stackString(cause.asObject)
    guard let start = causeStack.firstRange(of: "\n    at")?.lowerBound else { return frames }
    let causeFrames = causeStack[causeStack.index(after: start)...]
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let (length, offset) = Inspector.identicalSequenceRange(frames, causeFrames) else { return frames }
    var lines = frames
    let skipped = length - 2
    lines.replaceSubrange(
      (offset + 1)..<(offset + 1 + skipped), with: ["    ... \(skipped) lines matching cause stack trace ..."])
    return lines
  }

  static func identicalSequenceRange(_ a: [String], _ b: [String]) -> (length: Int, offset: Int)? {
    var index = 0
    while index < a.count - 3 {
      if let position = b.firstIndex(of: a[index]) {
        let rest = b.count - position
        if rest > 3 {
          var length = 1
          let maxLength = min(a.count - index, rest)
          while maxLength > length && a[index + length] == b[position + length] { length += 1 }
          if length > 3 { return (length, index) }
        }
      }
      index += 1
    }
    return nil
  }
}
