import XJSSyntax

// The bytecode compiler: one FunctionCompiler per function (or script / eval
// code) turns the analysed syntax tree into a CodeBlock.
//
// Registers are allocated like a stack: uncaptured bindings get a register when
// their scope is entered, temporaries above them, all released in LIFO order.
// A call's header and arguments occupy the topmost registers, so the callee's
// frame begins inside the caller's without copying.

/// A compile-time error the parser does not catch (unsupported features).
struct CompileError: Error {
  let message: String
  let offset: Int
  /// A limit stopped the compiler (Runtime.frontEndStop says which): not the script's error.
  var wasInterrupted = false
  /// The native stack ran short (a lazy function compiled at its first call deep in a
  /// recursion): the call throws a RangeError, as a call that deep would.
  var exhaustedStack = false
}

struct Label {
  let id: Int
}

/// What the compiler must do when control leaves a construct abruptly.
enum ControlEntry {
  /// A breakable/continuable statement.
  case jumpTarget(labels: [String], breakLabel: Label, continueLabel: Label?, scopeDepth: Int)
  /// A `finally` block: abrupt exits set (kind, value) and jump to `entry`.
  case finally(kindRegister: Int32, valueRegister: Int32, entry: Label, jumps: FinallyJumps, scopeDepth: Int)
  /// A for-of loop: exits close the iterator.
  case iterator(register: Int32, scopeDepth: Int)
  /// An array pattern's iterator: a return from inside it (a generator resumed by `return`
  /// at a `yield` in the pattern) closes the iterator unless `done` is true.
  case patternIterator(register: Int32, done: Int32)
}

/// The jump targets routed through a `finally` block (kinds 3, 4, … in its dispatch).
final class FinallyJumps {
  var targets: [Label] = []
  func kind(for label: Label) -> Int32 {
    if let index = targets.firstIndex(where: { $0.id == label.id }) { return Int32(index + 3) }
    targets.append(label)
    return Int32(targets.count + 2)
  }
}

enum CompletionKind {
  static let normal: Int32 = 0
  static let `throw`: Int32 = 1
  static let `return`: Int32 = 2
}

final class FunctionCompiler {
  let runtime: Runtime
  let source: SourceFile
  let kind: CodeBlockKind
  let functionNode: FunctionNode?
  let functionScope: Scope
  let isStrict: Bool
  let name: String

  var code: [UInt32] = []
  var constants: [Value] = []
  private var atomConstants: [String: Int32] = [:]
  private var numberConstants: [UInt64: Int32] = [:]
  var cacheSiteCount = 0
  var templateSiteCount = 0
  var lineTable: [(pc: Int32, offset: Int32)] = []
  /// What each call instruction's callee is called in a "… is not a function" error.
  var calleeTexts = CalleeTexts()
  private var currentOffset: Int32 = -1
  var handlers: [(start: Int, end: Int, target: Label)] = []
  var descriptors: [ScopeDescriptor] = []
  var declarations = CodeBlock.Declarations()

  private var labelPositions: [Int] = []
  private var fixups: [(operandIndex: Int, instructionStart: Int, label: Label)] = []

  var registerTop: Int32 = 0
  var maxRegister: Int32 = 0
  var controlStack: [ControlEntry] = []
  /// Number of environments pushed so far in this function (for unwinding on jumps).
  var scopeDepth = 0
  var currentScope: Scope
  /// Script and eval code keep their completion value here.
  var completionRegister: Int32?
  var argumentsRegister: Int32 = -1
  var restRegister: Int32 = -1
  var mappedParameterSlots: [Int] = []
  /// Set for class constructors: code run right after `this` is bound.
  var isDerivedConstructor = false
  var hasInstanceFields = false
  /// The register holding the home object of methods (when `super` is used).
  var homeObjectRegister: Int32?
  /// Nullish-jump targets of the optional chains being compiled.
  var optionalChainLabels: [Label] = []
  /// The function kind of the code block being built.
  var functionKind: FunctionKind
  /// Class constructors: field initializers run at entry (base) or after super() (derived).
  var runsFieldInitializers = false
  /// Generators and async functions: the register holding the frame's generator object
  /// (Generator+Suspension.swift).
  var generatorRegister: Int32?
  /// The iterator registers of the for-await-of loops being compiled (their `.iterator`
  /// control entries close them with AsyncIteratorClose).
  var asyncLoopIterators: Set<Int32> = []
  var isGeneratorFunction: Bool { functionNode?.isGenerator ?? false }
  /// A module body with top-level await compiles as an async function's body.
  var isAsyncModule = false
  var isAsyncFunction: Bool { functionNode?.isAsync ?? isAsyncModule }
  /// When set, the functions nested in this code compile at their first call, from the syntax
  /// the unit keeps (LazyCompilation.swift); nil compiles them with this code.
  var lazyUnit: LazyCompileUnit?

  init(
    runtime: Runtime, source: SourceFile, kind: CodeBlockKind, functionNode: FunctionNode?, scope: Scope,
    name: String
  ) {
    self.runtime = runtime
    self.source = source
    self.kind = kind
    self.functionNode = functionNode
    self.functionScope = scope
    self.isStrict = scope.isStrict
    self.name = name
    self.currentScope = scope
    self.functionKind = functionNode?.kind ?? .normal
  }

  // MARK: Emission

  func at(_ range: SourceRange) {
    at(offset: Int32(range.start))
  }

  private func at(offset: Int32) {
    if offset != currentOffset {
      currentOffset = offset
      lineTable.append((Int32(code.count), offset))
    }
  }

  /// Emits what `body` emits with the source position of `range` (where a ReferenceError of a
  /// name load should point), then returns to the enclosing position for what follows.
  func positioned(at range: SourceRange, _ body: () -> Void) {
    let enclosing = currentOffset
    at(range)
    body()
    if enclosing >= 0 { at(offset: enclosing) }
  }

  /// Appends one instruction (the generated `emit…` functions call this; Opcodes.spec fixes
  /// the operand order). A jump operand is always the instruction's last word: it is resolved
  /// to `jumpingTo`'s position when the code block is finished.
  func appendInstruction(_ opcode: Opcode, _ operands: [Int32], jumpingTo label: Label? = nil) {
    assert(operands.count + (label == nil ? 1 : 2) == opcode.size, "operand count of \(opcode)")
    let start = code.count
    code.append(opcode.rawValue)
    for operand in operands { code.append(UInt32(bitPattern: operand)) }
    if let label {
      fixups.append((code.count, start, label))
      code.append(0)
    }
  }

  func newLabel() -> Label {
    labelPositions.append(-1)
    return Label(id: labelPositions.count - 1)
  }

  func bind(_ label: Label) {
    labelPositions[label.id] = code.count
  }

  var currentPosition: Int { code.count }

  // MARK: Constants

  func constant(_ value: Value) -> Int32 {
    constants.append(value)
    return Int32(constants.count - 1)
  }

  func atomConstant(_ name: String) -> Int32 {
    if let existing = atomConstants[name] { return existing }
    let index = constant(runtime.atom(name).value)
    atomConstants[name] = index
    return index
  }

  func stringConstant(_ units: [UInt16]) -> Int32 {
    let string = runtime.newString(units)
    let atom = runtime.atoms.intern(string, runtime.heap)
    return constant(atom.value)
  }

  func numberConstant(_ number: Double) -> Int32 {
    let bits = number.bitPattern
    if let existing = numberConstants[bits] { return existing }
    let index = constant(Value(number: number))
    numberConstants[bits] = index
    return index
  }

  /// A BigInt literal's value (the lexer gives its decimal digits); nil when it is wider
  /// than BigInteger.maximumBits.
  func bigIntConstant(_ digits: String) -> Int32? {
    guard let integer = try? BigInteger(digits: digits.utf8, radix: 10) else { return nil }
    return constant(runtime.newBigInt(integer).value)
  }

  func newCacheSite() -> Int32 {
    cacheSiteCount += 1
    return Int32(cacheSiteCount - 1)
  }

  // MARK: Registers

  func allocateRegister() -> Int32 {
    let register = registerTop
    registerTop += 1
    if registerTop > maxRegister { maxRegister = registerTop }
    return register
  }

  func allocateRegisters(_ count: Int) -> Int32 {
    let first = registerTop
    registerTop += Int32(count)
    if registerTop > maxRegister { maxRegister = registerTop }
    return first
  }

  /// Runs `body` and then releases every register it allocated.
  func withTemporaries<T>(_ body: () throws(CompileError) -> T) throws(CompileError) -> T {
    let mark = registerTop
    defer { registerTop = mark }
    return try body()
  }

  // MARK: Finishing

  func finish(
    parameterCount: Int, expectedArgumentCount: Int, sourceRange: SourceRange, isArrow: Bool,
    isClassConstructor: Bool, needsThisCoercion: Bool, argumentsAreMapped: Bool, isConstructorCapable: Bool
  ) -> CodeBlock {
    for fixup in fixups {
      let target = labelPositions[fixup.label.id]
      precondition(target >= 0, "unbound label")
      code[fixup.operandIndex] = UInt32(bitPattern: Int32(target - fixup.instructionStart))
    }
    let resolvedHandlers = handlers.map {
      ExceptionHandler(start: $0.start, end: $0.end, target: labelPositions[$0.target.id])
    }
    let codeBlock = CodeBlock(
      name: name, kind: kind, functionKind: functionKind, source: source, sourceRange: sourceRange,
      instructions: code, constants: constants, propertyCacheSites: cacheSiteCount,
      templateSiteCount: templateSiteCount, registerCount: Int(max(maxRegister, Int32(parameterCount))) + 1,
      parameterCount: parameterCount, expectedArgumentCount: expectedArgumentCount, isStrict: isStrict,
      isArrow: isArrow, isClassConstructor: isClassConstructor, isDerivedConstructor: isDerivedConstructor,
      needsThisCoercion: needsThisCoercion, argumentsRegister: argumentsRegister,
      argumentsAreMapped: argumentsAreMapped, restRegister: restRegister, handlers: resolvedHandlers,
      lineTable: lineTable, scopeDescriptors: descriptors, mappedParameterSlots: mappedParameterSlots,
      declarations: declarations, isConstructorCapable: isConstructorCapable, calleeTexts: calleeTexts,
      ledger: runtime.heap.ledger)
    codeBlock.sourceCharge = runtime.sourceCharge(for: source)
    codeBlock.data.pointee.realm = runtime.realmPointer
    codeBlock.module = runtime.compilingModule
    codeBlock.referrerName = runtime.compilingReferrerName
    codeBlock.data.pointee.tierUpCounter = runtime.jit.initialTierUpCount
    return codeBlock
  }

  // MARK: Scopes

  /// Enters `scope` at run time: allocates registers for its uncaptured bindings and
  /// pushes an environment when it has captured ones.
  func enterScope(_ scope: Scope) {
    currentScope = scope
    for binding in scope.orderedBindings where !binding.isCaptured {
      if case .unallocated = binding.location { binding.location = .register(allocateRegister()) }
    }
    if scope.hasEnvironment {
      emitPushScope(scope: Int32(descriptorIndex(for: scope)))
      scopeDepth += 1
    }
    initializeLexicalRegisters(scope)
  }

  /// let/const/class registers start out uninitialized when some use may precede initialization.
  func initializeLexicalRegisters(_ scope: Scope) {
    for binding in scope.orderedBindings where binding.kind.isLexical && !binding.isCaptured {
      if binding.needsTDZCheck, case .register(let register) = binding.location {
        emitLoadEmpty(dst: register)
      }
    }
  }

  func leaveScope(_ scope: Scope) {
    if scope.hasEnvironment {
      emitPopScope()
      scopeDepth -= 1
    }
    if let parent = scope.parent { currentScope = parent }
  }

  /// The descriptor of a scope's environment (slot count, names, lexical slots).
  func descriptorIndex(for scope: Scope) -> Int {
    var names: [String: ScopeDescriptor.Binding] = [:]
    var lexicalSlots: [Int] = []
    for binding in scope.orderedBindings {
      guard case .environment(let slot) = binding.location else { continue }
      names[binding.name] = ScopeDescriptor.Binding(
        slot: slot, isConst: binding.kind.isImmutable, isLexical: binding.kind.isLexical,
        isFunctionName: binding.kind == .functionSelfName, isImport: binding.kind == .importBinding)
      if binding.kind.isLexical { lexicalSlots.append(slot) }
    }
    // Global code's var scope is the global object (no environment); a sloppy eval's vars
    // go to its caller's var scope.
    let isVarScope =
      scope.kind == .function || scope.kind == .functionBody || (scope.kind == .eval && scope.isStrict)
    let descriptor = ScopeDescriptor(
      names: scope.needsDescriptor ? names : [:], isVarScope: isVarScope, slotCount: scope.environmentSlotCount,
      lexicalSlots: lexicalSlots, hasDynamicVars: scope.hasSloppyEval,
      isParameterScope: scope.kind == .function && scope.hasParameterExpressions && !scope.isStrict)
    descriptors.append(descriptor)
    return descriptors.count - 1
  }
}
