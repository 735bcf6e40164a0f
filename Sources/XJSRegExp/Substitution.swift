/// GetSubstitution (ES2024 22.1.3.19.1) over UTF-16 code units: expands `$$`, `$&`, `` $` ``,
/// `$'`, `$n`, `$nn` and `$<name>` in a replacement template.
///
/// - Parameters:
///   - matched: the matched substring.
///   - string: the whole subject string.
///   - position: where the match starts in `string` (≤ string.count).
///   - captures: groups 1…n, nil for a group that did not participate.
///   - namedCaptures: nil when the match has no `groups` object (then `$<` is literal);
///     otherwise looks a group name up, returning nil for undefined. It may throw, since the
///     engine reads a JS object and converts the value with ToString.
///   - template: the replacement template.
///   - result: the expansion is appended here.
///   - maximumLength: the expansion stops once `result` is longer than this (the caller's
///     string length limit): a template of many `$1` can ask for terabytes.
public func appendSubstitution<E: Error>(
  matched: [UInt16], string: [UInt16], position: Int, captures: [[UInt16]?],
  namedCaptures: (([UInt16]) throws(E) -> [UInt16]?)?, template: [UInt16],
  into result: inout [UInt16], maximumLength: Int = .max
) throws(E) {
  let dollar: UInt16 = 0x24
  var i = 0
  while i < template.count {
    if result.count > maximumLength { return }
    let c = template[i]
    guard c == dollar, i + 1 < template.count else {
      result.append(c)
      i += 1
      continue
    }
    let next = template[i + 1]
    switch next {
    case dollar:  // $$
      result.append(dollar)
      i += 2
    case 0x60:  // $`
      result += string[0..<min(position, string.count)]
      i += 2
    case 0x26:  // $&
      result += matched
      i += 2
    case 0x27:  // $'  (tail position clamped, step 5.e.ii)
      let tail = min(position + matched.count, string.count)
      result += string[tail...]
      i += 2
    case 0x30...0x39:
      i += appendCaptureReference(template, at: i, captures: captures, into: &result)
    case 0x3C:  // $<
      guard let namedCaptures, let close = template[(i + 2)...].firstIndex(of: 0x3E) else {
        result += [dollar, 0x3C]
        i += 2
        continue
      }
      if let capture = try namedCaptures(Array(template[(i + 2)..<close])) {
        result += capture
      }
      i = close + 1
    default:
      result.append(dollar)
      i += 1
    }
  }
}

/// `$n` / `$nn` at `template[i]` (step 5.f); returns the number of code units consumed.
private func appendCaptureReference(
  _ template: [UInt16], at i: Int, captures: [[UInt16]?], into result: inout [UInt16]
) -> Int {
  let first = Int(template[i + 1] - 0x30)
  var digitCount = 1
  var index = first
  if i + 2 < template.count, (0x30...0x39).contains(template[i + 2]) {
    digitCount = 2
    index = first * 10 + Int(template[i + 2] - 0x30)
    // A two-digit index beyond the groups is a one-digit index and a literal digit.
    if index > captures.count {
      digitCount = 1
      index = first
    }
  }
  if index >= 1 && index <= captures.count {
    if let capture = captures[index - 1] { result += capture }
  } else {
    result += template[i...(i + digitCount)]  // not a group: the reference stays literal
  }
  return 1 + digitCount
}

/// GetSubstitution returning the expansion; see `appendSubstitution`.
public func getSubstitution<E: Error>(
  matched: [UInt16], string: [UInt16], position: Int, captures: [[UInt16]?],
  namedCaptures: (([UInt16]) throws(E) -> [UInt16]?)?, template: [UInt16], maximumLength: Int = .max
) throws(E) -> [UInt16] {
  var result: [UInt16] = []
  try appendSubstitution(
    matched: matched, string: string, position: position, captures: captures,
    namedCaptures: namedCaptures, template: template, into: &result, maximumLength: maximumLength)
  return result
}

/// GetSubstitution for a match without named groups (`$<` stays literal).
public func getSubstitution(
  matched: [UInt16], string: [UInt16], position: Int, captures: [[UInt16]?],
  template: [UInt16], maximumLength: Int = .max
) -> [UInt16] {
  let noNames: (([UInt16]) throws(Never) -> [UInt16]?)? = nil
  return getSubstitution(
    matched: matched, string: string, position: position, captures: captures,
    namedCaptures: noNames, template: template, maximumLength: maximumLength)
}
