// String.prototype.toLowerCase / toUpperCase (ES2024 22.1.3.28, 22.1.3.30): the full,
// locale-independent case mappings of the Unicode Default Case Conversion algorithm.
//
// Per code point we use the standard library's `Unicode.Scalar.Properties.lowercaseMapping`
// / `uppercaseMapping` (UnicodeData plus SpecialCasing's unconditional mappings, Unicode 17
// in Swift 6.3). The one context-dependent rule the spec needs, Final_Sigma, is applied
// here: the standard library's mapping of U+03A3 is always σ. Lone surrogates are kept.
// Latin-1 strings take a table-free fast path and stay Latin-1 where they can.

extension Runtime {
  func toLowerCase(_ string: StringRef) throws(JSException) -> StringRef {
    let units = CodeUnits(string, heap)
    if let latin1 = units.latin1 { return try lowercaseLatin1(string, latin1, units.count) }
    var builder = StringBuilder(self, capacity: units.count)
    var index = 0
    while index < units.count {
      if index & 0xFFFE == 0 && index != 0 { try checkSafePoint() }  // steps are 1 or 2 code units
      let (codePoint, size) = units.codePoint(at: index)
      if codePoint < 0x80 {
        builder.append(UInt16(codePoint >= 0x41 && codePoint <= 0x5A ? codePoint + 0x20 : codePoint))
      } else if codePoint == 0x3A3 {
        builder.append(isFinalSigma(units, at: index) ? 0x3C2 : 0x3C3)
      } else {
        appendMapped(codePoint, upper: false, to: &builder)
      }
      index += size
    }
    return try builder.finish(self)
  }

  func toUpperCase(_ string: StringRef) throws(JSException) -> StringRef {
    let units = CodeUnits(string, heap)
    if let latin1 = units.latin1, let result = try uppercaseLatin1(string, latin1, units.count) {
      return result
    }
    var builder = StringBuilder(self, capacity: units.count)
    var index = 0
    while index < units.count {
      if index & 0xFFFE == 0 && index != 0 { try checkSafePoint() }  // steps are 1 or 2 code units
      let (codePoint, size) = units.codePoint(at: index)
      if codePoint < 0x80 {
        builder.append(UInt16(codePoint >= 0x61 && codePoint <= 0x7A ? codePoint - 0x20 : codePoint))
      } else {
        appendMapped(codePoint, upper: true, to: &builder)
      }
      index += size
    }
    return try builder.finish(self)
  }

  /// The full case mapping of one code point (surrogate code points map to themselves).
  private func appendMapped(_ codePoint: UInt32, upper: Bool, to builder: inout StringBuilder) {
    guard let scalar = Unicode.Scalar(codePoint) else {
      builder.append(UInt16(codePoint))
      return
    }
    let properties = scalar.properties
    let changes = upper ? properties.changesWhenUppercased : properties.changesWhenLowercased
    if !changes {
      builder.appendCodePoint(codePoint)
      return
    }
    let mapping = upper ? properties.uppercaseMapping : properties.lowercaseMapping
    for mapped in mapping.unicodeScalars { builder.appendCodePoint(mapped.value) }
  }

  /// Latin-1 lowercases within Latin-1: A–Z and À–Þ (except ×) move up by 0x20.
  private func lowercaseLatin1(_ string: StringRef, _ characters: UnsafePointer<UInt8>, _ count: Int)
    throws(JSException) -> StringRef
  {
    var firstChange = 0
    while firstChange < count && lowercasedLatin1(characters[firstChange]) == characters[firstChange] {
      firstChange += 1
    }
    if firstChange == count { return string }
    let result = try allocateCheckedFlatString(length: count, latin1: true)
    // Re-read the source after allocating: the view's pointer stays valid (cells never move).
    let source = string.latin1Characters
    let target = result.latin1Characters
    for index in 0..<count { target[index] = lowercasedLatin1(source[index]) }
    return result
  }

  @inline(__always) private func lowercasedLatin1(_ byte: UInt8) -> UInt8 {
    if (byte >= 0x41 && byte <= 0x5A) || (byte >= 0xC0 && byte <= 0xDE && byte != 0xD7) { return byte + 0x20 }
    return byte
  }

  /// Latin-1 uppercases within Latin-1 except µ (→ U+039C), ÿ (→ U+0178) and ß (→ "SS");
  /// nil when one of those occurs (the general path handles it).
  private func uppercaseLatin1(_ string: StringRef, _ characters: UnsafePointer<UInt8>, _ count: Int)
    throws(JSException) -> StringRef?
  {
    var changes = false
    for index in 0..<count {
      let byte = characters[index]
      if byte == 0xB5 || byte == 0xFF || byte == 0xDF { return nil }
      if uppercasedLatin1(byte) != byte { changes = true }
    }
    if !changes { return string }
    let result = try allocateCheckedFlatString(length: count, latin1: true)
    let source = string.latin1Characters
    let target = result.latin1Characters
    for index in 0..<count { target[index] = uppercasedLatin1(source[index]) }
    return result
  }

  @inline(__always) private func uppercasedLatin1(_ byte: UInt8) -> UInt8 {
    if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0xE0 && byte <= 0xFE && byte != 0xF7) { return byte - 0x20 }
    return byte
  }

  /// Final_Sigma (Unicode 16.0 table 3-17): preceded by a cased letter and case-ignorables,
  /// and not followed by case-ignorables and a cased letter. A character that is both
  /// cased and case-ignorable (U+0345) is skipped as case-ignorable, as ICU does and
  /// test262's special_casing_conditional.js expects.
  private func isFinalSigma(_ units: CodeUnits, at index: Int) -> Bool {
    var before = index
    var casedBefore = false
    while before > 0 {
      var start = before - 1
      if start > 0 && isTrailingSurrogate(units[start]) && isLeadingSurrogate(units[start - 1]) { start -= 1 }
      let (codePoint, _) = units.codePoint(at: start)
      before = start
      guard let properties = Unicode.Scalar(codePoint)?.properties else { break }
      if properties.isCaseIgnorable { continue }
      casedBefore = properties.isCased
      break
    }
    if !casedBefore { return false }
    var after = index + 1
    while after < units.count {
      let (codePoint, size) = units.codePoint(at: after)
      after += size
      guard let properties = Unicode.Scalar(codePoint)?.properties else { return true }
      if properties.isCaseIgnorable { continue }
      return !properties.isCased
    }
    return true
  }
}
