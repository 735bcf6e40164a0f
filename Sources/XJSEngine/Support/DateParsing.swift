// Date.parse (ES2024 21.4.3.2): the Date Time String Format of 21.4.1.32 exactly, and,
// as the spec permits for other strings, the forgiving "legacy" formats that V8 accepts
// (its toString and toUTCString output, "Jan 1 2000", "2000/01/02 10:00",
// "1 January 2000 10:00 GMT+0200", ...), following V8's rules so results match node.
// Anything else is NaN.

extension DateMath {
  /// Date.parse of an already stringified argument; local times use `zone`.
  static func parse<C: UnsignedInteger & FixedWidthInteger>(
    _ text: UnsafeBufferPointer<C>, zone: inout LocalTimeZone
  ) -> Double {
    var parser = DateStringParser(DateStringScanner(NumberParsing.CodeUnits(text)))
    guard let parsed = parser.parse() else { return .nan }
    return parsed.timeValue(zone: &zone)
  }

  static func parse(_ text: String, zone: inout LocalTimeZone) -> Double {
    Array(text.utf16).withUnsafeBufferPointer { parse($0, zone: &zone) }
  }
}

// The parser's pieces are nested in DateMath so their short names cannot collide with
// other types of the module.
extension DateMath {
  // MARK: - Tokens

  /// Keywords are recognised by their first three letters (month names may be longer).
  private enum DateKeyword: Equatable {
    case monthName(Int)  // 1-12
    case timeZoneName(hours: Int)  // offset from UTC
    case timeSeparator  // "T"
    case amPm(hourOffset: Int)
    case unknown  // any other word

    /// Three lower-cased code units packed into one key (16 bits each; zero pads short words).
    static func key(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt64 {
      UInt64(a) << 32 | UInt64(b) << 16 | UInt64(c)
    }

    private static func key(_ word: StaticString) -> UInt64 {
      var units: [UInt32] = [0, 0, 0]
      for i in 0..<word.utf8CodeUnitCount { units[i] = UInt32(word.utf8Start[i]) }
      return key(units[0], units[1], units[2])
    }

    private static let table: [(UInt64, DateKeyword)] = [
      (key("jan"), .monthName(1)), (key("feb"), .monthName(2)), (key("mar"), .monthName(3)),
      (key("apr"), .monthName(4)), (key("may"), .monthName(5)), (key("jun"), .monthName(6)),
      (key("jul"), .monthName(7)), (key("aug"), .monthName(8)), (key("sep"), .monthName(9)),
      (key("oct"), .monthName(10)), (key("nov"), .monthName(11)), (key("dec"), .monthName(12)),
      (key("am"), .amPm(hourOffset: 0)), (key("pm"), .amPm(hourOffset: 12)),
      (key("ut"), .timeZoneName(hours: 0)), (key("utc"), .timeZoneName(hours: 0)),
      (key("z"), .timeZoneName(hours: 0)), (key("gmt"), .timeZoneName(hours: 0)),
      (key("cdt"), .timeZoneName(hours: -5)), (key("cst"), .timeZoneName(hours: -6)),
      (key("edt"), .timeZoneName(hours: -4)), (key("est"), .timeZoneName(hours: -5)),
      (key("mdt"), .timeZoneName(hours: -6)), (key("mst"), .timeZoneName(hours: -7)),
      (key("pdt"), .timeZoneName(hours: -7)), (key("pst"), .timeZoneName(hours: -8)),
      (key("t"), .timeSeparator),
    ]

    /// A word's keyword from the key of its first three units and its length.
    static func lookup(key prefix: UInt64, length: Int) -> DateKeyword {
      for (name, keyword) in table where name == prefix {
        if length <= 3 { return keyword }
        if case .monthName = keyword { return keyword }  // only month names may be longer
      }
      return .unknown
    }
  }

  private enum DateToken: Equatable {
    /// Digits: the value of their first 9 significant digits, and how many characters they took.
    case number(Int, length: Int)
    case symbol(UInt32)  // one of : - + . )
    case word(DateKeyword, length: Int)
    case whiteSpace
    case unknown
    case end

    var isNumber: Bool {
      if case .number = self { return true }
      return false
    }

    func isNumber(ofLength expected: Int) -> Bool {
      if case .number(_, let length) = self { return length == expected }
      return false
    }

    var numberValue: Int {
      if case .number(let value, _) = self { return value }
      return -1
    }

    var isSign: Bool { self == .symbol(0x2B) || self == .symbol(0x2D) }

    /// "Z" or "z" alone.
    var isZ: Bool {
      if case .word(.timeZoneName(0), 1) = self { return true }
      return false
    }

    var isTimeSeparator: Bool {
      if case .word(.timeSeparator, _) = self { return true }
      return false
    }
  }

  /// Splits the string into date tokens; a NUL code unit ends the input, as in V8.
  private struct DateStringScanner<C: UnsignedInteger & FixedWidthInteger> {
    private let units: NumberParsing.CodeUnits<C>
    private var position = 0
    private(set) var peek: DateToken = .end

    init(_ units: NumberParsing.CodeUnits<C>) {
      self.units = units
      peek = scan()
    }

    mutating func next() -> DateToken {
      let token = peek
      peek = scan()
      return token
    }

    mutating func skip(symbol: Unicode.Scalar) -> Bool {
      if peek == .symbol(symbol.value) {
        _ = next()
        return true
      }
      return false
    }

    private var current: UInt32 { position < units.count ? units[position] : 0 }

    private static func isDigit(_ c: UInt32) -> Bool { c &- 0x30 <= 9 }

    /// WhiteSpace of 12.2 (line terminators excluded, they may end up inside words as in V8).
    private static func isWhiteSpace(_ c: UInt32) -> Bool {
      NumberParsing.isStrWhiteSpace(c) && !(c == 0x0A || c == 0x0D || c == 0x2028 || c == 0x2029)
    }

    private mutating func scan() -> DateToken {
      let start = position
      let c = current
      if c == 0 { return .end }
      if Self.isDigit(c) { return scanNumber(from: start) }
      switch c {
      case 0x3A, 0x2D, 0x2B, 0x2E, 0x29:  // : - + . )
        position += 1
        return .symbol(c)
      default: break
      }
      if c >= 0x41 && !Self.isWhiteSpace(c) { return scanWord() }
      if NumberParsing.isStrWhiteSpace(c) {
        position += 1
        return .whiteSpace
      }
      if c == 0x28 {  // '(' ... matching ')' or the end is ignored
        var depth = 0
        repeat {
          if current == 0x29 { depth -= 1 } else if current == 0x28 { depth += 1 }
          position += 1
        } while depth > 0 && current != 0
        return .unknown
      }
      position += 1
      return .unknown
    }

    private mutating func scanNumber(from start: Int) -> DateToken {
      while current == 0x30 { position += 1 }  // leading zeros
      var value = 0
      var digits = 0
      while Self.isDigit(current) {
        if digits < 9 { value = value * 10 + Int(current - 0x30) }
        digits += 1
        position += 1
      }
      return .number(value, length: position - start)
    }

    private mutating func scanWord() -> DateToken {
      var prefix: (UInt32, UInt32, UInt32) = (0, 0, 0)
      var length = 0
      while current >= 0x41 && !Self.isWhiteSpace(current) {
        let lowered = current | 0x20
        switch length {
        case 0: prefix.0 = lowered
        case 1: prefix.1 = lowered
        case 2: prefix.2 = lowered
        default: break
        }
        length += 1
        position += 1
      }
      let key = DateKeyword.key(prefix.0, prefix.1, prefix.2)
      return .word(DateKeyword.lookup(key: key, length: length), length: length)
    }
  }

  // MARK: - Composers

  /// A component the string did not give.
  private static let missing = Int.max

  private static func between(_ x: Int, _ low: Int, _ high: Int) -> Bool { x >= low && x <= high }

  /// Up to four numbers without a heap allocation.
  private struct SmallNumbers {
    private var storage: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private(set) var count = 0

    mutating func append(_ n: Int) {
      switch count {
      case 0: storage.0 = n
      case 1: storage.1 = n
      case 2: storage.2 = n
      default: storage.3 = n
      }
      count += 1
    }

    /// The i-th number, or `fallback` when fewer were given.
    func at(_ i: Int, or fallback: Int) -> Int {
      guard i < count else { return fallback }
      switch i {
      case 0: return storage.0
      case 1: return storage.1
      case 2: return storage.2
      default: return storage.3
      }
    }
  }

  /// Year, month and day numbers as they come, ordered when the string is complete.
  private struct DayComposer {
    var components = SmallNumbers()
    var namedMonth = missing
    var isISODate = false

    var isEmpty: Bool { components.count == 0 }

    mutating func add(_ n: Int) -> Bool {
      guard components.count < 3 else { return false }
      components.append(n)
      return true
    }

    /// (year, month 0-11, day), or nil when they make no date.
    func resolve() -> (Int, Int, Int)? {
      guard !isEmpty else { return nil }
      // Month and day default to 1.
      let c = (components.at(0, or: 1), components.at(1, or: 1), components.at(2, or: 1))
      let count = components.count
      var year = 2001  // the year when none is given, as in node 20
      let month: Int
      let day: Int
      if namedMonth == missing {
        if isISODate || !between(c.0, 1, 31) {
          (year, month, day) = (c.0, c.1, c.2)  // YMD
        } else {
          (month, day) = (c.0, c.1)  // MD(Y)
          if count == 3 { year = c.2 }
        }
      } else {
        month = namedMonth
        if !between(c.0, 1, 31) {
          (year, day) = (c.0, c.1)  // YMD, MYD or YDM
        } else if count == 1 {
          day = c.0
        } else {
          (day, year) = (c.0, c.1)  // DMY, MDY or DYM
        }
      }
      if !isISODate {
        if between(year, 0, 49) {
          year += 2000
        } else if between(year, 50, 99) {
          year += 1900
        }
      }
      guard between(month, 1, 12), between(day, 1, 31) else { return nil }
      return (year, month - 1, day)
    }
  }

  /// Hours, minutes, seconds and milliseconds, with an AM/PM adjustment.
  private struct TimeComposer {
    var components = SmallNumbers()
    var hourOffset = missing

    var isEmpty: Bool { components.count == 0 }

    func isExpecting(_ n: Int) -> Bool {
      switch components.count {
      case 1: return between(n, 0, 59)
      case 2: return between(n, 0, 59)
      case 3: return between(n, 0, 999)
      default: return false
      }
    }

    mutating func add(_ n: Int) -> Bool {
      guard components.count < 4 else { return false }
      components.append(n)
      return true
    }

    /// Adds the last component given; the rest are zero.
    mutating func addFinal(_ n: Int) -> Bool {
      guard add(n) else { return false }
      while components.count < 4 { components.append(0) }
      return true
    }

    func resolve() -> (Int, Int, Int, Int)? {
      var hour = components.at(0, or: 0)  // missing parts are zero
      if hourOffset != missing {
        guard between(hour, 0, 12) else { return nil }
        hour = hour % 12 + hourOffset
      }
      let (minute, second, millisecond) = (
        components.at(1, or: 0), components.at(2, or: 0), components.at(3, or: 0)
      )
      let valid =
        between(hour, 0, 23) && between(minute, 0, 59) && between(second, 0, 59)
        && between(millisecond, 0, 999)
      // 24:00:00.000 is the end of the day.
      guard valid || (hour == 24 && minute == 0 && second == 0 && millisecond == 0) else {
        return nil
      }
      return (hour, minute, second, millisecond)
    }
  }

  /// An explicit offset from UTC, if the string has one.
  private struct TimeZoneComposer {
    var sign = missing
    var hour = missing
    var minute = missing

    var isEmpty: Bool { hour == missing }
    var isUTC: Bool { hour == 0 && minute == 0 }

    mutating func set(hours: Int) {
      sign = hours < 0 ? -1 : 1
      hour = abs(hours)
      minute = 0
    }

    func isExpecting(_ n: Int) -> Bool { hour != missing && minute == missing && between(n, 0, 59) }

    enum Resolution {
      case localTime
      case offsetSeconds(Int)
      case invalid
    }

    func resolve() -> Resolution {
      guard sign != missing else { return .localTime }
      let h = hour == missing ? 0 : hour
      let m = minute == missing ? 0 : minute
      let total = h * 3600 + m * 60
      guard total <= Int(Int32.max) else { return .invalid }
      return .offsetSeconds(sign < 0 ? -total : total)
    }
  }

  // MARK: - Parser

  private struct ParsedDate {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    var millisecond: Int
    var offsetSeconds: Int?  // nil: local time

    /// 8.64e15 ms plus ten days: local times may need their offset before they are clipped.
    static let maxLocalTime: Double = 8.64e15 + 864_000_000

    func timeValue(zone: inout DateMath.LocalTimeZone) -> Double {
      let dayNumber = DateMath.makeDay(year: Double(year), month: Double(month), date: Double(day))
      let time = DateMath.makeTime(
        hour: Double(hour), minute: Double(minute), second: Double(second),
        millisecond: Double(millisecond))
      var date = DateMath.makeDate(day: dayNumber, time: time)
      guard date.isFinite else { return .nan }
      if let offset = offsetSeconds {
        date -= Double(offset) * 1000
        guard date.magnitude <= DateMath.maxTimeValue else { return .nan }
      } else {
        guard date.magnitude <= Self.maxLocalTime else { return .nan }
        date = zone.utc(date)
      }
      return DateMath.timeClip(date)
    }
  }

  private struct DateStringParser<C: UnsignedInteger & FixedWidthInteger> {
    var scanner: DateStringScanner<C>
    var day = DayComposer()
    var time = TimeComposer()
    var zone = TimeZoneComposer()

    init(_ scanner: DateStringScanner<C>) { self.scanner = scanner }

    /// Milliseconds from a fraction's digits: the first three significant ones (V8 counts the
    /// digits beyond nine as if they were not there).
    static func milliseconds(_ token: DateToken) -> Int {
      guard case .number(var number, var length) = token else { return 0 }
      if length == 1 {
        number *= 100
      } else if length == 2 {
        number *= 10
      } else if length > 3 {
        length = min(length, 9)
        var factor = 1
        while length > 3 {
          factor *= 10
          length -= 1
        }
        number /= factor
      }
      return number
    }

    enum ISOOutcome {
      case complete
      case invalid
      case continueWith(DateToken)  // not (all) ISO: the legacy rules take over at this token
    }

    /// The Date Time String Format (21.4.1.32):
    /// [+-YY]YYYY[-MM[-DD]][THH:mm[:ss[.sss]][Z|(+|-)HH:mm]], plus V8's extensions
    /// (any number of fraction digits, +HHmm offsets).
    mutating func parseISO() -> ISOOutcome {
      if scanner.peek.isSign {
        let signToken = scanner.next()
        guard scanner.peek.isNumber(ofLength: 6) else { return .continueWith(signToken) }
        let sign = signToken == .symbol(0x2D) ? -1 : 1
        let year = scanner.next().numberValue
        if sign < 0 && year == 0 { return .continueWith(signToken) }  // -000000 is not a year
        _ = day.add(sign * year)
      } else if scanner.peek.isNumber(ofLength: 4) {
        _ = day.add(scanner.next().numberValue)
      } else {
        return .continueWith(scanner.next())
      }
      if scanner.skip(symbol: "-") {
        guard scanner.peek.isNumber(ofLength: 2), between(scanner.peek.numberValue, 1, 12) else {
          return .continueWith(scanner.next())
        }
        _ = day.add(scanner.next().numberValue)
        if scanner.skip(symbol: "-") {
          guard scanner.peek.isNumber(ofLength: 2), between(scanner.peek.numberValue, 1, 31) else {
            return .continueWith(scanner.next())
          }
          _ = day.add(scanner.next().numberValue)
        }
      }
      if !scanner.peek.isTimeSeparator {
        if scanner.peek != .end { return .continueWith(scanner.next()) }
      } else if !parseISOTime() {
        return .invalid
      }
      // Date-only forms are UTC; date-time forms without an offset are local time.
      if zone.isEmpty && time.isEmpty { zone.set(hours: 0) }
      day.isISODate = true
      return .complete
    }

    /// 'T'HH:mm[:ss[.sss]][Z|+-HH:mm|+-HHmm] up to the end of the string.
    private mutating func parseISOTime() -> Bool {
      _ = scanner.next()  // T
      guard scanner.peek.isNumber(ofLength: 2), between(scanner.peek.numberValue, 0, 24) else {
        return false
      }
      let hourIs24 = scanner.peek.numberValue == 24  // only as 24:00[:00[.000]]
      _ = time.add(scanner.next().numberValue)
      guard scanner.skip(symbol: ":") else { return false }
      guard scanner.peek.isNumber(ofLength: 2), between(scanner.peek.numberValue, 0, 59),
        !(hourIs24 && scanner.peek.numberValue > 0)
      else { return false }
      _ = time.add(scanner.next().numberValue)
      if scanner.skip(symbol: ":") {
        guard scanner.peek.isNumber(ofLength: 2), between(scanner.peek.numberValue, 0, 59),
          !(hourIs24 && scanner.peek.numberValue > 0)
        else { return false }
        _ = time.add(scanner.next().numberValue)
        if scanner.skip(symbol: ".") {
          guard scanner.peek.isNumber, !(hourIs24 && scanner.peek.numberValue > 0) else {
            return false
          }
          _ = time.add(Self.milliseconds(scanner.next()))
        }
      }
      if scanner.peek.isZ {
        _ = scanner.next()
        zone.set(hours: 0)
      } else if scanner.peek.isSign {
        zone.sign = scanner.next() == .symbol(0x2B) ? 1 : -1
        if scanner.peek.isNumber(ofLength: 4) {
          let hourMinute = scanner.next().numberValue
          guard between(hourMinute / 100, 0, 23), between(hourMinute % 100, 0, 59) else {
            return false
          }
          (zone.hour, zone.minute) = (hourMinute / 100, hourMinute % 100)
        } else {
          guard scanner.peek.isNumber(ofLength: 2), between(scanner.peek.numberValue, 0, 23) else {
            return false
          }
          zone.hour = scanner.next().numberValue
          guard scanner.skip(symbol: ":") else { return false }
          guard scanner.peek.isNumber(ofLength: 2), between(scanner.peek.numberValue, 0, 59) else {
            return false
          }
          zone.minute = scanner.next().numberValue
        }
      }
      return scanner.peek == .end
    }

    mutating func parse() -> ParsedDate? {
      let first: DateToken
      switch parseISO() {
      case .invalid: return nil
      case .complete: first = .end
      case .continueWith(let token): first = token
      }
      var hasReadNumber = !day.isEmpty
      var token = first
      while token != .end {
        guard legacyStep(token, hasReadNumber: &hasReadNumber) else { return nil }
        token = scanner.next()
      }
      guard let (year, month, dayOfMonth) = day.resolve(),
        let (hour, minute, second, ms) = time.resolve()
      else { return nil }
      let offset: Int?
      switch zone.resolve() {
      case .invalid: return nil
      case .localTime: offset = nil
      case .offsetSeconds(let seconds): offset = seconds
      }
      return ParsedDate(
        year: year, month: month, day: dayOfMonth, hour: hour, minute: minute, second: second,
        millisecond: ms, offsetSeconds: offset)
    }

    /// One token of a legacy date; false when the string cannot be a date.
    private mutating func legacyStep(_ token: DateToken, hasReadNumber: inout Bool) -> Bool {
      switch token {
      case .number(let n, _):
        hasReadNumber = true
        return legacyNumber(n)
      case .word(let keyword, _):
        switch keyword {
        case .amPm(let offset) where !time.isEmpty:
          time.hourOffset = offset
        case .monthName(let month):
          day.namedMonth = month
          _ = scanner.skip(symbol: "-")
        case .timeZoneName(let hours) where hasReadNumber:
          zone.set(hours: hours)
        default:
          // Words are noise before the first number, but may not touch it.
          if hasReadNumber || scanner.peek.isNumber { return false }
        }
        return true
      case .symbol where token.isSign && (zone.isUTC || !time.isEmpty):
        return legacyOffset(sign: token == .symbol(0x2B) ? 1 : -1, hasReadNumber: &hasReadNumber)
      case .symbol(0x29) where hasReadNumber:
        return false  // an unmatched ')'
      case .symbol where token.isSign && hasReadNumber:
        return false  // an extra sign
      default:
        return true  // other characters and white space are ignored
      }
    }

    private mutating func legacyNumber(_ n: Int) -> Bool {
      if scanner.skip(symbol: ":") {
        if scanner.skip(symbol: ":") {
          // "n::" is a time with zero minutes.
          guard time.isEmpty else { return false }
          _ = time.add(n)
          _ = time.add(0)
        } else {
          guard time.add(n) else { return false }
          if scanner.peek == .symbol(0x2E) { _ = scanner.next() }
        }
      } else if scanner.skip(symbol: "."), time.isExpecting(n) {
        _ = time.add(n)
        guard scanner.peek.isNumber else { return false }
        _ = time.addFinal(Self.milliseconds(scanner.next()))
      } else if zone.isExpecting(n) {
        zone.minute = n
      } else if time.isExpecting(n) {
        _ = time.addFinal(n)
        // The time must end here: end, white space, Z or a sign.
        let next = scanner.peek
        guard next == .end || next == .whiteSpace || next.isZ || next.isSign else { return false }
      } else {
        guard day.add(n) else { return false }
        _ = scanner.skip(symbol: "-")
      }
      return true
    }

    /// "+hhmm", "+hh", "+hh:mm" after a time or "GMT"/"UTC".
    private mutating func legacyOffset(sign: Int, hasReadNumber: inout Bool) -> Bool {
      zone.sign = sign
      var n = 0
      var length = 0
      if case .number(let value, let digits) = scanner.peek {
        _ = scanner.next()
        (n, length) = (value, digits)
      }
      hasReadNumber = true
      if scanner.peek == .symbol(0x3A) {
        zone.hour = n
        zone.minute = missing  // the minutes follow as a number
      } else if length == 1 || length == 2 {
        (zone.hour, zone.minute) = (n, 0)
      } else if length == 3 || length == 4 {
        (zone.hour, zone.minute) = (n / 100, n % 100)
      } else {
        return false
      }
      return true
    }
  }
}
