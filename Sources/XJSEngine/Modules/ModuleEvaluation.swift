// Evaluating a linked module graph (ES2025 16.2.1.5.3 Evaluate, InnerModuleEvaluation,
// ExecuteAsyncModule, GatherAvailableAncestors, AsyncModuleExecutionFulfilled and
// AsyncModuleExecutionRejected): depth first, each strongly connected component together;
// a module with top-level await (or waiting on one) runs once its async dependencies
// settle, in the order their evaluation started ([[AsyncEvaluationOrder]]).

extension Runtime {
  /// Evaluate(): the promise of the module's evaluation (settled already unless some module
  /// of the graph awaits at top level).
  func evaluate(_ start: ModuleRecord) -> Value {
    var module = start
    // 2. A module whose component already ran: its cycle root holds the result.
    if module.status == .evaluatingAsync || module.status == .evaluated, let root = module.cycleRoot {
      module = root
    }
    // 3. Evaluated (or being evaluated) before: the same promise.
    if !module.topLevelPromise.isUndefined { return module.topLevelPromise }
    var stack: [ModuleRecord] = []
    let promise = newPromise()
    module.topLevelPromise = promise
    do {
      _ = try innerModuleEvaluation(module, &stack, 0)
      // 10. Settled now unless an async module of the graph is still running.
      if !module.asyncEvaluation { resolvePromise(promise, with: .undefined) }
    } catch let error {
      // 9. Every module on the stack failed with the error.
      for failed in stack {
        failed.status = .evaluated
        failed.hasEvaluationError = true
        failed.evaluationError = error.value
      }
      rejectPromise(promise, reason: error.value)
    }
    return promise
  }

  /// InnerModuleEvaluation, with the recursion over requested modules kept in `frames` (a
  /// module and its next request), so a graph thousands deep needs no native stack.
  private func innerModuleEvaluation(_ root: ModuleRecord, _ stack: inout [ModuleRecord], _ start: Int)
    throws(JSException) -> Int
  {
    var index = start
    var frames: [(module: ModuleRecord, nextRequest: Int)] = []
    /// Steps 1–10: begins evaluating `module`; false when there is nothing to walk into.
    func begin(_ module: ModuleRecord) throws(JSException) -> Bool {
      if module.isSynthetic { return false }
      // 2–3. Done before: its error again, or nothing to do.
      if module.status == .evaluatingAsync || module.status == .evaluated {
        if module.hasEvaluationError { throw JSException(module.evaluationError) }
        return false
      }
      if module.status == .evaluating { return false }
      module.status = .evaluating
      module.dfsIndex = index
      module.dfsAncestorIndex = index
      module.pendingAsyncDependencies = 0
      index += 1
      stack.append(module)
      frames.append((module, 0))
      return true
    }
    /// Step 11.b–d: after a requested module was walked.
    func required(_ requested: ModuleRecord, of module: ModuleRecord) throws(JSException) {
      if requested.isSynthetic { return }
      var required = requested
      if required.status == .evaluating {
        module.dfsAncestorIndex = min(module.dfsAncestorIndex, required.dfsAncestorIndex)
      } else {
        required = required.cycleRoot ?? required
        if required.hasEvaluationError { throw JSException(required.evaluationError) }
      }
      if required.asyncEvaluation {
        module.pendingAsyncDependencies += 1
        required.asyncParentModules.append(module)
      }
    }
    _ = try begin(root)
    while let (module, next) = frames.last {
      // 11. The requested modules first.
      if next < module.entries.requests.count {
        frames[frames.count - 1].nextRequest += 1
        let requested = module.importedModule(next)
        if try !begin(requested) { try required(requested, of: module) }
        continue
      }
      frames.removeLast()
      // 12–13. Run it now, or once its async dependencies are done.
      if module.pendingAsyncDependencies > 0 || module.hasTopLevelAwait {
        module.asyncEvaluation = true
        asyncEvaluationCount += 1
        module.asyncEvaluationOrder = asyncEvaluationCount
        if module.pendingAsyncDependencies == 0 { executeAsyncModule(module) }
      } else {
        try executeModule(module)
      }
      // 16. The root of a strongly connected component finishes it.
      if module.dfsAncestorIndex == module.dfsIndex {
        while let done = stack.popLast() {
          done.status = done.asyncEvaluation ? .evaluatingAsync : .evaluated
          done.cycleRoot = module
          if done === module { break }
        }
      }
      if let parent = frames.last { try required(module, of: parent.module) }
    }
    return index
  }

  /// ExecuteModule for a module without top-level await.
  private func executeModule(_ module: ModuleRecord) throws(JSException) {
    _ = try runTopLevel(CodeBlockCellRef(module.bodyCode.asCell), this: .undefined, environment: module.environment)
  }

  /// ExecuteAsyncModule: the body is an async function's; its promise says how it ended.
  private func executeAsyncModule(_ module: ModuleRecord) {
    let promise: Value
    do {
      promise = try runTopLevel(
        CodeBlockCellRef(module.bodyCode.asCell), this: .undefined, environment: module.environment)
    } catch let error {
      asyncModuleExecutionRejected(module, error.value)
      return
    }
    whenSettled(promise, data: Value(Int32(module.index))) { runtime, data, rejected, value in
      let module = runtime.modules[Int(data.asInt32)]
      if rejected {
        runtime.asyncModuleExecutionRejected(module, value)
      } else {
        runtime.asyncModuleExecutionFulfilled(module)
      }
    }
  }

  /// GatherAvailableAncestors: the parents whose last pending dependency this was (a work
  /// list rather than the spec's recursion: a chain of thousands of modules may wait here).
  private func gatherAvailableAncestors(_ module: ModuleRecord, _ execList: inout [ModuleRecord]) {
    var work = [module]
    var listed: Set<ObjectIdentifier> = []
    while let current = work.popLast() {
      for parent in current.asyncParentModules {
        guard !listed.contains(ObjectIdentifier(parent)) else { continue }
        if let root = parent.cycleRoot, root.hasEvaluationError { continue }
        parent.pendingAsyncDependencies -= 1
        if parent.pendingAsyncDependencies == 0 {
          execList.append(parent)
          listed.insert(ObjectIdentifier(parent))
          if !parent.hasTopLevelAwait { work.append(parent) }
        }
      }
    }
  }

  private func asyncModuleExecutionFulfilled(_ module: ModuleRecord) {
    // 1. Failed meanwhile (through another path).
    if module.status == .evaluated { return }
    module.asyncEvaluation = false
    module.status = .evaluated
    if !module.topLevelPromise.isUndefined { resolvePromise(module.topLevelPromise, with: .undefined) }
    var execList: [ModuleRecord] = []
    gatherAvailableAncestors(module, &execList)
    // 10. In the order their evaluation started.
    execList.sort { $0.asyncEvaluationOrder < $1.asyncEvaluationOrder }
    for ready in execList {
      if ready.status == .evaluated { continue }
      if ready.hasTopLevelAwait {
        executeAsyncModule(ready)
        continue
      }
      do {
        try executeModule(ready)
      } catch let error {
        asyncModuleExecutionRejected(ready, error.value)
        continue
      }
      ready.asyncEvaluation = false
      ready.status = .evaluated
      if !ready.topLevelPromise.isUndefined { resolvePromise(ready.topLevelPromise, with: .undefined) }
    }
  }

  /// AsyncModuleExecutionRejected, depth first as the spec's recursion (through a work list).
  private func asyncModuleExecutionRejected(_ module: ModuleRecord, _ error: Value) {
    var work = [module]
    while let current = work.popLast() {
      if current.status == .evaluated { continue }
      current.hasEvaluationError = true
      current.evaluationError = error
      current.status = .evaluated
      // 9–10. Its own promise first, then its ancestors' (leaf to root).
      if !current.topLevelPromise.isUndefined { rejectPromise(current.topLevelPromise, reason: error) }
      work.append(contentsOf: current.asyncParentModules.reversed())
    }
  }
}
