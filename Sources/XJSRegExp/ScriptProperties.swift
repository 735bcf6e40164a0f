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
    return CodePointSet(encodedRanges: table[row].script)
  }

  /// The Script_Extensions set of a value name, or nil when the name is unknown.
  static func extensionsSet(_ value: String) -> CodePointSet? {
    guard let row = rowsByName[value] else { return nil }
    let entry = table[row]
    return CodePointSet(encodedRanges: entry.extensions.isEmpty ? entry.script : entry.extensions)
  }
}
