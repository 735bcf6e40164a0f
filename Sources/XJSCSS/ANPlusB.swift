// CSS Syntax 3 § 6 "The An+B microsyntax", over tokens. Whitespace may separate the parts except
// between a leading "+" and the "n"; the letters are ASCII case-insensitive.

struct ANPlusB: Equatable, Sendable {
  var step: Int
  var offset: Int

  /// Whether the 1-based position `index` is An+B for some n ≥ 0.
  func matches(index: Int) -> Bool {
    let distance = index - offset
    if step == 0 { return distance == 0 }
    // distance = step × n with n ≥ 0: same sign (or zero) and divisible.
    guard distance == 0 || (distance > 0) == (step > 0) else { return false }
    return distance % step == 0
  }

  /// Parses `tokens` (a function's argument, up to any `of`), or nil if they are not An+B.
  static func parse(_ tokens: ArraySlice<CSSToken>) -> ANPlusB? {
    let trimmed = tokens.drop { $0 == .whitespace }
    var reader = Reader(tokens: Array(trimmed.filter { $0 != .whitespace }), raw: Array(trimmed))
    return reader.parse()
  }
}

private struct Reader {
  /// The tokens without whitespace, and with it after the leading whitespace (to see that "+"
  /// touches "n").
  let tokens: [CSSToken]
  let raw: [CSSToken]
  var position = 0

  mutating func parse() -> ANPlusB? {
    guard let first = tokens.first else { return nil }
    position = 1
    switch first {
    case .ident(let name):
      if asciiCaseInsensitiveEqual(name, "odd") { return finish(ANPlusB(step: 2, offset: 1)) }
      if asciiCaseInsensitiveEqual(name, "even") { return finish(ANPlusB(step: 2, offset: 0)) }
      return parseAfterN(
        step: name.hasPrefix("-") ? -1 : 1, rest: name.hasPrefix("-") ? String(name.dropFirst()) : name)
    case .delim("+"):
      // '+'?† n…: the "+" must touch the identifier.
      guard raw.count > 1, case .ident(let name) = raw[1], !name.hasPrefix("-") else { return nil }
      position = 2
      return parseAfterN(step: 1, rest: name)
    case .number(let number):
      guard number.isInteger else { return nil }
      return finish(ANPlusB(step: 0, offset: clamp(number.value)))
    case .dimension(let number, let unit):
      guard number.isInteger else { return nil }
      return parseAfterN(step: clamp(number.value), rest: unit)
    default:
      return nil
    }
  }

  /// `rest` is what follows the coefficient: "n", "n-", or "n-<digits>".
  mutating func parseAfterN(step: Int, rest: String) -> ANPlusB? {
    let bytes = Array(rest.utf8)
    guard let first = bytes.first, first.asciiLowercased == UInt8(ascii: "n") else { return nil }
    if bytes.count == 1 { return parseOptionalB(step: step) }
    guard bytes[1] == UInt8(ascii: "-") else { return nil }
    if bytes.count == 2 {
      // n- <signless-integer>
      guard let b = nextInteger(signed: false) else { return nil }
      return finish(ANPlusB(step: step, offset: -b))
    }
    let digits = bytes[2...]
    guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    let b = digits.reduce(0) { min($0 * 10 + Int($1 - 0x30), Int(Int32.max)) }
    return finish(ANPlusB(step: step, offset: -b))
  }

  /// After "An": nothing, a signed integer, or "+"/"-" then a signless integer.
  mutating func parseOptionalB(step: Int) -> ANPlusB? {
    guard position < tokens.count else { return ANPlusB(step: step, offset: 0) }
    if case .delim(let sign) = tokens[position], sign == "+" || sign == "-" {
      position += 1
      guard let b = nextInteger(signed: false) else { return nil }
      return finish(ANPlusB(step: step, offset: sign == "-" ? -b : b))
    }
    guard let b = nextInteger(signed: true) else { return nil }
    return finish(ANPlusB(step: step, offset: b))
  }

  mutating func nextInteger(signed: Bool) -> Int? {
    guard position < tokens.count, case .number(let number) = tokens[position], number.isInteger,
      number.hasSign == signed
    else { return nil }
    position += 1
    return clamp(number.value)
  }

  func finish(_ value: ANPlusB) -> ANPlusB? { position == tokens.count ? value : nil }

  /// Out-of-range integers clamp, as engines store them in 32 bits.
  func clamp(_ value: Double) -> Int { Int(max(min(value, Double(Int32.max)), Double(Int32.min))) }
}
