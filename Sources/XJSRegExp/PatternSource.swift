/// EscapeRegExpPattern (ES2024 22.2.6.13.1) for `RegExp.prototype.source` and `toString`:
/// the pattern written so that `/source/` parses back to it, the way V8 writes it — `(?:)`
/// for the empty pattern, `/` escaped outside character classes, line terminators as escapes.
public func escapeRegExpPattern(_ source: [UInt16]) -> [UInt16] {
  if source.isEmpty { return Array("(?:)".utf16) }
  var out: [UInt16] = []
  out.reserveCapacity(source.count + 2)
  var inClass = false
  var i = 0
  while i < source.count {
    let c = source[i]
    if c == Ch.backslash && i + 1 < source.count {
      out.append(c)
      let next = source[i + 1]
      if let escaped = lineTerminatorEscape(next) {
        out += escaped  // `\` then a line terminator: keep the backslash, spell the terminator
      } else {
        out.append(next)
      }
      i += 2
      continue
    }
    if let escaped = lineTerminatorEscape(c) {
      out.append(Ch.backslash)
      out += escaped
    } else if c == Ch.slash && !inClass {
      out += [Ch.backslash, Ch.slash]
    } else {
      if c == Ch.leftBracket { inClass = true }
      if c == Ch.rightBracket { inClass = false }
      out.append(c)
    }
    i += 1
  }
  return out
}

/// The escape letters for a line terminator (after a backslash), or nil.
private func lineTerminatorEscape(_ c: UInt16) -> [UInt16]? {
  switch c {
  case 0x0A: return [Ch.n]
  case 0x0D: return [Ch.r]
  case 0x2028: return Array("u2028".utf16)
  case 0x2029: return Array("u2029".utf16)
  default: return nil
  }
}

/// AdvanceStringIndex (ES2024 22.2.7.3): the next search position after an empty match,
/// stepping over a whole surrogate pair in unicode mode.
public func advanceStringIndex(_ input: UnsafeBufferPointer<UInt16>, _ index: Int, unicode: Bool)
  -> Int
{
  guard unicode, index + 1 < input.count else { return index + 1 }
  return isLead(UInt32(input[index])) && isTrail(UInt32(input[index + 1])) ? index + 2 : index + 1
}
