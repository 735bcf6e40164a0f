// UNFINISHED: the selector parser (Selectors 4 grammar over CSS Syntax 3 tokens).

struct SelectorParser {
  init(_ text: String) {}

  mutating func parseSelectorList() throws(SelectorSyntaxError) -> SelectorList {
    throw SelectorSyntaxError(message: "selector parsing is not implemented yet", offset: 0)
  }
}
