// The time value algorithms of ES2024 21.4.1, local time through the C library, and the
// Date string formats (21.4.4.35-43). Date.parse lives in DateParsing.swift.
//
// Time values are Doubles, as in the spec; calendar fields are computed with exact Int64
// day arithmetic (proleptic Gregorian, H. Hinnant's days/civil conversions), which is
// correct far beyond the +-8.64e15 ms range of time values.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum DateMath {
  static let msPerSecond: Double = 1000
  static let msPerMinute: Double = 60_000
  static let msPerHour: Double = 3_600_000
  static let msPerDay: Double = 86_400_000
  /// 21.4.1.1: time values lie within 100,000,000 days of the epoch.
  static let maxTimeValue: Double = 8.64e15

  // MARK: - Days and years (21.4.1.3-21.4.1.11)

  /// Day(t): the day number of a time value.
  static func day(_ t: Double) -> Double { (t / msPerDay).rounded(.down) }

  /// TimeWithinDay(t): milliseconds since the start of its day (t modulo msPerDay).
  static func timeWithinDay(_ t: Double) -> Double { modulo(t, msPerDay) }

  /// The spec's "x modulo y": the result has the sign of y.
  static func modulo(_ x: Double, _ y: Double) -> Double {
    let r = x.truncatingRemainder(dividingBy: y)
    return r < 0 ? r + y : (r == 0 ? 0 : r)
  }

  static func isLeapYear(_ year: Int64) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// DaysInYear(y) of an integral year.
  static func daysInYear(_ year: Double) -> Double {
    guard year.isFinite else { return .nan }
    let divisible = { (d: Double) in year.truncatingRemainder(dividingBy: d) == 0 }
    return divisible(4) && (!divisible(100) || divisible(400)) ? 366 : 365
  }

  /// DayFromYear(y): the day number of January 1 of year y.
  static func dayFromYear(_ year: Double) -> Double {
    guard year.isFinite, year.magnitude < 1e12 else { return .nan }
    return Double(daysFromCivil(year: Int64(year), month: 1, day: 1))
  }

  /// TimeFromYear(y).
  static func timeFromYear(_ year: Double) -> Double { msPerDay * dayFromYear(year) }

  /// YearFromTime(t); NaN for NaN.
  static func yearFromTime(_ t: Double) -> Double {
    guard let days = dayNumber(t) else { return .nan }
    return Double(civil(fromDays: days).year)
  }

  /// InLeapYear(t) (false for NaN).
  static func inLeapYear(_ t: Double) -> Bool {
    guard let days = dayNumber(t) else { return false }
    return isLeapYear(civil(fromDays: days).year)
  }

  /// MonthFromTime(t): 0 for January ... 11 for December; NaN for NaN.
  static func monthFromTime(_ t: Double) -> Double {
    guard let days = dayNumber(t) else { return .nan }
    return Double(civil(fromDays: days).month - 1)
  }

  /// DateFromTime(t): the day of the month, 1-31; NaN for NaN.
  static func dateFromTime(_ t: Double) -> Double {
    guard let days = dayNumber(t) else { return .nan }
    return Double(civil(fromDays: days).day)
  }

  /// WeekDay(t): 0 for Sunday ... 6 for Saturday.
  static func weekDay(_ t: Double) -> Double { modulo(day(t) + 4, 7) }

  static func hourFromTime(_ t: Double) -> Double { modulo((t / msPerHour).rounded(.down), 24) }
  static func minFromTime(_ t: Double) -> Double { modulo((t / msPerMinute).rounded(.down), 60) }
  static func secFromTime(_ t: Double) -> Double { modulo((t / msPerSecond).rounded(.down), 60) }
  static func msFromTime(_ t: Double) -> Double { modulo(t, msPerSecond) }

  /// Times beyond this (far outside any time value, even shifted to local time) have no fields.
  static let fieldLimit: Double = 1e17

  /// Day(t) as an integer; nil for NaN, infinities and absurd magnitudes.
  private static func dayNumber(_ t: Double) -> Int64? {
    guard t.magnitude <= fieldLimit else { return nil }
    return Int64(day(t))
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (month 1-12; any day).
  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400  // 0...399
    let shiftedMonth = month > 2 ? month - 3 : month + 9  // March = 0
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1  // 0...365
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day number (month 1-12, day 1-31).
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097  // 0...146096
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // from March 1
    let shiftedMonth = (5 * dayOfYear + 2) / 153  // March = 0
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// All calendar fields of a finite time value at once (for the getters and formatting).
  struct Fields: Equatable {
    var year: Int64
    var month: Int  // 0-11
    var day: Int  // 1-31
    var hour: Int
    var minute: Int
    var second: Int
    var millisecond: Int
    var weekDay: Int  // 0 = Sunday
  }

  /// nil for NaN, infinities and magnitudes beyond `fieldLimit`.
  static func fields(_ t: Double) -> Fields? {
    guard t.magnitude <= fieldLimit else { return nil }
    let ms = Int64(t.rounded(.down))
    let days = floorDivide(ms, 86_400_000)
    let inDay = Int(ms - days * 86_400_000)
    let date = civil(fromDays: days)
    return Fields(
      year: date.year, month: Int(date.month - 1), day: Int(date.day),
      hour: inDay / 3_600_000, minute: inDay / 60_000 % 60, second: inDay / 1000 % 60,
      millisecond: inDay % 1000, weekDay: Int(floorModulo(days + 4, 7)))
  }

  static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  static func floorModulo(_ a: Int64, _ b: Int64) -> Int64 { a - floorDivide(a, b) * b }

  // MARK: - MakeTime, MakeDay, MakeDate, TimeClip (21.4.1.27-31)

  /// ToIntegerOrInfinity of a finite Number.
  private static func integerPart(_ x: Double) -> Double { x.rounded(.towardZero) + 0 }

  /// MakeTime(hour, min, sec, ms), with IEEE arithmetic as the spec requires.
  static func makeTime(hour: Double, minute: Double, second: Double, millisecond: Double) -> Double {
    guard hour.isFinite, minute.isFinite, second.isFinite, millisecond.isFinite else { return .nan }
    let h = integerPart(hour)
    let m = integerPart(minute)
    let s = integerPart(second)
    let milli = integerPart(millisecond)
    return ((h * msPerHour + m * msPerMinute) + s * msPerSecond) + milli
  }

  /// V8's bounds on MakeDay's year and month; beyond them the result is NaN (as in node),
  /// well outside anything TimeClip accepts unless the day count pulls it back.
  static let makeDayYearLimit: Double = 1_000_000
  static let makeDayMonthLimit: Double = 10_000_000

  /// MakeDay(year, month, date).
  static func makeDay(year: Double, month: Double, date: Double) -> Double {
    guard year.isFinite, month.isFinite, date.isFinite else { return .nan }
    let y = integerPart(year)
    let m = integerPart(month)
    let dt = integerPart(date)
    guard y.magnitude <= makeDayYearLimit, m.magnitude <= makeDayMonthLimit else { return .nan }
    let ym = Int64(y) + floorDivide(Int64(m), 12)
    let mn = floorModulo(Int64(m), 12)
    let firstOfMonth = daysFromCivil(year: ym, month: mn + 1, day: 1)
    return Double(firstOfMonth) + dt - 1
  }

  /// MakeDate(day, time).
  static func makeDate(day: Double, time: Double) -> Double {
    guard day.isFinite, time.isFinite else { return .nan }
    let tv = day * msPerDay + time
    return tv.isFinite ? tv : .nan
  }

  /// TimeClip(time): NaN outside +-8.64e15, otherwise the integer part (never -0).
  static func timeClip(_ time: Double) -> Double {
    guard time.isFinite, time.magnitude <= maxTimeValue else { return .nan }
    return integerPart(time)
  }

  // MARK: - Formatting (21.4.4.35-43)

  static let invalidDate = "Invalid Date"

  /// Collects the ASCII of a date string without intermediate Strings.
  private struct DateText {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(64) }

    mutating func append(_ text: StaticString) {
      bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// The decimal digits of |value|, zero-padded to `width`.
    mutating func append(_ value: Int64, width: Int) {
      let magnitude = value.magnitude
      let count = max(width, NumberFormatting.decimalDigitCount(magnitude))
      let start = bytes.count
      bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
      bytes.withUnsafeMutableBufferPointer { buffer in
        NumberFormatting.writeDigits(magnitude, count: count, to: buffer.baseAddress! + start)
      }
    }

    mutating func append(_ value: Int, width: Int) { append(Int64(value), width: width) }

    /// The year as DateString and toUTCString write it: "-" for negative years, 4+ digits.
    mutating func appendYear(_ year: Int64) {
      if year < 0 { append("-") }
      append(year, width: 4)
    }

    mutating func appendWeekDay(_ day: Int) {
      let names: StaticString = "SunMonTueWedThuFriSat"
      bytes.append(contentsOf: UnsafeBufferPointer(start: names.utf8Start + day * 3, count: 3))
    }

    mutating func appendMonth(_ month: Int) {
      let names: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"
      bytes.append(contentsOf: UnsafeBufferPointer(start: names.utf8Start + month * 3, count: 3))
    }

    /// DateString(tv) of 21.4.4.41.2: "Tue Feb 01 2022".
    mutating func appendDate(_ f: Fields) {
      appendWeekDay(f.weekDay)
      append(" ")
      appendMonth(f.month)
      append(" ")
      append(f.day, width: 2)
      append(" ")
      appendYear(f.year)
    }

    /// TimeString(tv) of 21.4.4.41.1: "00:00:00 GMT".
    mutating func appendTime(_ f: Fields) {
      append(f.hour, width: 2)
      append(":")
      append(f.minute, width: 2)
      append(":")
      append(f.second, width: 2)
      append(" GMT")
    }

    /// TimeZoneString(tv) of 21.4.4.41.3: "+0100 (CET)"; seconds of an offset are dropped.
    mutating func appendTimeZone(_ offset: LocalTimeZone.Offset) {
      let minutes = Int64(offset.milliseconds.magnitude / 60_000)
      append(offset.milliseconds >= 0 ? "+" : "-")
      append(minutes / 60, width: 2)
      append(minutes % 60, width: 2)
      if !offset.name.isEmpty {
        append(" (")
        append(offset.name)
        append(")")
      }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
  }

  /// Date.prototype.toISOString: nil for an invalid date (the builtin throws a RangeError).
  static func toISOString(_ tv: Double) -> String? {
    guard let f = fields(tv) else { return nil }
    var text = DateText()
    if f.year >= 0 && f.year <= 9999 {
      text.append(f.year, width: 4)
    } else {
      text.append(f.year < 0 ? "-" : "+")  // 21.4.1.32.1 expanded years
      text.append(f.year, width: 6)
    }
    text.append("-")
    text.append(f.month + 1, width: 2)
    text.append("-")
    text.append(f.day, width: 2)
    text.append("T")
    text.append(f.hour, width: 2)
    text.append(":")
    text.append(f.minute, width: 2)
    text.append(":")
    text.append(f.second, width: 2)
    text.append(".")
    text.append(f.millisecond, width: 3)
    text.append("Z")
    return text.string
  }

  /// Date.prototype.toUTCString (21.4.4.43): "Tue, 01 Feb 2022 00:00:00 GMT".
  static func toUTCString(_ tv: Double) -> String {
    guard let f = fields(tv) else { return invalidDate }
    var text = DateText()
    text.appendWeekDay(f.weekDay)
    text.append(", ")
    text.append(f.day, width: 2)
    text.append(" ")
    text.appendMonth(f.month)
    text.append(" ")
    text.appendYear(f.year)
    text.append(" ")
    text.appendTime(f)
    return text.string
  }

  /// Date.prototype.toString (21.4.4.41): "Tue Feb 01 2022 00:00:00 GMT+0100 (CET)".
  static func toString(_ tv: Double, zone: inout LocalTimeZone) -> String {
    guard tv.isFinite else { return invalidDate }
    let offset = zone.offset(atUTC: tv)
    guard let local = fields(tv + Double(offset.milliseconds)) else { return invalidDate }
    var text = DateText()
    text.appendDate(local)
    text.append(" ")
    text.appendTime(local)
    text.appendTimeZone(offset)
    return text.string
  }

  /// Date.prototype.toDateString (21.4.4.35): "Tue Feb 01 2022".
  static func toDateString(_ tv: Double, zone: inout LocalTimeZone) -> String {
    guard tv.isFinite, let local = fields(zone.localTime(tv)) else { return invalidDate }
    var text = DateText()
    text.appendDate(local)
    return text.string
  }

  /// Date.prototype.toTimeString (21.4.4.42): "00:00:00 GMT+0100 (CET)".
  static func toTimeString(_ tv: Double, zone: inout LocalTimeZone) -> String {
    guard tv.isFinite else { return invalidDate }
    let offset = zone.offset(atUTC: tv)
    guard let local = fields(tv + Double(offset.milliseconds)) else { return invalidDate }
    var text = DateText()
    text.appendTime(local)
    text.appendTimeZone(offset)
    return text.string
  }
}

// MARK: - Local time

extension DateMath {
  /// The local time zone as the C library sees it (the TZ environment variable, else
  /// /etc/localtime), with a small cache of offsets. Each runtime owns one; the C library's
  /// localtime_r is thread-safe, and nothing here is shared.
  struct LocalTimeZone {
    /// The offset of local time from UTC at some instant, and the zone's abbreviation then.
    struct Offset: Equatable {
      var milliseconds: Int64
      var name: String
    }

    /// Instants [start, end] (UTC seconds) over which the offset is known.
    private struct CachedInterval {
      var start: Int64
      var end: Int64
      var offset: Offset
    }

    private var cache: [CachedInterval] = []
    private var nextSlot = 0
    private static let cacheSize = 8
    /// Cached intervals reach this far on each side of a probed instant. This assumes no zone
    /// changes its offset twice within a day, as V8 and JavaScriptCore also assume.
    private static let probeSeconds: Int64 = 86_400

    /// Reads the time zone configuration (TZ) afresh.
    init() {
      tzset()
    }

    /// Forgets cached offsets and re-reads TZ (after the environment changed).
    mutating func reset() {
      tzset()
      cache.removeAll()
      nextSlot = 0
    }

    /// LocalTZA(t, true): the offset in effect at the UTC time value t (finite).
    mutating func offset(atUTC t: Double) -> Offset {
      // NaN and absurd times have no zone; an offset of zero keeps callers' arithmetic harmless.
      guard t.magnitude <= DateMath.fieldLimit else { return Offset(milliseconds: 0, name: "") }
      let seconds = DateMath.floorDivide(Int64(t.rounded(.down)), 1000)
      for interval in cache where interval.start <= seconds && seconds <= interval.end {
        return interval.offset
      }
      let offset = Self.systemOffset(atUTCSeconds: seconds)
      var interval = CachedInterval(start: seconds, end: seconds, offset: offset)
      if Self.systemOffset(atUTCSeconds: seconds - Self.probeSeconds) == offset {
        interval.start = seconds - Self.probeSeconds
      }
      if Self.systemOffset(atUTCSeconds: seconds + Self.probeSeconds) == offset {
        interval.end = seconds + Self.probeSeconds
      }
      remember(interval)
      return offset
    }

    private mutating func remember(_ interval: CachedInterval) {
      if cache.count < Self.cacheSize {
        cache.append(interval)
      } else {
        cache[nextSlot] = interval
        nextSlot = (nextSlot + 1) % Self.cacheSize
      }
    }

    /// LocalTime(t) (21.4.1.25).
    mutating func localTime(_ t: Double) -> Double {
      t + Double(offset(atUTC: t).milliseconds)
    }

    /// UTC(t) (21.4.1.26): local time to a time value. Times skipped by a transition and
    /// times that occur twice both use the offset from before the transition (step 1 and
    /// LocalTZA's note), as V8 does.
    mutating func utc(_ localT: Double) -> Double {
      guard localT.isFinite else { return .nan }
      return localT - Double(offset(atLocal: localT))
    }

    /// LocalTZA(t, false) in milliseconds.
    mutating func offset(atLocal localT: Double) -> Int64 {
      let day = DateMath.msPerDay
      let before = offset(atUTC: localT - day).milliseconds  // UTC offsets never reach a day
      let after = offset(atUTC: localT + day).milliseconds
      if before == after { return before }
      if offset(atUTC: localT - Double(before)).milliseconds == before { return before }
      if offset(atUTC: localT - Double(after)).milliseconds == after { return after }
      return before  // in the gap of a forward transition
    }

    /// The offset from localtime_r. glibc's 64-bit time covers every time value; where the
    /// C library gives up, an equivalent year (same leap-ness, same weekday) is asked instead.
    static func systemOffset(atUTCSeconds seconds: Int64) -> Offset {
      if let offset = localtimeOffset(seconds) { return offset }
      let shift = equivalentYearShiftSeconds(seconds)
      return localtimeOffset(seconds + shift) ?? Offset(milliseconds: 0, name: "UTC")
    }

    private static func localtimeOffset(_ seconds: Int64) -> Offset? {
      guard let time = time_t(exactly: seconds) else { return nil }
      var t = time
      var parts = tm()
      guard localtime_r(&t, &parts) != nil else { return nil }
      let name = parts.tm_zone.map { String(cString: $0) } ?? ""
      return Offset(milliseconds: Int64(parts.tm_gmtoff) * 1000, name: name)
    }

    /// Seconds to add to move an instant into a year in 2008...2035 whose calendar matches.
    private static func equivalentYearShiftSeconds(_ seconds: Int64) -> Int64 {
      let days = DateMath.floorDivide(seconds, 86_400)
      let year = DateMath.civil(fromDays: days).year
      let firstDay = DateMath.daysFromCivil(year: year, month: 1, day: 1)
      let weekDay = DateMath.floorModulo(firstDay + 4, 7)
      for candidate in Int64(2008)...2035
      where DateMath.isLeapYear(candidate) == DateMath.isLeapYear(year) {
        let candidateFirst = DateMath.daysFromCivil(year: candidate, month: 1, day: 1)
        if DateMath.floorModulo(candidateFirst + 4, 7) == weekDay {
          return (candidateFirst - firstDay) * 86_400
        }
      }
      return 0
    }
  }
}
