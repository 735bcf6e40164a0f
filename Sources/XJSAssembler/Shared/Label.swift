// Labels name code positions. Both assemblers share this type; each keeps its
// own fixup records because the encoding of a reference is ISA-specific.

/// A position in the code being assembled. Created by an assembler's
/// `makeLabel()`, bound once with `bind(_:)`, and referenced any number of
/// times before or after binding.
///
/// Code offsets that must be known after `finalize()` (entry points, OSR
/// entries, handler addresses) are to be kept as labels: the arm64 assembler
/// may lengthen out-of-range branches while finalizing, which moves code, and
/// `AssembledCode.offset(of:)` reports the final positions.
public struct Label: Hashable, Sendable, CustomStringConvertible {
  /// Index into the owning assembler's label table.
  public let id: Int

  public var description: String { "L\(id)" }
}

/// Where each label of one assembler is bound.
struct LabelTable {
  private(set) var offsets: [Int?] = []

  mutating func make() -> Label {
    offsets.append(nil)
    return Label(id: offsets.count - 1)
  }

  mutating func bind(_ label: Label, to offset: Int) {
    precondition(offsets.indices.contains(label.id), "\(label) belongs to another assembler")
    precondition(offsets[label.id] == nil, "\(label) is bound twice")
    offsets[label.id] = offset
  }

  func offset(of label: Label) -> Int? {
    precondition(offsets.indices.contains(label.id), "\(label) belongs to another assembler")
    return offsets[label.id]
  }

  /// Moves every bound label to `move(offset)` (used when instructions are
  /// lengthened and the code after them moves).
  mutating func move(_ move: (Int) -> Int) {
    for index in offsets.indices {
      if let offset = offsets[index] { offsets[index] = move(offset) }
    }
  }
}

/// The output of an assembler: machine code plus the final label positions.
public struct AssembledCode: Sendable {
  public let bytes: [UInt8]
  let labelOffsets: [Int?]

  /// The final byte offset of `label` in `bytes`, or nil if it was never bound.
  public func offset(of label: Label) -> Int? {
    labelOffsets.indices.contains(label.id) ? labelOffsets[label.id] : nil
  }
}

/// Why assembling could not complete. Operand misuse (an unencodable
/// immediate, a register the form does not accept) is a programming error in
/// the caller and stops with a precondition; these are the failures that only
/// show once the code is laid out.
public enum AssemblerError: Error, Equatable, CustomStringConvertible {
  /// A branch or address refers to a label that was never bound.
  case unboundLabel(Label)
  /// A branch at `offset` cannot reach its target `distance` bytes away.
  case branchOutOfRange(offset: Int, distance: Int)

  public var description: String {
    switch self {
    case .unboundLabel(let label): return "label \(label) is referenced but never bound"
    case .branchOutOfRange(let offset, let distance):
      return "branch at offset \(offset) cannot reach a target \(distance) bytes away"
    }
  }
}
