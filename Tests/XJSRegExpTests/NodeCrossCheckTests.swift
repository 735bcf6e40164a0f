import Testing

@testable import XJSRegExp

/// A JSON value, enough for the reference tables (strings keep lone surrogates as
/// UTF-16 code units).
enum JSONValue: Equatable {
  case null
  case number(Int)
  case string([UInt16])
  case array([JSONValue])
}

/// Minimal JSON reader for the generated case lines.
struct JSONLineReader {
  private let units: [UInt16]
  private var i = 0

  static func parse(_ line: Substring) -> JSONValue? {
    var reader = JSONLineReader(units: Array(line.utf16))
    return reader.value()
  }

  private init(units: [UInt16]) { self.units = units }

  private mutating func value() -> JSONValue? {
    guard i < units.count else { return nil }
    switch units[i] {
    case 0x5B:  // [
      i += 1
      var items: [JSONValue] = []
      while i < units.count && units[i] != 0x5D {
        if units[i] == 0x2C { i += 1 }
        guard let item = value() else { return nil }
        items.append(item)
      }
      i += 1
      return .array(items)
    case 0x22:
      return string()
    case 0x6E:  // null
      i += 4
      return .null
    default:
      var n = 0
      var negative = false
      if units[i] == 0x2D {
        negative = true
        i += 1
      }
      while i < units.count, units[i] >= 0x30, units[i] <= 0x39 {
        n = n * 10 + Int(units[i] - 0x30)
        i += 1
      }
      return .number(negative ? -n : n)
    }
  }

  private mutating func string() -> JSONValue? {
    i += 1
    var out: [UInt16] = []
    while i < units.count && units[i] != 0x22 {
      var c = units[i]
      i += 1
      if c == 0x5C {
        let e = units[i]
        i += 1
        switch e {
        case 0x6E: c = 0x0A
        case 0x74: c = 0x09
        case 0x72: c = 0x0D
        case 0x62: c = 0x08
        case 0x66: c = 0x0C
        case 0x75:
          c = UInt16(String(decoding: units[i..<i + 4], as: UTF16.self), radix: 16)!
          i += 4
        default: c = e
        }
      }
      out.append(c)
    }
    i += 1
    return .string(out)
  }
}

struct ReferenceCase: CustomStringConvertible {
  var pattern: [UInt16]
  var flags: String
  var input: [UInt16]
  var lastIndex: Int
  var expected: JSONValue

  init?(line: Substring) {
    guard case .array(let fields) = JSONLineReader.parse(line), fields.count == 5,
      case .string(let pattern) = fields[0], case .string(let flags) = fields[1],
      case .string(let input) = fields[2], case .number(let lastIndex) = fields[3]
    else { return nil }
    self.pattern = pattern
    self.flags = String(decoding: flags, as: UTF16.self)
    self.input = input
    self.lastIndex = lastIndex
    expected = fields[4]
  }

  /// What XJSRegExp does, in the same JSON shape as the expectation.
  func actual() -> JSONValue {
    guard let result = execUnits(pattern, flags, input, lastIndex: lastIndex) else { return .null }
    if result.index == -2 {
      let message = String(decoding: result.groups[0]!, as: UTF16.self)
      return .string(Array(message.dropFirst("SyntaxError: ".count).utf16))
    }
    return .array([.number(result.index)] + result.groups.map { $0.map(JSONValue.string) ?? .null })
  }

  var description: String {
    "/\(String(decoding: pattern, as: UTF16.self))/\(flags) on \(input.map { String($0, radix: 16) }) from \(lastIndex)"
  }
}

func referenceCases(_ text: String) -> [ReferenceCase] {
  text.split(separator: "\n").compactMap { ReferenceCase(line: $0) }
}

/// The checked-in table: every case must agree with node, match or error message alike.
@Test func nodeReferenceTable() {
  let cases = referenceCases(nodeReferenceCases)
  #expect(cases.count > 500)
  for c in cases {
    #expect(c.actual() == c.expected, "\(c)")
  }
}

/// Large runs: `XJS_REGEXP_CASES=/path/cases.jsonl` (from gen-cases.js --jsonl) checks
/// every line and reports the mismatches; skipped when the variable is not set.
@Test func nodeCrossCheckFromFile() throws {
  guard let path = environmentVariable("XJS_REGEXP_CASES") else { return }
  let text = try readTextFile(path)
  let cases = referenceCases(text)
  var mismatches = 0
  for c in cases where c.actual() != c.expected {
    mismatches += 1
    if mismatches <= 50 {
      Issue.record("\(c): expected \(c.expected), got \(c.actual())")
    }
  }
  print("cross-check: \(cases.count) cases, \(mismatches) mismatches")
}
