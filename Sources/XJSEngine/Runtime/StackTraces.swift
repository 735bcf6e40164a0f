import XJSSyntax

// Stack traces as V8 prints them, read from the register stack without running script code.
//
// Each frame is one line after "    at ":
//   `f (file:1:2)`                a plain call (this is undefined, null or a global object)
//   `C.method (file:1:2)`         a call with a receiver: its type name, then the function's
//   `Object.foo [as bar] (…)`     name, and the property it was called through when that differs
//   `new C (file:1:2)`            a [[Construct]] call
//   `file:1:2`                    top-level code, or an anonymous function called plainly
//   `Array.map (<anonymous>)`     a builtin that is running (node's wording for native frames)
//
// Builtins push no frame of their own, so each native call records itself in
// `nativeFrames[nativeDepth]` (the function, its receiver and the bytecode frame that called
// it); the walk interleaves those records with the bytecode frames.

/// A native function running now, as a stack trace shows it.
struct NativeFrameRecord {
  /// The native function, or undefined for a depth level that is no native call
  /// (a script, a bytecode function entered from native code, a proxy trap).
  var function: Value = .undefined
  var this: Value = .undefined
  /// The bytecode frame that called it (nil when the host called it).
  var caller: UnsafeMutablePointer<Value>?
  var isConstruct = false
}

/// One line of a stack trace, and the function it shows (for `Error.captureStackTrace`'s
/// `constructorOpt`).
struct StackFrameLine {
  let function: Value
  let text: String
}

extension Runtime {
  /// Re-entering bytecode from native code recurses on the native stack: past the thread's
  /// limit (its bottom plus a margin for the deepest native work between two checks) the
  /// script gets a RangeError instead of a crash.
  @inline(__always) func checkNativeStack() throws(JSException) {
    if _slowPath(NativeStack.currentAddress() < NativeStack.limit()) {
      throw rangeError("Maximum call stack size exceeded")
    }
  }

  /// Error.stackTraceLimit of the current realm: how many frames an error records, or nil
  /// when it is not a number (then V8 records no stack at all).
  func stackTraceLimit() -> Int? {
    let constructor = realm[.errorConstructor]
    guard constructor.isObject,
      case .data(let value, _, _) = lookupOwn(constructor.asObject, propertyKey("stackTraceLimit")),
      value.isNumber
    else { return nil }
    let limit = value.asNumber
    if limit.isNaN || limit <= 0 { return 0 }
    return limit >= 1000 ? 1000 : Int(limit)
  }

  /// The frames from (fp, pc) outwards, natives that the frames called interleaved.
  /// `skippingNatives` leaves out that many native records at the top (the Error
  /// constructor or captureStackTrace that asks for the stack).
  func stackFrameLines(
    from fp: UnsafeMutablePointer<Value>?, pc: Int, limit: Int, skippingNatives: Int = 0
  ) -> [StackFrameLine] {
    var lines: [StackFrameLine] = []
    var native = nativeDepth
    var skip = skippingNatives
    var frame = fp
    var framePC = pc
    while let current = frame, lines.count < limit {
      // The natives this frame called that are still running sit above it. Of a builtin
      // that called another directly (String.prototype.replace calling RegExp's
      // @@replace), only the outer one shows, as in V8.
      var outermost: NativeFrameRecord?
      while native > 0 {
        let record = nativeFrames[native]
        if record.function.isUndefined {
          native -= 1
          continue
        }
        guard record.caller == current else { break }
        native -= 1
        if skip > 0 {
          skip -= 1
          continue
        }
        if !record.function.asObject.hasFlag(ObjectFlags.hiddenFromStackTraces) { outermost = record }
      }
      if let outermost {
        lines.append(StackFrameLine(function: outermost.function, text: nativeFrameText(outermost)))
      }
      guard lines.count < limit, let codeBlock = Frame.codeBlock(current) else { break }
      lines.append(StackFrameLine(function: current[Frame.calleeOffset], text: frameText(current, codeBlock, framePC)))
      let callerPC = Frame.returnPC(current)
      frame = Frame.callerFrame(current)
      framePC = max(callerPC - 1, 0)
    }
    return lines
  }

  /// "name (file:line:column)" for each frame from the innermost outwards.
  func stackFrames(from fp: UnsafeMutablePointer<Value>, pc: Int, limit: Int = 10) -> [String] {
    stackFrameLines(from: fp, pc: pc, limit: limit).map(\.text)
  }

  private func frameText(_ fp: UnsafeMutablePointer<Value>, _ codeBlock: CodeBlock, _ pc: Int) -> String {
    let offset = codeBlock.sourceOffset(at: pc)
    let (line, column) = codeBlock.source.location(of: offset)
    let position = "\(codeBlock.source.name):\(line):\(column)"
    guard codeBlock.kind == .function else { return position }
    let isConstruct = fp[Frame.returnInfoOffset].bits & Frame.Flags.construct != 0
    let name = codeBlock.name
    if isConstruct { return "new \(name.isEmpty ? "<anonymous>" : name) (\(position))" }
    let callee = fp[Frame.calleeOffset]
    guard let call = methodCallText(this: fp[Frame.thisOffset], callee: callee, functionName: name) else {
      return name.isEmpty ? position : "\(name) (\(position))"
    }
    return "\(call) (\(position))"
  }

  private func nativeFrameText(_ record: NativeFrameRecord) -> String {
    let name = functionNameForStack(record.function)
    if record.isConstruct { return "new \(name.isEmpty ? "<anonymous>" : name) (<anonymous>)" }
    let call = methodCallText(this: record.this, callee: record.function, functionName: name)
    return "\(call ?? (name.isEmpty ? "<anonymous>" : name)) (<anonymous>)"
  }

  /// `Type.name [as method]` for a call with a receiver; nil for a plain call.
  private func methodCallText(this: Value, callee: Value, functionName: String) -> String? {
    guard let typeName = stackTypeName(this) else { return nil }
    // An accessor shows as V8 shows it: `get x [as x]`, without the receiver's type.
    if functionName.hasPrefix("get ") || functionName.hasPrefix("set ") {
      return functionName + " [as " + functionName.dropFirst(4) + "]"
    }
    let method = methodName(of: callee, on: this, functionName: functionName)
    if functionName.isEmpty { return typeName + "." + (method ?? "<anonymous>") }
    var text = functionName.hasPrefix(typeName + ".") ? functionName : typeName + "." + functionName
    if let method, method != functionName { text += " [as \(method)]" }
    return text
  }

  /// V8's type name of a receiver (JSReceiver::GetConstructorName, without side effects): a
  /// class constructor's own name, "Function" for other functions, else the `constructor`
  /// found on the prototype chain unless it is Object, else the @@toStringTag, else "Object".
  /// Nil when there is no receiver to show (undefined, null, a global object).
  func stackTypeName(_ this: Value) -> String? {
    guard let object = receiverObject(this) else { return nil }
    if object.isCallable {
      if object.hasFlag(ObjectFlags.classConstructor) {
        return functionNameForStack(object.value)
      }
      return "Function"
    }
    if let constructor = dataPropertyOnChain(object, names.constructor), constructor.isObject,
      constructor.asObject.isCallable
    {
      let name = functionNameForStack(constructor)
      if !name.isEmpty && name != "Object" { return name }
    }
    if let tag = dataPropertyOnChain(object, PropertyKey(symbol: symbols.toStringTag)), tag.isString {
      return tag.asString.swiftString(heap)
    }
    return "Object"
  }

  /// The receiver as an object (a primitive's prototype stands for it), nil for none.
  private func receiverObject(_ this: Value) -> ObjectRef? {
    if this.isObject {
      let object = this.asObject
      return object.objectClass == .global ? nil : object
    }
    let prototype: Value
    if this.isString {
      prototype = realm[.stringPrototype]
    } else if this.isNumber {
      prototype = realm[.numberPrototype]
    } else if this.isBoolean {
      prototype = realm[.booleanPrototype]
    } else if this.isSymbol {
      prototype = realm[.symbolPrototype]
    } else if this.isBigInt {
      prototype = realm[.bigIntPrototype]
    } else {
      return nil
    }
    return prototype.isObject ? prototype.asObject : nil
  }

  /// The name of the property on the receiver (or its prototypes) that holds the function,
  /// as V8 finds it for `[as method]`: the function's own name when that property holds it.
  private func methodName(of callee: Value, on this: Value, functionName: String) -> String? {
    guard let start = receiverObject(this) else { return nil }
    if !functionName.isEmpty, dataPropertyOnChain(start, propertyKey(functionName)) == callee {
      return functionName
    }
    var current: ObjectRef? = start
    var depth = 0
    while let object = current, depth < 4 {
      if let key = ordinaryKey(of: object, holding: callee) { return key }
      let prototype = object.prototype
      current = prototype.isObject ? prototype.asObject : nil
      depth += 1
    }
    return nil
  }

  /// The string key of an own data property whose value is `value`, looked for only in
  /// ordinary objects of modest size (a stack trace must stay cheap).
  private func ordinaryKey(of object: ObjectRef, holding value: Value) -> String? {
    switch object.objectClass {
    case .proxy, .host, .moduleNamespace, .array, .typedArray, .arguments, .stringObject: return nil
    default: break
    }
    let keys = ordinaryOwnPropertyKeys(object)
    guard keys.count <= 256 else { return nil }
    for key in keys where key.isString {
      if case .data(let found, _, _) = lookupOwnOrdinary(object, key), found == value {
        return key.atom.swiftString(heap)
      }
    }
    return nil
  }

  /// A data property found on the prototype chain without running getters or traps.
  private func dataPropertyOnChain(_ object: ObjectRef, _ key: PropertyKey) -> Value? {
    var current: ObjectRef? = object
    var depth = 0
    while let candidate = current, depth < 32 {
      switch lookupOwn(candidate, key) {
      case .data(let value, _, _): return value
      case .absent: break
      default: return nil
      }
      let prototype = candidate.prototype
      current = prototype.isObject ? prototype.asObject : nil
      depth += 1
    }
    return nil
  }

  /// Marks the builtin `holder[name]` as one that stack traces leave out.
  func hideFromStackTraces(_ holder: ObjectRef, _ name: String) {
    if case .data(let function, _, _) = lookupOwn(holder, propertyKey(name)), function.isObject {
      function.asObject.flags |= ObjectFlags.hiddenFromStackTraces
    }
  }

  /// A function's `name` as a stack trace shows it (its own string data property).
  private func functionNameForStack(_ function: Value) -> String {
    guard function.isObject, case .data(let name, _, _) = lookupOwn(function.asObject, names.name), name.isString
    else { return "" }
    return name.asString.swiftString(heap)
  }
}
