import XJSRegExp

// RegExp objects: creation from literals. (The RegExp builtin is in RegExp.swift.)

final class RegExpPayload {
  let program: RegExpProgram
  init(program: RegExpProgram) { self.program = program }
}

extension Runtime {
  /// `/pattern/flags` evaluated: a new RegExp object (the pattern was validated at parse time).
  func newRegExpFromLiteral(pattern: StringRef, flags: StringRef) throws(JSException) -> Value {
    try regExpCreate(pattern: pattern.value, flags: flags.value, newTarget: realm[.regExpConstructor]).value
  }

  /// RegExpAlloc + RegExpInitialize.
  func regExpCreate(pattern: Value, flags: Value, newTarget: Value) throws(JSException) -> ObjectRef {
    let prototype =
      newTarget.isUndefined
      ? realm[.regExpPrototype] : try prototypeFromConstructor(newTarget, fallback: .regExpPrototype)
    let object = newObject(.regExp, prototype: prototype)
    addProperty(object, names.lastIndex, Value(Int32(0)), [.writable])
    let patternString = pattern.isUndefined ? emptyString : try toString(pattern)
    let flagsString = flags.isUndefined ? emptyString : try toString(flags)
    let flagsText = flagsString.swiftString(heap)
    guard let parsedFlags = RegExpFlags(parsing: flagsText) else {
      throw syntaxError("Invalid regular expression flags '\(flagsText)'")
    }
    let program: RegExpProgram
    do {
      program = try RegExpProgram.compile(pattern: patternString.utf16Array(heap), flags: parsedFlags)
    } catch let error {
      throw syntaxError(
        "Invalid regular expression: /\(patternString.swiftString(heap))/\(flagsText): \(error.message)")
    }
    object.setInternalSlot(0, patternString.value)
    object.setInternalSlot(1, flagsString.value)
    object.setPayloadObject(RegExpPayload(program: program))
    return object
  }
}
