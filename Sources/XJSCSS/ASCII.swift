// Code-point and ASCII comparisons over UTF-8. CSS compares identifiers and values code point for
// code point (Swift's `==` would apply canonical equivalence), and "ASCII case-insensitive"
// folds A-Z only.

extension UInt8 {
  var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }
  /// Tab, line feed, form feed, carriage return, space: HTML's and CSS's whitespace.
  var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
}

func codePointsEqual(_ a: String, _ b: String) -> Bool {
  a.utf8.elementsEqual(b.utf8)
}

func asciiCaseInsensitiveEqual<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
  a.count == b.count && a.elementsEqual(b) { $0.asciiLowercased == $1.asciiLowercased }
}

func asciiCaseInsensitiveEqual(_ a: String, _ b: String) -> Bool {
  asciiCaseInsensitiveEqual(a.utf8, b.utf8)
}

func bytesEqual<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B, caseInsensitive: Bool) -> Bool {
  caseInsensitive ? asciiCaseInsensitiveEqual(a, b) : a.elementsEqual(b)
}

func asciiLowercase(_ s: String) -> String {
  guard s.utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return s }
  return String(decoding: s.utf8.map(\.asciiLowercased), as: UTF8.self)
}

/// Whether `list`, split on ASCII whitespace, has a token equal to `token`.
func whitespaceSeparatedList(_ list: String, contains token: String, caseInsensitive: Bool) -> Bool {
  let bytes = list.utf8
  var index = bytes.startIndex
  while index != bytes.endIndex {
    guard !bytes[index].isASCIIWhitespace else {
      index = bytes.index(after: index)
      continue
    }
    let start = index
    while index != bytes.endIndex && !bytes[index].isASCIIWhitespace { index = bytes.index(after: index) }
    if bytesEqual(bytes[start..<index], token.utf8, caseInsensitive: caseInsensitive) { return true }
  }
  return false
}

func bytes<A: Collection<UInt8>, B: Collection<UInt8>>(_ bytes: A, havePrefix prefix: B, caseInsensitive: Bool)
  -> Bool
{
  bytes.count >= prefix.count && bytesEqual(bytes.prefix(prefix.count), prefix, caseInsensitive: caseInsensitive)
}

func bytes<A: Collection<UInt8>, B: Collection<UInt8>>(_ bytes: A, haveSuffix suffix: B, caseInsensitive: Bool)
  -> Bool
{
  bytes.count >= suffix.count
    && bytesEqual(bytes.dropFirst(bytes.count - suffix.count), suffix, caseInsensitive: caseInsensitive)
}

/// Whether `needle` occurs in `haystack` (a plain scan: attribute values are short).
func bytes<A: Collection<UInt8>, B: Collection<UInt8>>(_ haystack: A, contain needle: B, caseInsensitive: Bool)
  -> Bool
{
  let haystack = Array(haystack)
  let needle = Array(needle)
  guard needle.count <= haystack.count else { return false }
  for start in 0...(haystack.count - needle.count)
  where bytesEqual(haystack[start..<start + needle.count], needle, caseInsensitive: caseInsensitive) {
    return true
  }
  return false
}
