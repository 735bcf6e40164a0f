/// The flags of a regular expression (ES2024 22.2.3.1 RegExpInitialize step 5–9).
public struct RegExpFlags: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let hasIndices = RegExpFlags(rawValue: 1 << 0)  // d
  public static let global = RegExpFlags(rawValue: 1 << 1)  // g
  public static let ignoreCase = RegExpFlags(rawValue: 1 << 2)  // i
  public static let multiline = RegExpFlags(rawValue: 1 << 3)  // m
  public static let dotAll = RegExpFlags(rawValue: 1 << 4)  // s
  public static let unicode = RegExpFlags(rawValue: 1 << 5)  // u
  public static let unicodeSets = RegExpFlags(rawValue: 1 << 6)  // v
  public static let sticky = RegExpFlags(rawValue: 1 << 7)  // y

  /// Flag letters in the order `RegExp.prototype.flags` reports them (ES2024 22.2.6.4).
  static let letters: [(UInt16, RegExpFlags)] = [
    (0x64, .hasIndices), (0x67, .global), (0x69, .ignoreCase), (0x6D, .multiline),
    (0x73, .dotAll), (0x75, .unicode), (0x76, .unicodeSets), (0x79, .sticky),
  ]

  /// Parses a flags string; nil when a letter is unknown or repeated.
  public init?(parsing flags: String) {
    self.init(parsingUTF16: Array(flags.utf16))
  }

  /// Parses flags given as UTF-16 code units; nil when a letter is unknown or repeated.
  public init?(parsingUTF16 flags: [UInt16]) {
    var result = RegExpFlags()
    for unit in flags {
      guard let flag = RegExpFlags.letters.first(where: { $0.0 == unit })?.1,
        !result.contains(flag)
      else { return nil }
      result.insert(flag)
    }
    // ES2024 22.2.3.1 step 9: u and v together are an error.
    if result.contains(.unicode) && result.contains(.unicodeSets) { return nil }
    self = result
  }

  /// The canonical flags string, as `RegExp.prototype.flags` builds it.
  public var description: String {
    var s = ""
    for (unit, flag) in RegExpFlags.letters where contains(flag) {
      s.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
    }
    return s
  }

  /// Code-point semantics (`u`, or `v` once supported).
  var isUnicodeMode: Bool { !isDisjoint(with: [.unicode, .unicodeSets]) }
}

/// A pattern that does not parse. `message` reads like V8's (`Nothing to repeat`);
/// the engine formats `SyntaxError: Invalid regular expression: /pattern/flags: message`.
public struct RegExpSyntaxError: Error, Equatable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// The early-error hook for regular expression literals (ES2024 13.2.7.2):
/// nil when `/pattern/flags` is valid, otherwise the message to report.
public func validateRegExpLiteral(pattern: [UInt16], flags: String) -> String? {
  guard let parsedFlags = RegExpFlags(parsing: flags) else {
    return "Invalid regular expression flags"
  }
  do {
    _ = try RegExpParser.parse(pattern: pattern, flags: parsedFlags)
    return nil
  } catch {
    return error.message
  }
}
