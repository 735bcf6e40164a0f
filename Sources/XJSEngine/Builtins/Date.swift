#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Date (ES2024 21.4) with the Annex B methods getYear, setYear and toGMTString.
// The time math and the string formats are in Support/DateMath.swift and
// Support/DateParsing.swift; local time follows TZ through the runtime's
// LocalTimeZone. A Date object keeps its time value in internal slot 0.

extension Realm {
  func installDate(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.datePrototype] = prototype.value
    let constructor = makeConstructor("Date", length: 7, prototype: prototype) {
      runtime, arguments throws(JSException) in
      try runtime.constructDate(arguments)
    }
    self[.dateConstructor] = constructor.value
    runtime.defineNativeMethod(constructor, "now", length: 0) { runtime, _ throws(JSException) in
      Value(number: runtime.currentTimeValue())
    }
    runtime.defineNativeMethod(constructor, "parse", length: 1) { runtime, arguments throws(JSException) in
      Value(number: runtime.parseDate(try runtime.toString(arguments[0])))
    }
    runtime.defineNativeMethod(constructor, "UTC", length: 7) { runtime, arguments throws(JSException) in
      // ES2024 21.4.3.4: the fields in UTC, with two-digit years meaning 19xx.
      let fields = try runtime.dateFieldArguments(arguments, defaultMonth: 0)
      return Value(number: DateMath.timeClip(fields))
    }
    deferProperties(of: prototype, to: .datePrototype)
  }

  func installDatePrototypeProperties(_ runtime: Runtime, _ prototype: ObjectRef) {
    installDateGetters(runtime, prototype)
    installDateSetters(runtime, prototype)
    installDateConversions(runtime, prototype)
  }

  private func installDateGetters(_ runtime: Runtime, _ prototype: ObjectRef) {
    let fields: [(String, (DateMath.Fields) -> Double)] = [
      ("Date", { Double($0.day) }), ("Day", { Double($0.weekDay) }), ("FullYear", { Double($0.year) }),
      ("Hours", { Double($0.hour) }), ("Milliseconds", { Double($0.millisecond) }),
      ("Minutes", { Double($0.minute) }), ("Month", { Double($0.month) }), ("Seconds", { Double($0.second) }),
    ]
    for (field, read) in fields {
      for utc in [false, true] {
        let name = "get" + (utc ? "UTC" : "") + field
        runtime.defineNativeMethod(prototype, name, length: 0) { runtime, arguments throws(JSException) in
          let t = try runtime.thisTimeValue(arguments, "Date.prototype.\(name)")
          guard let parts = DateMath.fields(utc ? t : runtime.localTimeZone.localTime(t)) else {
            return Value(Double.nan)
          }
          return Value(number: read(parts))
        }
      }
    }
    runtime.defineNativeMethod(prototype, "getTime", length: 0) { runtime, arguments throws(JSException) in
      Value(number: try runtime.thisTimeValue(arguments, "Date.prototype.getTime"))
    }
    runtime.defineNativeMethod(prototype, "getTimezoneOffset", length: 0) { runtime, arguments throws(JSException) in
      let t = try runtime.thisTimeValue(arguments, "Date.prototype.getTimezoneOffset")
      if t.isNaN { return Value(Double.nan) }
      return Value(number: (t - runtime.localTimeZone.localTime(t)) / DateMath.msPerMinute)
    }
    // Annex B.2.3.1
    runtime.defineNativeMethod(prototype, "getYear", length: 0) { runtime, arguments throws(JSException) in
      let t = try runtime.thisTimeValue(arguments, "Date.prototype.getYear")
      guard let parts = DateMath.fields(runtime.localTimeZone.localTime(t)) else { return Value(Double.nan) }
      return Value(number: Double(parts.year) - 1900)
    }
  }

  private func installDateSetters(_ runtime: Runtime, _ prototype: ObjectRef) {
    typealias Compute = (Double, [Double?]) -> Double
    // Each computes the new (local or UTC) time from the current one and the coerced arguments.
    let setters: [(String, Int, Compute)] = [
      (
        "Milliseconds", 1,
        { t, a in
          DateMath.makeDate(
            day: DateMath.day(t),
            time: DateMath.makeTime(
              hour: DateMath.hourFromTime(t), minute: DateMath.minFromTime(t), second: DateMath.secFromTime(t),
              millisecond: a[0]!))
        }
      ),
      (
        "Seconds", 2,
        { t, a in
          DateMath.makeDate(
            day: DateMath.day(t),
            time: DateMath.makeTime(
              hour: DateMath.hourFromTime(t), minute: DateMath.minFromTime(t), second: a[0]!,
              millisecond: a[1] ?? DateMath.msFromTime(t)))
        }
      ),
      (
        "Minutes", 3,
        { t, a in
          DateMath.makeDate(
            day: DateMath.day(t),
            time: DateMath.makeTime(
              hour: DateMath.hourFromTime(t), minute: a[0]!, second: a[1] ?? DateMath.secFromTime(t),
              millisecond: a[2] ?? DateMath.msFromTime(t)))
        }
      ),
      (
        "Hours", 4,
        { t, a in
          DateMath.makeDate(
            day: DateMath.day(t),
            time: DateMath.makeTime(
              hour: a[0]!, minute: a[1] ?? DateMath.minFromTime(t), second: a[2] ?? DateMath.secFromTime(t),
              millisecond: a[3] ?? DateMath.msFromTime(t)))
        }
      ),
      (
        "Date", 1,
        { t, a in
          DateMath.makeDate(
            day: DateMath.makeDay(year: DateMath.yearFromTime(t), month: DateMath.monthFromTime(t), date: a[0]!),
            time: DateMath.timeWithinDay(t))
        }
      ),
      (
        "Month", 2,
        { t, a in
          DateMath.makeDate(
            day: DateMath.makeDay(
              year: DateMath.yearFromTime(t), month: a[0]!, date: a[1] ?? DateMath.dateFromTime(t)),
            time: DateMath.timeWithinDay(t))
        }
      ),
      (
        "FullYear", 3,
        { t, a in
          DateMath.makeDate(
            day: DateMath.makeDay(
              year: a[0]!, month: a[1] ?? DateMath.monthFromTime(t), date: a[2] ?? DateMath.dateFromTime(t)),
            time: DateMath.timeWithinDay(t))
        }
      ),
    ]
    for (field, length, compute) in setters {
      for utc in [false, true] {
        let name = "set" + (utc ? "UTC" : "") + field
        // Only the full-year setters start from +0 when the date is invalid (21.4.4.21 step 4).
        let nanStartsAtZero = field == "FullYear"
        runtime.defineNativeMethod(prototype, name, length: length) { runtime, arguments throws(JSException) in
          try runtime.setDateFields(
            arguments, "Date.prototype.\(name)", count: length, utc: utc, nanStartsAtZero: nanStartsAtZero,
            compute)
        }
      }
    }
    runtime.defineNativeMethod(prototype, "setTime", length: 1) { runtime, arguments throws(JSException) in
      let date = try runtime.thisDate(arguments, "Date.prototype.setTime")
      let t = DateMath.timeClip(try runtime.toNumber(arguments[0]))
      date.setInternalSlot(0, Value(number: t))
      return Value(number: t)
    }
    // Annex B.2.3.2
    runtime.defineNativeMethod(prototype, "setYear", length: 1) { runtime, arguments throws(JSException) in
      try runtime.setDateFields(arguments, "Date.prototype.setYear", count: 1, utc: false, nanStartsAtZero: true) {
        t, a in
        DateMath.makeDate(
          day: DateMath.makeDay(
            year: Runtime.makeFullYear(a[0]!), month: DateMath.monthFromTime(t), date: DateMath.dateFromTime(t)),
          time: DateMath.timeWithinDay(t))
      }
    }
  }

  private func installDateConversions(_ runtime: Runtime, _ prototype: ObjectRef) {
    let formats: [(String, (Runtime, Double) -> String)] = [
      ("toDateString", { runtime, t in DateMath.toDateString(t, zone: &runtime.localTimeZone) }),
      ("toISOString", { _, t in DateMath.toISOString(t) ?? "" }),
      ("toLocaleDateString", { runtime, t in runtime.localeDateString(t, date: true, time: false) }),
      ("toLocaleString", { runtime, t in runtime.localeDateString(t, date: true, time: true) }),
      ("toLocaleTimeString", { runtime, t in runtime.localeDateString(t, date: false, time: true) }),
      ("toString", { runtime, t in DateMath.toString(t, zone: &runtime.localTimeZone) }),
      ("toTimeString", { runtime, t in DateMath.toTimeString(t, zone: &runtime.localTimeZone) }),
      ("toUTCString", { _, t in DateMath.toUTCString(t) }),
    ]
    for (name, format) in formats {
      let function = runtime.defineNativeMethod(prototype, name, length: 0) { runtime, arguments throws(JSException) in
        let t = try runtime.thisTimeValue(arguments, "Date.prototype.\(name)")
        if name == "toISOString" && !t.isFinite { throw runtime.rangeError("Invalid time value") }
        return runtime.newString(format(runtime, t)).value
      }
      // Annex B.2.3.3: toGMTString is the same function object as toUTCString.
      if name == "toUTCString" {
        runtime.addProperty(prototype, runtime.propertyKey("toGMTString"), function.value, .builtin)
      }
    }
    runtime.defineNativeMethod(prototype, "toJSON", length: 1) { runtime, arguments throws(JSException) in
      // ES2024 21.4.4.37
      let object = try runtime.toObject(arguments.this)
      let primitive = try runtime.toPrimitive(object.value, preferring: .number)
      if primitive.isNumber && !primitive.asNumber.isFinite { return .null }
      let toISOString = try runtime.get(object, runtime.propertyKey("toISOString"))
      return try runtime.call(toISOString, this: object.value, arguments: [])
    }
    runtime.defineNativeMethod(prototype, "valueOf", length: 0) { runtime, arguments throws(JSException) in
      Value(number: try runtime.thisTimeValue(arguments, "Date.prototype.valueOf"))
    }
    runtime.defineNativeMethod(
      prototype, runtime.symbols.toPrimitive, name: "[Symbol.toPrimitive]", length: 1, attributes: [.configurable]
    ) { runtime, arguments throws(JSException) in
      // ES2024 21.4.4.45
      let this = arguments.this
      guard this.isObject else {
        throw runtime.typeError("Date.prototype [ @@toPrimitive ] called on non-object")
      }
      let hint = arguments[0]
      guard hint.isString else { throw runtime.typeError("Invalid hint: \(runtime.describeForError(hint))") }
      switch hint.asString.swiftString(runtime.heap) {
      case "string", "default": return try runtime.ordinaryToPrimitive(this.asObject, .string)
      case "number": return try runtime.ordinaryToPrimitive(this.asObject, .number)
      default: throw runtime.typeError("Invalid hint: \(hint.asString.swiftString(runtime.heap))")
      }
    }
  }
}

extension Runtime {
  /// The current time value: milliseconds since the epoch, whole.
  func currentTimeValue() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000)
  }

  func parseDate(_ string: StringRef) -> Double {
    string.flattened(heap)
    if string.isLatin1 {
      return DateMath.parse(
        UnsafeBufferPointer(start: string.latin1Characters, count: string.length), zone: &localTimeZone)
    }
    return DateMath.parse(
      UnsafeBufferPointer(start: string.utf16Characters, count: string.length), zone: &localTimeZone)
  }

  func thisDate(_ arguments: NativeArguments, _ method: String) throws(JSException) -> ObjectRef {
    let this = arguments.this
    guard this.isObject, this.asObject.objectClass == .date else { throw typeError("this is not a Date object.") }
    return this.asObject
  }

  /// thisTimeValue (ES2024 21.4.4)
  func thisTimeValue(_ arguments: NativeArguments, _ method: String) throws(JSException) -> Double {
    try thisDate(arguments, method).internalSlot(0).asNumber
  }

  /// MakeFullYear (ES2024 21.4.1.28): two-digit years mean 1900–1999.
  static func makeFullYear(_ year: Double) -> Double {
    if year.isNaN { return .nan }
    let truncated = year.rounded(.towardZero)
    return truncated >= 0 && truncated <= 99 ? 1900 + truncated : year
  }

  /// The year, month, … arguments of Date(y, m, …) and Date.UTC as a time value (not yet clipped,
  /// not yet converted from local time).
  func dateFieldArguments(_ arguments: NativeArguments, defaultMonth: Double) throws(JSException) -> Double {
    let year = try toNumber(arguments[0])
    var numbers: [Double] = [defaultMonth, 1, 0, 0, 0, 0]
    for index in 1..<7 where index < arguments.count { numbers[index - 1] = try toNumber(arguments[index]) }
    let day = DateMath.makeDay(year: Runtime.makeFullYear(year), month: numbers[0], date: numbers[1])
    let time = DateMath.makeTime(hour: numbers[2], minute: numbers[3], second: numbers[4], millisecond: numbers[5])
    return DateMath.makeDate(day: day, time: time)
  }

  /// The Date constructor (ES2024 21.4.2.1).
  func constructDate(_ arguments: NativeArguments) throws(JSException) -> Value {
    guard arguments.isConstructCall else {
      return newString(DateMath.toString(currentTimeValue(), zone: &localTimeZone)).value
    }
    let timeValue: Double
    switch arguments.count {
    case 0:
      timeValue = currentTimeValue()
    case 1:
      let value = arguments[0]
      if value.isObject && value.asObject.objectClass == .date {
        timeValue = DateMath.timeClip(value.asObject.internalSlot(0).asNumber)
      } else {
        let primitive = try toPrimitive(value)
        if primitive.isString {
          timeValue = DateMath.timeClip(parseDate(primitive.asString))
        } else {
          timeValue = DateMath.timeClip(try toNumber(primitive))
        }
      }
    default:
      let local = try dateFieldArguments(arguments, defaultMonth: 0)
      timeValue = DateMath.timeClip(localTimeZone.utc(local))
    }
    let prototype = try prototypeFromConstructor(arguments.newTarget, fallback: .datePrototype)
    let date = newObject(.date, prototype: prototype)
    date.setInternalSlot(0, Value(number: timeValue))
    return date.value
  }

  /// The common steps of the Date setters: read the time value, coerce the `count` arguments
  /// in order (absent optional ones stay nil; the first is always coerced), give up on an
  /// invalid date (or start from +0 for the full-year setters), compute in local time or UTC,
  /// clip and store.
  func setDateFields(
    _ arguments: NativeArguments, _ method: String, count: Int, utc: Bool, nanStartsAtZero: Bool,
    _ compute: (Double, [Double?]) -> Double
  ) throws(JSException) -> Value {
    let date = try thisDate(arguments, method)
    var t = date.internalSlot(0).asNumber
    var numbers: [Double?] = [try toNumber(arguments[0])]
    for index in 1..<max(count, 1) {
      numbers.append(index < arguments.count ? try toNumber(arguments[index]) : nil)
    }
    if t.isNaN {
      if !nanStartsAtZero { return Value(Double.nan) }
      t = 0
    } else if !utc {
      t = localTimeZone.localTime(t)
    }
    let newTime = compute(t, numbers)
    let clipped = DateMath.timeClip(utc ? newTime : localTimeZone.utc(newTime))
    date.setInternalSlot(0, Value(number: clipped))
    return Value(number: clipped)
  }

  /// toLocale{,Date,Time}String without Intl: en-US's format ("1/31/2024, 1:05:09 PM").
  func localeDateString(_ t: Double, date: Bool, time: Bool) -> String {
    guard t.isFinite, let f = DateMath.fields(localTimeZone.localTime(t)) else { return DateMath.invalidDate }
    var parts: [String] = []
    if date { parts.append("\(f.month + 1)/\(f.day)/\(f.year)") }
    if time {
      let hour = f.hour % 12 == 0 ? 12 : f.hour % 12
      let twoDigits = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
      parts.append("\(hour):\(twoDigits(f.minute)):\(twoDigits(f.second)) \(f.hour < 12 ? "AM" : "PM")")
    }
    return parts.joined(separator: ", ")
  }
}
