// Per-kind tracing and finalization, dispatched from the collector.
enum Cells {
  static func trace(_ cell: CellPointer, heap: Heap) {
    switch cell.cellKind {
    case .object: ObjectRef(cell).trace(heap)
    case .string: StringRef(cell).trace(heap)
    case .symbol: SymbolRef(cell).trace(heap)
    case .shape: ShapeRef(cell).trace(heap)
    case .environment: EnvironmentRef(cell).trace(heap)
    case .codeBlock: CodeBlockCellRef(cell).trace(heap)
    case .accessorPair: AccessorPairRef(cell).trace(heap)
    case .bigInt, .free: break
    }
  }

  static func finalize(_ cell: CellPointer, heap: Heap) {
    switch cell.cellKind {
    case .object: ObjectRef(cell).finalize(heap)
    case .string: StringRef(cell).finalize(heap)
    case .shape: ShapeRef(cell).finalize(heap)
    case .environment: EnvironmentRef(cell).finalize(heap)
    case .codeBlock: CodeBlockCellRef(cell).finalize(heap)
    case .symbol, .accessorPair, .bigInt, .free: break
    }
  }
}
