#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// String cells. A string is Latin-1 (one byte per code unit) when every code
// unit fits, else UTF-16. `a + b` builds a rope when the result is long enough;
// ropes are flattened (iteratively, no recursion) the first time their
// characters are needed.
//
// Layout: header (aux = length) | hash: UInt32 | _: UInt32 | a: UInt64 | b: UInt64 | inline chars
//   flat: a = pointer to the characters (inline, or an owned malloc buffer)
//   rope: a = left string cell, b = right string cell

struct StringFlags {
  static let latin1: UInt16 = 1
  static let rope: UInt16 = 2
  static let atom: UInt16 = 4
  static let hashed: UInt16 = 8
  static let ownsBuffer: UInt16 = 16
  /// An atom that is a canonical array index ("0", "42"); never set on property-key atoms.
  static let isIndex: UInt16 = 32
}

/// The largest string length; longer results throw RangeError.
let maximumStringLength = (1 << 30) - 25

struct StringRef: Equatable, Hashable {
  let cell: CellPointer

  @inline(__always) init(_ cell: CellPointer) { self.cell = cell }
  @inline(__always) init(_ value: Value) { self.cell = value.asCell }

  static let headerSize = 32

  @inline(__always) var value: Value { Value(cell: cell) }
  @inline(__always) var flags: UInt16 {
    get { cell.cellHeader.pointee.flags }
    nonmutating set { cell.cellHeader.pointee.flags = newValue }
  }
  @inline(__always) var length: Int { Int(cell.cellHeader.pointee.aux) }
  @inline(__always) var isLatin1: Bool { flags & StringFlags.latin1 != 0 }
  @inline(__always) var isRope: Bool { flags & StringFlags.rope != 0 }
  @inline(__always) var isAtom: Bool { flags & StringFlags.atom != 0 }
  @inline(__always) var isEmpty: Bool { length == 0 }

  @inline(__always) var storedHash: UInt32 {
    get { cell.load(fromByteOffset: 8, as: UInt32.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: 8, as: UInt32.self) }
  }
  @inline(__always) var fieldA: UInt64 {
    get { cell.load(fromByteOffset: 16, as: UInt64.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: 16, as: UInt64.self) }
  }
  @inline(__always) var fieldB: UInt64 {
    get { cell.load(fromByteOffset: 24, as: UInt64.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: 24, as: UInt64.self) }
  }

  /// Characters of a flat string.
  @inline(__always) var rawCharacters: UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(bitPattern: UInt(fieldA))!
  }

  @inline(__always) var latin1Characters: UnsafeMutablePointer<UInt8> {
    rawCharacters.assumingMemoryBound(to: UInt8.self)
  }

  @inline(__always) var utf16Characters: UnsafeMutablePointer<UInt16> {
    rawCharacters.assumingMemoryBound(to: UInt16.self)
  }

  // MARK: Reading

  /// Ensures the string is flat (flattening a rope), and returns self.
  @inline(__always) @discardableResult
  func flattened(_ heap: Heap) -> StringRef {
    if _slowPath(isRope) { flattenRope(heap) }
    return self
  }

  @inline(__always) func codeUnit(at index: Int, _ heap: Heap) -> UInt16 {
    flattened(heap)
    return isLatin1 ? UInt16(latin1Characters[index]) : utf16Characters[index]
  }

  /// Calls `body` with the characters as UTF-16 (copying Latin-1 into a temporary buffer).
  func withUTF16<R>(_ heap: Heap, _ body: (UnsafeBufferPointer<UInt16>) throws -> R) rethrows -> R {
    flattened(heap)
    if isLatin1 {
      let count = length
      let buffer = UnsafeMutablePointer<UInt16>.allocate(capacity: max(count, 1))
      defer { buffer.deallocate() }
      let source = latin1Characters
      for index in 0..<count { buffer[index] = UInt16(source[index]) }
      return try body(UnsafeBufferPointer(start: buffer, count: count))
    }
    return try body(UnsafeBufferPointer(start: utf16Characters, count: length))
  }

  func utf16Array(_ heap: Heap) -> [UInt16] {
    flattened(heap)
    let count = length
    if isLatin1 {
      let source = latin1Characters
      return [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
        for index in 0..<count { buffer[index] = UInt16(source[index]) }
        initialized = count
      }
    }
    return Array(UnsafeBufferPointer(start: utf16Characters, count: count))
  }

  /// The string as Swift `String` (lone surrogates become U+FFFD). Built from UTF-8, Swift's
  /// native encoding: decoding UTF-16 through the generic transcoder cost more than printing.
  func swiftString(_ heap: Heap) -> String {
    var bytes: [UInt8] = []
    appendUTF8(to: &bytes, heap)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the string encoded as UTF-8 (a lone surrogate becomes U+FFFD).
  func appendUTF8(to bytes: inout [UInt8], _ heap: Heap) {
    flattened(heap)
    let count = length
    bytes.reserveCapacity(bytes.count + count)
    if isLatin1 {
      let characters = latin1Characters
      for index in 0..<count {
        let unit = characters[index]
        if unit < 0x80 {
          bytes.append(unit)
        } else {
          bytes.append(0xC0 | unit >> 6)
          bytes.append(0x80 | unit & 0x3F)
        }
      }
      return
    }
    let characters = utf16Characters
    var index = 0
    while index < count {
      let unit = UInt32(characters[index])
      index += 1
      var scalar = unit
      if unit & 0xFC00 == 0xD800, index < count, UInt32(characters[index]) & 0xFC00 == 0xDC00 {
        scalar = 0x10000 + ((unit - 0xD800) << 10) + (UInt32(characters[index]) - 0xDC00)
        index += 1
      } else if unit & 0xF800 == 0xD800 {
        scalar = 0xFFFD
      }
      StringRef.appendUTF8(scalar: scalar, to: &bytes)
    }
  }

  private static func appendUTF8(scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      bytes.append(UInt8(scalar))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | scalar >> 6))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | scalar >> 12))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | scalar >> 18))
      bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  // MARK: Hashing and equality

  /// FNV-1a over the code units (the same for Latin-1 and UTF-16 forms of one string).
  func hash(_ heap: Heap) -> UInt32 {
    if flags & StringFlags.hashed != 0 { return storedHash }
    flattened(heap)
    var hash: UInt32 = 2_166_136_261
    let count = length
    if isLatin1 {
      let characters = latin1Characters
      for index in 0..<count { hash = (hash ^ UInt32(characters[index])) &* 16_777_619 }
    } else {
      let characters = utf16Characters
      for index in 0..<count { hash = (hash ^ UInt32(characters[index])) &* 16_777_619 }
    }
    storedHash = hash
    flags |= StringFlags.hashed
    return hash
  }

  func equals(_ other: StringRef, _ heap: Heap) -> Bool {
    if cell == other.cell { return true }
    if length != other.length { return false }
    if isAtom && other.isAtom { return false }
    flattened(heap)
    other.flattened(heap)
    if flags & other.flags & StringFlags.hashed != 0 && storedHash != other.storedHash { return false }
    return StringRef.equalCharacters(self, other)
  }

  static func equalCharacters(_ a: StringRef, _ b: StringRef) -> Bool {
    let count = a.length
    switch (a.isLatin1, b.isLatin1) {
    case (true, true): return memcmp(a.rawCharacters, b.rawCharacters, count) == 0
    case (false, false): return memcmp(a.rawCharacters, b.rawCharacters, count * 2) == 0
    case (true, false):
      let x = a.latin1Characters
      let y = b.utf16Characters
      for index in 0..<count where UInt16(x[index]) != y[index] { return false }
      return true
    case (false, true): return equalCharacters(b, a)
    }
  }

  /// Code-unit order comparison: negative, zero or positive.
  func compare(_ other: StringRef, _ heap: Heap) -> Int {
    flattened(heap)
    other.flattened(heap)
    let common = min(length, other.length)
    for index in 0..<common {
      let x = isLatin1 ? UInt16(latin1Characters[index]) : utf16Characters[index]
      let y = other.isLatin1 ? UInt16(other.latin1Characters[index]) : other.utf16Characters[index]
      if x != y { return Int(x) - Int(y) }
    }
    return length - other.length
  }

  // MARK: Ropes

  private func flattenRope(_ heap: Heap) {
    let count = length
    let latin1 = isLatin1
    let unitSize = latin1 ? 1 : 2
    let bytes = max(count * unitSize, 1)
    let buffer = malloc(bytes)!
    heap.reportExternalAllocation(bytes)
    // Walk the rope depth-first, left to right, with an explicit stack.
    var stack: [CellPointer] = [cell]
    var position = 0
    while let top = stack.popLast() {
      let node = StringRef(top)
      if node.isRope {
        stack.append(CellPointer(bitPattern: UInt(node.fieldB))!)
        stack.append(CellPointer(bitPattern: UInt(node.fieldA))!)
        continue
      }
      let pieceLength = node.length
      if latin1 {
        memcpy(buffer + position, node.rawCharacters, pieceLength)
      } else if node.isLatin1 {
        let target = (buffer + position * 2).assumingMemoryBound(to: UInt16.self)
        let source = node.latin1Characters
        for index in 0..<pieceLength { target[index] = UInt16(source[index]) }
      } else {
        memcpy(buffer + position * 2, node.rawCharacters, pieceLength * 2)
      }
      position += pieceLength
    }
    fieldA = UInt64(UInt(bitPattern: buffer))
    fieldB = 0
    flags = (flags & ~StringFlags.rope) | StringFlags.ownsBuffer
  }

  // MARK: Tracing and finalization

  func trace(_ heap: Heap) {
    if isRope {
      heap.mark(CellPointer(bitPattern: UInt(fieldA)))
      heap.mark(CellPointer(bitPattern: UInt(fieldB)))
    }
  }

  func finalize(_ heap: Heap) {
    if flags & StringFlags.ownsBuffer != 0 {
      free(rawCharacters)
      heap.reportExternalFree(max(length * (isLatin1 ? 1 : 2), 1))
    }
  }
}

// MARK: - Allocation

extension Runtime {
  /// The largest string whose characters are stored inside its cell.
  static let inlineStringLimit = 512

  func allocateFlatString(length: Int, latin1: Bool) -> StringRef {
    let bytes = length * (latin1 ? 1 : 2)
    let cell: CellPointer
    if bytes <= Runtime.inlineStringLimit {
      cell = heap.allocateCell(size: StringRef.headerSize + max(bytes, 1), kind: .string)
      let string = StringRef(cell)
      string.fieldA = UInt64(UInt(bitPattern: cell + StringRef.headerSize))
    } else {
      cell = heap.allocateCell(size: StringRef.headerSize, kind: .string)
      let buffer = malloc(bytes)!
      heap.reportExternalAllocation(bytes)
      StringRef(cell).fieldA = UInt64(UInt(bitPattern: buffer))
      cell.cellHeader.pointee.flags = StringFlags.ownsBuffer
    }
    cell.cellHeader.pointee.aux = UInt32(length)
    if latin1 { cell.cellHeader.pointee.flags |= StringFlags.latin1 }
    return StringRef(cell)
  }

  func newString(latin1 bytes: UnsafeBufferPointer<UInt8>) -> StringRef {
    if bytes.count == 0 { return emptyString }
    if bytes.count == 1 { return singleCharacterStrings[Int(bytes[0])] }
    let string = allocateFlatString(length: bytes.count, latin1: true)
    memcpy(string.rawCharacters, bytes.baseAddress!, bytes.count)
    return string
  }

  func newString(utf16 units: UnsafeBufferPointer<UInt16>) -> StringRef {
    let count = units.count
    if count == 0 { return emptyString }
    var fitsLatin1 = true
    for unit in units where unit > 0xFF {
      fitsLatin1 = false
      break
    }
    if count == 1 && fitsLatin1 { return singleCharacterStrings[Int(units[0])] }
    let string = allocateFlatString(length: count, latin1: fitsLatin1)
    if fitsLatin1 {
      let target = string.latin1Characters
      for index in 0..<count { target[index] = UInt8(truncatingIfNeeded: units[index]) }
    } else {
      memcpy(string.rawCharacters, units.baseAddress!, count * 2)
    }
    return string
  }

  func newString(_ units: [UInt16]) -> StringRef {
    units.withUnsafeBufferPointer { newString(utf16: $0) }
  }

  func newString(_ string: String) -> StringRef {
    var string = string
    if let fast = string.withUTF8({ utf8 -> StringRef? in
      for byte in utf8 where byte >= 0x80 { return nil }
      return newString(latin1: utf8)
    }) {
      return fast
    }
    return newString(Array(string.utf16))
  }

  func newStringValue(_ string: String) -> Value { newString(string).value }

  /// `left + right`, as a rope when long enough. Throws on over-long results.
  func concatenate(_ left: StringRef, _ right: StringRef) throws(JSException) -> StringRef {
    if left.isEmpty { return right }
    if right.isEmpty { return left }
    let length = left.length + right.length
    if length > maximumStringLength { throw throwRangeError("Invalid string length") }
    let latin1 = left.isLatin1 && right.isLatin1
    if length < 24 {
      left.flattened(heap)
      right.flattened(heap)
      let result = allocateFlatString(length: length, latin1: latin1)
      copyCharacters(from: left, to: result, at: 0)
      copyCharacters(from: right, to: result, at: left.length)
      return result
    }
    let cell = heap.allocateCell(size: StringRef.headerSize, kind: .string)
    let rope = StringRef(cell)
    rope.fieldA = UInt64(UInt(bitPattern: left.cell))
    rope.fieldB = UInt64(UInt(bitPattern: right.cell))
    cell.cellHeader.pointee.aux = UInt32(length)
    cell.cellHeader.pointee.flags = StringFlags.rope | (latin1 ? StringFlags.latin1 : 0)
    return rope
  }

  /// Copies a flat `source` into the flat `target` at code-unit `offset`.
  func copyCharacters(from source: StringRef, to target: StringRef, at offset: Int) {
    let count = source.length
    if target.isLatin1 {
      memcpy(target.rawCharacters + offset, source.rawCharacters, count)
    } else if source.isLatin1 {
      let destination = target.utf16Characters + offset
      let from = source.latin1Characters
      for index in 0..<count { destination[index] = UInt16(from[index]) }
    } else {
      memcpy(target.rawCharacters + offset * 2, source.rawCharacters, count * 2)
    }
  }

  /// The code units `[start, end)` of `string` as a new string.
  func substring(_ string: StringRef, _ start: Int, _ end: Int) -> StringRef {
    string.flattened(heap)
    let count = end - start
    if count <= 0 { return emptyString }
    if count == string.length { return string }
    if string.isLatin1 {
      return newString(latin1: UnsafeBufferPointer(start: string.latin1Characters + start, count: count))
    }
    return newString(utf16: UnsafeBufferPointer(start: string.utf16Characters + start, count: count))
  }

  func singleCodeUnitString(_ unit: UInt16) -> StringRef {
    if unit < 256 { return singleCharacterStrings[Int(unit)] }
    var copy = unit
    return withUnsafePointer(to: &copy) { newString(utf16: UnsafeBufferPointer(start: $0, count: 1)) }
  }
}
