// The generated General_Category table (Scripts/regexp/gen-categories.js, from node's ICU)
// against the standard library's own Unicode data, code point by code point: the two must
// be the same Unicode version and agree everywhere, or `\p{…}` would depend on where its data
// came from.

import Testing

@testable import XJSRegExp

@Test func generalCategoryTableMatchesTheStandardLibrary() {
  var bounds: [Unicode.GeneralCategory: [UInt32]] = [:]
  func category(of c: UInt32) -> Unicode.GeneralCategory {
    Unicode.Scalar(c)?.properties.generalCategory ?? .surrogate
  }
  var runStart: UInt32 = 0
  var runCategory = category(of: 0)
  for c in UInt32(1)...0x10FFFF {
    let next = category(of: c)
    if next != runCategory {
      bounds[runCategory, default: []] += [runStart, c - 1]
      (runStart, runCategory) = (c, next)
    }
  }
  bounds[runCategory, default: []] += [runStart, 0x10FFFF]
  let table = UnicodeProperties.categorySets
  #expect(table.count == 30)
  #expect(Set(table.keys) == Set(bounds.keys))
  for (category, categoryBounds) in bounds {
    #expect(table[category] == CodePointSet(unsortedBounds: categoryBounds), "\(category)")
  }
}

@Test func categoryEscapesUseTheTable() {
  #expect(UnicodeProperties.set(name: "Lu", value: nil) == UnicodeProperties.categorySets[.uppercaseLetter])
  let letters = UnicodeProperties.set(name: "L", value: nil)
  let cased = UnicodeProperties.set(name: "General_Category", value: "Cased_Letter")
  #expect(letters != nil && cased != nil)
  #expect(letters?.rangeCount ?? 0 > cased?.rangeCount ?? 0)
  #expect(UnicodeProperties.set(name: "gc", value: "Not_A_Category") == nil)
}
