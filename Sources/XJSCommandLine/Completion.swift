import XJSEngine

/// Tab completion for the REPL: `foo.ba` completes the properties (own and inherited) of the
/// value `foo` names, `ba` the global names and keywords. Only plain identifier chains are
/// resolved, through data properties, so completing never runs the user's code.
struct Completion {
  let runtime: () -> Runtime

  static let keywords = [
    "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete",
    "do", "else", "export", "extends", "false", "finally", "for", "function", "if", "import", "in",
    "instanceof", "let", "new", "null", "return", "static", "super", "switch", "this", "throw", "true",
    "try", "typeof", "undefined", "var", "void", "while", "with", "yield",
  ]

  func complete(_ before: String) -> (replacing: Int, candidates: [String]) {
    let scalars = Array(before.unicodeScalars)
    var start = scalars.count
    while start > 0 && (isNamePart(scalars[start - 1]) || scalars[start - 1] == ".") { start -= 1 }
    let token = String(String.UnicodeScalarView(scalars[start...]))
    var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let partial = parts.removeLast()
    let candidates: [String]
    if parts.isEmpty {
      // A name right after a non-name character (`1.`, `)`) is not the start of a chain.
      candidates = runtime().globalNamesForCompletion() + Completion.keywords
    } else {
      let isPlainChain = parts.allSatisfy { !$0.isEmpty && !isDigit($0.unicodeScalars.first!) }
      // `f().x` or `a[0].x`: the chain does not start at a name, so nothing is evaluated.
      let afterCall = start > 0 && (scalars[start - 1] == ")" || scalars[start - 1] == "]")
      guard isPlainChain, !afterCall, let names = runtime().propertyNamesForCompletion(path: parts) else {
        return (0, [])
      }
      candidates = names
    }
    var seen = Set<String>()
    let matches = candidates.filter { $0.hasPrefix(partial) && seen.insert($0).inserted }
    let replacing = partial.unicodeScalars.count
    return (replacing, matches.sorted())
  }

  private func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic || isDigit(scalar)
  }

  private func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
