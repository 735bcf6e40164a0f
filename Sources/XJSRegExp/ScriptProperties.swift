/// `\p{Script=…}` and `\p{Script_Extensions=…}` (ES2024 22.2.2.9, table 69/70): the standard
/// library has no script data, so the sets come from the generated `ScriptData.table`
/// (Scripts/regexp/gen-scripts.js), decoded on first use of each value.
enum ScriptData {
  /// Row index of every value name and alias.
  private static let rowsByName: [String: Int] = {
    var result: [String: Int] = [:]
    for (row, entry) in table.enumerated() {
      for name in entry.names.split(separator: " ") { result[String(name)] = row }
    }
    return result
  }()

  /// The Script set of a value name, or nil when the name is unknown.
  static func scriptSet(_ value: String) -> CodePointSet? {
    guard let row = rowsByName[value] else { return nil }
    return decode(table[row].script)
  }

  /// The Script_Extensions set of a value name, or nil when the name is unknown.
  static func extensionsSet(_ value: String) -> CodePointSet? {
    guard let row = rowsByName[value] else { return nil }
    let entry = table[row]
    return decode(entry.extensions.isEmpty ? entry.script : entry.extensions)
  }

  /// Decodes space-separated base-36 "gap.length" pairs (see the generator).
  private static func decode(_ text: String) -> CodePointSet {
    var bounds: [UInt32] = []
    var previousEnd: Int64 = -1
    for pair in text.split(separator: " ") {
      let parts = pair.split(separator: ".")
      guard parts.count == 2, let gap = Int64(parts[0], radix: 36),
        let length = Int64(parts[1], radix: 36)
      else { preconditionFailure("malformed script table entry \(pair)") }
      let start = previousEnd + 1 + gap
      previousEnd = start + length
      bounds += [UInt32(start), UInt32(previousEnd)]
    }
    return CodePointSet(unsortedBounds: bounds)
  }
}
