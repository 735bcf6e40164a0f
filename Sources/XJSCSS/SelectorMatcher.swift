// UNFINISHED: the matcher.

struct SelectorMatcher<E: SelectorElement> {
  let scope: E?

  func matches(_ list: SelectorList, _ element: E) -> Bool { false }
}
