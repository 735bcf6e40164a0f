import XJSSyntax

// The time and heap limits while source text becomes bytecode. Parsing, scope analysis and
// compiling a huge script (megabytes of eval'd text, one function of 50,000 `var`s) take
// seconds and hundreds of megabytes outside the garbage-collected heap, and no safe point runs
// until the code does. So the parser and the analyzer call a checkpoint every few thousand
// tokens or nodes, the compiler every few thousand statements and expressions: each checks the
// interrupt word (deadline, interrupt request) as a safe point does, and charges the job's
// scratch memory against the heap limit. The exception (TerminationError, or the RangeError of
// the heap limit) is kept in `frontEndStop` and thrown once the front end has unwound.

extension Runtime {
  /// Units of work (tokens, nodes, statements and expressions) between two checkpoints.
  static let frontEndCheckInterval = 4096

  /// Scratch memory charged per token parsed, held until the job ends: syntax tree, scopes and
  /// the bytecode being built. Peak RSS over token count when compiling 2.4 million tokens of
  /// statements (`a=a+1;` repeated) measured about 150 bytes; this stays a little under it so
  /// that ordinary scripts are never refused.
  static let frontEndBytesPerToken = 128

  /// Starts a front-end job; pair with `endFrontEndJob`. Jobs do not nest (compiling runs no
  /// script), so the state is the runtime's.
  func beginFrontEndJob() {
    compileStackLimit = NativeStack.limit()
    compilingSourceCharge = nil
    frontEndScratchBytes = 0
    frontEndStop = nil
    compileCountdown = Runtime.frontEndCheckInterval
  }

  func endFrontEndJob() {
    compilingSourceCharge = nil
    frontEndScratchBytes = 0
    frontEndStop = nil
  }

  /// The charge for `source`'s text, made by the job's first code block and shared by the rest:
  /// the text lives as long as any function compiled from it.
  func sourceCharge(for source: SourceFile) -> SharedMemoryCharge {
    if let current = compilingSourceCharge, current.source == ObjectIdentifier(source) { return current.charge }
    let bytes = 64 &+ source.name.utf8.count &+ source.text.count &* MemoryLayout<UInt16>.stride
    let charge = SharedMemoryCharge(bytes, to: heap.ledger)
    compilingSourceCharge = (ObjectIdentifier(source), charge)
    return charge
  }

  /// The checkpoint handed to the parser (and the analyzer, with a count of nodes that adds
  /// no memory: the tree is already charged).
  func parserCheckpoint() -> FrontEndCheckpoint {
    FrontEndCheckpoint(interval: Runtime.frontEndCheckInterval) { [unowned self] tokens in
      frontEndScratchBytes = tokens &* Runtime.frontEndBytesPerToken
      return frontEndMustStop()
    }
  }

  func analyzerCheckpoint() -> FrontEndCheckpoint {
    FrontEndCheckpoint(interval: Runtime.frontEndCheckInterval) { [unowned self] _ in frontEndMustStop() }
  }

  /// Whether the job must stop; the reason is kept in `frontEndStop`.
  func frontEndMustStop() -> Bool {
    if frontEndStop != nil { return true }
    do throws(JSException) {
      try chargeFrontEndScratch()
      try checkSafePoint()
    } catch {
      frontEndStop = error
      return true
    }
    return false
  }

  /// The heap limit covers the job's scratch memory. Collecting first is safe while parsing
  /// (no cell is in the making); the compiler defers collections, so there it only compares.
  private func chargeFrontEndScratch() throws(JSException) {
    let room = heap.maximumBytes - heap.totalBytes
    guard frontEndScratchBytes > room else { return }
    heap.collect()
    guard frontEndScratchBytes > heap.maximumBytes - heap.totalBytes else { return }
    heap.limitRefusals &+= 1
    throw throwRangeError(
      "Out of memory: the heap limit (\(heap.maximumBytes) bytes) was reached while compiling")
  }

  /// The compiler's checkpoint (FunctionCompiler.countCompileWork).
  func compileCheckpoint(at offset: Int) throws(CompileError) {
    compileCountdown = Runtime.frontEndCheckInterval
    if frontEndMustStop() {
      throw CompileError(message: "compiling was stopped by the host", offset: offset, wasInterrupted: true)
    }
  }
}

extension FunctionCompiler {
  /// Counts one statement or expression towards the runtime's next compile checkpoint.
  @inline(__always) func countCompileWork(at offset: Int32) throws(CompileError) {
    runtime.compileCountdown &-= 1
    if _slowPath(runtime.compileCountdown <= 0) { try runtime.compileCheckpoint(at: Int(offset)) }
    try checkCompileStack(at: offset)
  }

  /// The compiler recurses as deep as the tree: it stops where the parser would (the thread's
  /// stack limit), which a function compiled at its first call may meet deep in a recursion.
  @inline(__always) func checkCompileStack(at offset: Int32) throws(CompileError) {
    if _slowPath(NativeStack.currentAddress() < runtime.compileStackLimit) {
      throw CompileError(message: "Maximum call stack size exceeded", offset: Int(offset), exhaustedStack: true)
    }
  }
}
