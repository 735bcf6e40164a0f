import XJSSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A compiled function (or script, or eval code): its bytecode, constants,
// inline-cache records, exception handlers and source positions.
//
// The instruction stream, constants and caches are raw buffers with stable
// addresses: the interpreter walks them through pointers, and the JIT will read
// the same records. A CodeBlockCell (a GC cell) owns each CodeBlock and traces
// its constants and caches.

/// One inline-cache entry of a property access site. An empty entry has shape 0.
struct PropertyCacheEntry {
  /// The receiver's shape (a cell address).
  var shape: UInt = 0
  /// Where the value is: ≥ 0 a byte offset into the holder cell (inline slot),
  /// < 0 an out-of-line slot index encoded as -(index + 1).
  var offset: Int32 = 0
  var kind: PropertyCacheKind = .empty
  /// For `.prototypeData`: the runtime's prototype epoch when filled.
  var epoch: UInt32 = 0
  /// For `.prototypeData`: the object holding the property. For `.addTransition`: the new shape.
  var holder: UInt = 0
}

enum PropertyCacheKind: UInt8 {
  case empty
  /// An own data property of the receiver.
  case ownData
  /// A data property of an object on the receiver's prototype chain.
  case prototypeData
  /// A store that adds a property: receiver shape → `holder` shape.
  case addTransition
  /// `length` of an array (a virtual own property).
  case arrayLength
  /// A property read through one of the original builtin getters the interpreter answers
  /// itself (`offset` is a `BuiltinGetter`), valid while `epoch` is the runtime's prototype epoch.
  case builtinGetter
  /// A global lexical binding (let/const/class at script top level): `shape` is the
  /// global lexical record's shape, `offset` the binding's slot there.
  case globalLexical
}

/// The builtin getters property caches answer without a call (`.builtinGetter` entries).
enum BuiltinGetter: Int32 {
  /// %TypedArray%.prototype.length
  case typedArrayLength
  /// Map.prototype.size
  case mapSize
  /// Set.prototype.size
  case setSize
}

/// Four entries per site (polymorphic up to four shapes).
let propertyCacheWays = 4

struct ExceptionHandler {
  var start: Int
  var end: Int
  var target: Int
}

/// The part of a code block the interpreter (and later the JIT) reads on every
/// instruction or call, in raw memory so the hot paths never touch a Swift class.
struct CodeBlockData {
  var instructions: UnsafeMutablePointer<UInt32>
  var constants: UnsafeMutablePointer<Value>
  var propertyCaches: UnsafeMutablePointer<PropertyCacheEntry>
  var registerCount: Int32
  var parameterCount: Int32
  var argumentsRegister: Int32
  var restRegister: Int32
  var isStrict: Bool
  var needsThisCoercion: Bool
  var isClassConstructor: Bool
  var isDerivedConstructor: Bool
  /// The CodeBlock owning this data (not retained: the owner frees the data).
  var owner: Unmanaged<CodeBlock>
  /// The realm the code was compiled in, which its frames run in (an unretained `Realm`: live
  /// code keeps its realm alive, see `CodeBlock.trace`). Set by the compiler.
  var realm: UnsafeMutableRawPointer? = nil
  /// The machine code of the function's entry, once the baseline JIT compiled it.
  var jitEntry: UnsafeRawPointer? = nil
  /// The entry machine code calls with only the frame header and arguments written (a direct
  /// call): it first sets missing arguments and the other registers to undefined.
  var jitDirectEntry: UnsafeRawPointer? = nil
  /// Counts down at each call and loop back edge; at zero the code tiers up (JIT/TierUp.swift).
  var tierUpCounter: Int32 = 0
  var jitState: JITState = .interpreted
  /// The block stands in for a function not compiled yet (Compiler/LazyCompilation.swift); its
  /// counter starts at zero, so the first call reaches `Runtime.counterExpired`, which compiles.
  var isLazy = false
}

/// Where a code block stands with the baseline JIT.
enum JITState: UInt8 {
  /// Not compiled (yet).
  case interpreted
  /// Compiled: `jitEntry` is set.
  case compiled
  /// The JIT cannot or may not compile it; it stays interpreted for good.
  case notCompilable
}

enum CodeBlockKind {
  case script
  case function
  case eval
  /// A module's code: its function declarations' instantiation or its body (Modules/).
  case module
}

final class CodeBlock {
  let name: String
  let kind: CodeBlockKind
  let functionKind: FunctionKind
  let source: SourceFile
  /// The function's source text range (Function.prototype.toString).
  let sourceRange: SourceRange

  @exclusivity(unchecked) private(set) var instructions: UnsafeMutablePointer<UInt32>
  @inline(__always) var instructionBase: UnsafePointer<UInt32> { UnsafePointer(instructions) }
  /// The hot fields, for the interpreter.
  @exclusivity(unchecked) private(set) var data: UnsafeMutablePointer<CodeBlockData>!
  let instructionCount: Int
  @exclusivity(unchecked) private(set) var constants: UnsafeMutablePointer<Value>
  let constantCount: Int
  @exclusivity(unchecked) private(set) var propertyCaches: UnsafeMutablePointer<PropertyCacheEntry>
  let propertyCacheSiteCount: Int
  /// Per-site cached template objects (tagged templates).
  @exclusivity(unchecked) var templateObjects: [Value]

  let registerCount: Int
  let parameterCount: Int
  /// The function's `length`.
  let expectedArgumentCount: Int
  let isStrict: Bool
  let isArrow: Bool
  let isClassConstructor: Bool
  /// Direct eval here is in a class field initializer (ES2024 19.2.1.1 step 6.b.v).
  var isInClassFieldInitializer = false
  /// A generator, async function or async generator: its frame suspends (its machine code
  /// dispatches on the resume offset at its entry).
  var isGenerator = false
  var isAsync = false
  var suspends: Bool { isGenerator || isAsync }
  /// `this` here is a function's (not an arrow chain up to global code): a direct eval
  /// here may use `new.target` (ES2024 19.2.1.1 step 6.b, inFunction).
  var hasFunctionThisEnvironment = false
  let isDerivedConstructor: Bool
  /// Sloppy functions that read `this` get it coerced (undefined → global, primitives → objects).
  let needsThisCoercion: Bool
  /// Register receiving a fresh arguments object at entry (or -1).
  let argumentsRegister: Int32
  let argumentsAreMapped: Bool
  /// Register receiving the rest-parameter array at entry (or -1).
  let restRegister: Int32
  let handlers: [ExceptionHandler]
  /// (instruction offset, source offset) pairs, ascending by instruction offset.
  let lineTable: [(pc: Int32, offset: Int32)]
  let scopeDescriptors: [ScopeDescriptor]
  /// For mapped arguments: the environment slot of each parameter (or -1).
  let mappedParameterSlots: [Int]
  /// Names referenced by the code (global var declarations for scripts and eval).
  let declarations: Declarations
  /// Whether new.target / super / this are used (for eval code validation).
  let isConstructorCapable: Bool
  /// The baseline JIT's code for this block (released with it).
  var jitCode: JITCode? {
    didSet { settleCharge() }
  }
  /// The module this code belongs to (its body, its functions, eval code in it): where
  /// `import.meta` and `import()` find their module. nil for script code.
  weak var module: ModuleRecord?
  /// Where `import()` in script code resolves from, when not `source.name` (eval code and
  /// `new Function` bodies take their caller's).
  var referrerName: String?
  /// The source name of each call instruction's callee, for the "o.method is not a function"
  /// TypeError.
  let calleeTexts: CalleeTexts
  /// This block's memory outside the heap (its code, tables and machine code), charged to
  /// the heap's ledger: a script that makes many functions must meet the heap limit.
  @exclusivity(unchecked) private var charge: MemoryCharge
  /// The source text, charged once for all the blocks of one script, eval or `new Function`.
  var sourceCharge: SharedMemoryCharge?
  /// Set while this block only stands in for a function its first call compiles (its metadata
  /// is the function's, its code empty): the syntax to compile it from.
  var lazyFunction: LazyFunction?

  struct Declarations {
    /// `var` and function names declared at the top level of a script or eval.
    var varNames: [String] = []
    /// Functions to instantiate at entry: (name, constant index of their template).
    var functionNames: [String] = []
    /// Lexically declared names (let/const/class) of a script's top level.
    var lexicalNames: [(name: String, isConst: Bool)] = []

    /// The memory the names take (each a string of its own with the allocator's rounding).
    var estimatedBytes: Int {
      var bytes = 0
      for name in varNames { bytes &+= 32 &+ name.utf8.count }
      for name in functionNames { bytes &+= 32 &+ name.utf8.count }
      for entry in lexicalNames { bytes &+= 40 &+ entry.name.utf8.count }
      return bytes
    }
  }

  init(
    name: String, kind: CodeBlockKind, functionKind: FunctionKind, source: SourceFile,
    sourceRange: SourceRange, instructions: [UInt32], constants: [Value], propertyCacheSites: Int,
    templateSiteCount: Int, registerCount: Int, parameterCount: Int, expectedArgumentCount: Int,
    isStrict: Bool, isArrow: Bool, isClassConstructor: Bool, isDerivedConstructor: Bool,
    needsThisCoercion: Bool, argumentsRegister: Int32, argumentsAreMapped: Bool, restRegister: Int32,
    handlers: [ExceptionHandler], lineTable: [(pc: Int32, offset: Int32)], scopeDescriptors: [ScopeDescriptor],
    mappedParameterSlots: [Int], declarations: Declarations, isConstructorCapable: Bool,
    calleeTexts: CalleeTexts, ledger: MemoryLedger
  ) {
    charge = MemoryCharge(0, to: ledger)
    self.calleeTexts = calleeTexts
    self.name = name
    self.kind = kind
    self.functionKind = functionKind
    self.source = source
    self.sourceRange = sourceRange
    self.instructions = .allocate(capacity: max(instructions.count, 1))
    self.instructions.initialize(from: instructions, count: instructions.count)
    instructionCount = instructions.count
    self.constants = .allocate(capacity: max(constants.count, 1))
    self.constants.initialize(from: constants, count: constants.count)
    constantCount = constants.count
    let cacheEntries = propertyCacheSites * propertyCacheWays
    propertyCaches = .allocate(capacity: max(cacheEntries, 1))
    propertyCaches.initialize(repeating: PropertyCacheEntry(), count: max(cacheEntries, 1))
    propertyCacheSiteCount = propertyCacheSites
    templateObjects = Array(repeating: .undefined, count: templateSiteCount)
    self.registerCount = registerCount
    self.parameterCount = parameterCount
    self.expectedArgumentCount = expectedArgumentCount
    self.isStrict = isStrict
    self.isArrow = isArrow
    self.isClassConstructor = isClassConstructor
    self.isDerivedConstructor = isDerivedConstructor
    self.needsThisCoercion = needsThisCoercion
    self.argumentsRegister = argumentsRegister
    self.argumentsAreMapped = argumentsAreMapped
    self.restRegister = restRegister
    self.handlers = handlers
    self.lineTable = lineTable
    self.scopeDescriptors = scopeDescriptors
    self.mappedParameterSlots = mappedParameterSlots
    self.declarations = declarations
    self.isConstructorCapable = isConstructorCapable
    data = .allocate(capacity: 1)
    data.initialize(
      to: CodeBlockData(
        instructions: self.instructions, constants: self.constants, propertyCaches: propertyCaches,
        registerCount: Int32(registerCount), parameterCount: Int32(parameterCount),
        argumentsRegister: argumentsRegister, restRegister: restRegister, isStrict: isStrict,
        needsThisCoercion: needsThisCoercion, isClassConstructor: isClassConstructor,
        isDerivedConstructor: isDerivedConstructor, owner: Unmanaged.passUnretained(self)))
    settleCharge()
  }

  /// The object, its hot data and its arrays' headers, with the allocator's rounding.
  private static let fixedBytes = 768

  /// Charges what the block takes now, estimated from its parts.
  private func settleCharge() {
    var bytes = CodeBlock.fixedBytes &+ name.utf8.count
    bytes &+= instructionCount &* MemoryLayout<UInt32>.stride &+ constantCount &* MemoryLayout<Value>.stride
    bytes &+= propertyCacheSiteCount &* propertyCacheWays &* MemoryLayout<PropertyCacheEntry>.stride
    bytes &+= templateObjects.count &* MemoryLayout<Value>.stride
    bytes &+= handlers.count &* MemoryLayout<ExceptionHandler>.stride &+ lineTable.count &* 8
    bytes &+= mappedParameterSlots.count &* MemoryLayout<Int>.stride
    for descriptor in scopeDescriptors { bytes &+= descriptor.estimatedBytes }
    bytes &+= declarations.estimatedBytes &+ calleeTexts.estimatedBytes
    if let jitCode { bytes &+= jitCode.estimatedBytes }
    charge.resize(to: bytes)
  }

  /// The realm this code belongs to (its functions' [[Realm]]).
  var realm: Realm? {
    data.pointee.realm.map { Unmanaged<Realm>.fromOpaque($0).takeUnretainedValue() }
  }

  deinit {
    data.deallocate()
    instructions.deallocate()
    constants.deallocate()
    propertyCaches.deallocate()
  }

  /// The source offset of the instruction at `pc` (an instruction-word offset).
  func sourceOffset(at pc: Int) -> Int {
    var low = 0
    var high = lineTable.count - 1
    var best = -1
    while low <= high {
      let middle = (low + high) / 2
      if Int(lineTable[middle].pc) <= pc {
        best = middle
        low = middle + 1
      } else {
        high = middle - 1
      }
    }
    return best >= 0 ? Int(lineTable[best].offset) : Int(sourceRange.start)
  }

  func trace(_ heap: Heap) {
    // Live code keeps the realm it runs in alive.
    realm?.markReachable(heap)
    heap.mark(values: constants, count: constantCount)
    for value in templateObjects { heap.mark(value) }
    for index in 0..<(propertyCacheSiteCount * propertyCacheWays) {
      let entry = propertyCaches[index]
      if entry.kind == .empty { continue }
      heap.mark(CellPointer(bitPattern: entry.shape))
      if entry.holder != 0 { heap.mark(CellPointer(bitPattern: entry.holder)) }
    }
  }
}

/// The GC cell that owns a CodeBlock. Layout: header | CodeBlock (retained) | its CodeBlockData.
struct CodeBlockCellRef {
  let cell: CellPointer
  @inline(__always) init(_ cell: CellPointer) { self.cell = cell }
  @inline(__always) init(_ value: Value) { cell = value.asCell }
  static let size = 24
  /// Where the cell keeps its CodeBlockData pointer (JIT code reads it too).
  static let dataOffset = 16
  @inline(__always) var data: UnsafeMutablePointer<CodeBlockData> {
    cell.load(fromByteOffset: CodeBlockCellRef.dataOffset, as: UnsafeMutablePointer<CodeBlockData>.self)
  }
  var value: Value { Value(cell: cell) }
  @inline(__always) var codeBlock: CodeBlock {
    Unmanaged<CodeBlock>.fromOpaque(cell.load(fromByteOffset: 8, as: UnsafeMutableRawPointer.self))
      .takeUnretainedValue()
  }
  @inline(__always) var codeBlockPointer: UnsafeMutableRawPointer {
    cell.load(fromByteOffset: 8, as: UnsafeMutableRawPointer.self)
  }
  func trace(_ heap: Heap) {
    if cell.load(fromByteOffset: 8, as: UnsafeMutableRawPointer?.self) != nil { codeBlock.trace(heap) }
  }
  func finalize(_ heap: Heap) {
    if let pointer = cell.load(fromByteOffset: 8, as: UnsafeMutableRawPointer?.self) {
      Unmanaged<CodeBlock>.fromOpaque(pointer).release()
    }
  }
  /// Makes the cell own `codeBlock` in place of its current block (a lazy function's stand-in,
  /// once compiled): every closure of the cell runs the new code from its next call.
  func replaceCodeBlock(with codeBlock: CodeBlock) {
    let old = codeBlockPointer
    cell.storeBytes(of: Unmanaged.passRetained(codeBlock).toOpaque(), toByteOffset: 8, as: UnsafeMutableRawPointer.self)
    cell.storeBytes(
      of: codeBlock.data, toByteOffset: CodeBlockCellRef.dataOffset, as: UnsafeMutablePointer<CodeBlockData>.self)
    Unmanaged<CodeBlock>.fromOpaque(old).release()
  }
}

extension Runtime {
  func newCodeBlockCell(_ codeBlock: CodeBlock) -> CodeBlockCellRef {
    let cell = heap.allocateCell(size: CodeBlockCellRef.size, kind: .codeBlock)
    cell.storeBytes(of: Unmanaged.passRetained(codeBlock).toOpaque(), toByteOffset: 8, as: UnsafeMutableRawPointer.self)
    cell.storeBytes(
      of: codeBlock.data, toByteOffset: CodeBlockCellRef.dataOffset, as: UnsafeMutablePointer<CodeBlockData>.self)
    return CodeBlockCellRef(cell)
  }
}

/// Call instruction offset → the callee's source text, recorded in increasing offset order as
/// the compiler emits calls (a sorted array: a Dictionary<Int32, String> cost a generic metadata
/// instantiation in every process's first compile).
struct CalleeTexts {
  private var offsets: [Int32] = []
  private var texts: [String] = []

  /// The memory the entries take (a text is a string of its own past 15 bytes).
  var estimatedBytes: Int {
    var bytes = offsets.capacity &* 4 &+ texts.capacity &* 16
    for text in texts where text.utf8.count > 15 { bytes &+= 32 &+ text.utf8.count }
    return bytes
  }

  /// Records `text` for the call at `offset`; entries at or past it (code the compiler
  /// discarded and is emitting again) are dropped.
  mutating func record(_ text: String, at offset: Int32) {
    while let last = offsets.last, last >= offset {
      offsets.removeLast()
      texts.removeLast()
    }
    offsets.append(offset)
    texts.append(text)
  }

  subscript(offset: Int32) -> String? {
    var low = 0
    var high = offsets.count
    while low < high {
      let middle = (low + high) / 2
      if offsets[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return low < offsets.count && offsets[low] == offset ? texts[low] : nil
  }
}
