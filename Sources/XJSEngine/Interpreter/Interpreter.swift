// The bytecode interpreter: one dispatch loop over the instruction words of the running frame.
// Operands are decoded only through the typed views generated from Opcodes.spec
// (`Instruction.Add(pc).lhs`), and every instruction that is not `inline` there runs its slow
// path (`execute<Name>`, SlowPaths/): the interpreter does the cheap cases of the hottest ones
// itself and calls the slow path for the rest, so an instruction's semantics live in one place
// that the JIT calls too.
//
// JS→JS calls push a frame on the register stack and continue in the same loop (no native
// recursion); calls into native code, and native code calling back into JS, re-enter through
// `call`/`construct` with a depth bound.
//
// Exceptions: a slow path throws `JSException`; the loop catches it and `unwind` finds the
// innermost handler by pc in this frame or a caller, or the exception leaves through the entry
// frame (rethrown to Swift).

extension Runtime {
  /// Runs the interpreter starting at the entry frame `entry` (whose header is set
  /// up and whose registers are initialized) until that frame returns. `firstExit` is how
  /// machine code that already ran the entry frame left it, when the caller entered it directly.
  func interpret(entry: Registers, after firstExit: JITExit? = nil) throws(JSException) -> Value {
    var fp = entry
    var code = Frame.codeData(fp)
    var constants = code.pointee.constants
    // Where machine code takes over next (set where control reaches compiled code).
    var machineEntry: UnsafeRawPointer? = nil
    var pendingExit = firstExit
    if pendingExit == nil {
      // A resumed generator's frame is not a call: it does not count towards tier-up.
      if _slowPath(code.pointee.tierUpCounter <= 0) && hot.pointee.resumeOffset == 0 { jit.tierUp(code) }
      machineEntry = code.pointee.jitEntry
    }
    // A resumed generator's frame continues where it suspended (machine code takes the offset
    // itself).
    var pc =
      UnsafePointer(code.pointee.instructions) + (pendingExit == nil && machineEntry == nil ? takeResumeOffset() : 0)
    run: while true {
      do throws(JSException) {
        if let address = machineEntry {
          machineEntry = nil
          pendingExit = jit.enter(fp, address)
        }
        if let exit = pendingExit {
          pendingExit = nil
          switch exit {
          case .resume(let frame, let offset):
            fp = frame
            code = Frame.codeData(fp)
            constants = code.pointee.constants
            // A frame handed over at its start may be a generator resumed by the JIT's call.
            pc = UnsafePointer(code.pointee.instructions) + (offset == 0 ? takeResumeOffset() : offset)
          case .exception(let frame):
            fp = frame
            code = Frame.codeData(fp)
            constants = code.pointee.constants
            pc = hot.pointee.parkedExceptionPC.unsafelyUnwrapped
            throw takeParkedException()
          case .returned:
            return hot.pointee.returnValue
          }
        }
        while true {
          let opcode = Opcode.decode(pc[0])
          switch opcode {
          // MARK: Moves and constants (inline)
          case .move:
            let instruction = Instruction.Move(pc)
            fp[instruction.dst] = fp[instruction.src]
            pc += Instruction.Move.size
          case .loadConstant:
            let instruction = Instruction.LoadConstant(pc)
            fp[instruction.dst] = constants[instruction.constant]
            pc += Instruction.LoadConstant.size
          case .loadInt:
            let instruction = Instruction.LoadInt(pc)
            fp[instruction.dst] = Value(instruction.value)
            pc += Instruction.LoadInt.size
          case .loadUndefined:
            fp[Instruction.LoadUndefined(pc).dst] = .undefined
            pc += Instruction.LoadUndefined.size
          case .loadNull:
            fp[Instruction.LoadNull(pc).dst] = .null
            pc += Instruction.LoadNull.size
          case .loadTrue:
            fp[Instruction.LoadTrue(pc).dst] = .true
            pc += Instruction.LoadTrue.size
          case .loadFalse:
            fp[Instruction.LoadFalse(pc).dst] = .false
            pc += Instruction.LoadFalse.size
          case .loadEmpty:
            fp[Instruction.LoadEmpty(pc).dst] = .empty
            pc += Instruction.LoadEmpty.size

          // MARK: Arithmetic and logic
          case .add: pc = try executeAdd(fp, pc)
          case .subtract: pc = try executeSubtract(fp, pc)
          case .multiply: pc = try executeMultiply(fp, pc)
          case .divide: pc = try executeDivide(fp, pc)
          case .remainder: pc = try executeRemainder(fp, pc)
          case .exponent: pc = try executeExponent(fp, pc)
          case .bitAnd: pc = try executeBitAnd(fp, pc)
          case .bitOr: pc = try executeBitOr(fp, pc)
          case .bitXor: pc = try executeBitXor(fp, pc)
          case .shiftLeft: pc = try executeShiftLeft(fp, pc)
          case .shiftRight: pc = try executeShiftRight(fp, pc)
          case .unsignedShiftRight: pc = try executeUnsignedShiftRight(fp, pc)
          case .addInt: pc = try executeAddInt(fp, pc)
          case .negate: pc = try executeNegate(fp, pc)
          case .toNumeric: pc = try executeToNumeric(fp, pc)
          case .toNumber: pc = try executeToNumber(fp, pc)
          case .bitNot: pc = try executeBitNot(fp, pc)
          case .logicalNot: pc = try executeLogicalNot(fp, pc)
          case .typeOf: pc = try executeTypeOf(fp, pc)
          case .increment: pc = try executeIncrement(fp, pc)
          case .decrement: pc = try executeDecrement(fp, pc)

          // MARK: Comparison
          case .equal: pc = try executeEqual(fp, pc)
          case .notEqual: pc = try executeNotEqual(fp, pc)
          case .strictEqual: pc = try executeStrictEqual(fp, pc)
          case .strictNotEqual: pc = try executeStrictNotEqual(fp, pc)
          case .lessThan: pc = try executeLessThan(fp, pc)
          case .lessThanOrEqual: pc = try executeLessThanOrEqual(fp, pc)
          case .greaterThan: pc = try executeGreaterThan(fp, pc)
          case .greaterThanOrEqual: pc = try executeGreaterThanOrEqual(fp, pc)
          case .instanceOf: pc = try executeInstanceOf(fp, pc)
          case .hasProperty: pc = try executeHasProperty(fp, pc)

          // MARK: Jumps (a backward jump is a safe point)
          case .jump:
            let target = pc + Instruction.Jump(pc).target
            if target <= pc {
              machineEntry = try loopBackEdge(code, to: target)
              pc = target
              if machineEntry != nil { continue run }
            } else {
              pc = target
            }
          case .jumpIfTrue:
            let next = try executeJumpIfTrue(fp, pc)
            if next <= pc {
              machineEntry = try loopBackEdge(code, to: next)
              pc = next
              if machineEntry != nil { continue run }
            } else {
              pc = next
            }
          case .jumpIfFalse:
            let next = try executeJumpIfFalse(fp, pc)
            if next <= pc {
              machineEntry = try loopBackEdge(code, to: next)
              pc = next
              if machineEntry != nil { continue run }
            } else {
              pc = next
            }
          case .jumpIfNullish:
            let instruction = Instruction.JumpIfNullish(pc)
            pc += fp[instruction.src].isNullish ? instruction.target : Instruction.JumpIfNullish.size
          case .jumpIfNotNullish:
            let instruction = Instruction.JumpIfNotNullish(pc)
            pc += !fp[instruction.src].isNullish ? instruction.target : Instruction.JumpIfNotNullish.size
          case .jumpIfNotInt32:
            let instruction = Instruction.JumpIfNotInt32(pc)
            pc += !fp[instruction.src].isInt32 ? instruction.target : Instruction.JumpIfNotInt32.size
          case .jumpIfUndefined:
            let instruction = Instruction.JumpIfUndefined(pc)
            pc += fp[instruction.src].isUndefined ? instruction.target : Instruction.JumpIfUndefined.size
          case .jumpIfNotUndefined:
            let instruction = Instruction.JumpIfNotUndefined(pc)
            pc += !fp[instruction.src].isUndefined ? instruction.target : Instruction.JumpIfNotUndefined.size
          case .jumpIfLessThan:
            let next = try executeJumpIfLessThan(fp, pc)
            if next <= pc {
              machineEntry = try loopBackEdge(code, to: next)
              pc = next
              if machineEntry != nil { continue run }
            } else {
              pc = next
            }
          case .jumpIfNotLessThan:
            let next = try executeJumpIfNotLessThan(fp, pc)
            if next <= pc {
              machineEntry = try loopBackEdge(code, to: next)
              pc = next
              if machineEntry != nil { continue run }
            } else {
              pc = next
            }
          case .jumpIfLessThanInt:
            let next = try executeJumpIfLessThanInt(fp, pc)
            if next <= pc {
              machineEntry = try loopBackEdge(code, to: next)
              pc = next
              if machineEntry != nil { continue run }
            } else {
              pc = next
            }
          case .jumpIfNotLessThanInt:
            let next = try executeJumpIfNotLessThanInt(fp, pc)
            if next <= pc {
              machineEntry = try loopBackEdge(code, to: next)
              pc = next
              if machineEntry != nil { continue run }
            } else {
              pc = next
            }
          case .jumpIfStrictEqual:
            let next = try executeJumpIfStrictEqual(fp, pc)
            if next <= pc {
              machineEntry = try loopBackEdge(code, to: next)
              pc = next
              if machineEntry != nil { continue run }
            } else {
              pc = next
            }
          case .jumpIfNotStrictEqual:
            let next = try executeJumpIfNotStrictEqual(fp, pc)
            if next <= pc {
              machineEntry = try loopBackEdge(code, to: next)
              pc = next
              if machineEntry != nil { continue run }
            } else {
              pc = next
            }

          // MARK: Bindings
          case .checkInitialized: pc = try executeCheckInitialized(fp, pc)
          case .checkThisInitialized: pc = try executeCheckThisInitialized(fp, pc)
          case .checkThisUninitialized: pc = try executeCheckThisUninitialized(fp, pc)
          case .getEnvironment: pc = try executeGetEnvironment(fp, pc)
          case .setEnvironment: pc = try executeSetEnvironment(fp, pc)
          case .getEnvironmentChecked: pc = try executeGetEnvironmentChecked(fp, pc)
          case .setEnvironmentChecked: pc = try executeSetEnvironmentChecked(fp, pc)
          case .throwConstAssignment: pc = try executeThrowConstAssignment(fp, pc)
          case .getImport: pc = try executeGetImport(fp, pc)
          case .importCall: pc = try executeImportCall(fp, pc)
          case .importMeta: pc = try executeImportMeta(fp, pc)
          case .pushScope: pc = try executePushScope(fp, pc)
          case .popScope:
            fp[Frame.environmentOffset] = EnvironmentRef(fp[Frame.environmentOffset]).parent
            pc += Instruction.PopScope.size
          case .copyScope: pc = try executeCopyScope(fp, pc)
          case .pushWithScope: pc = try executePushWithScope(fp, pc)
          case .getGlobal: pc = try executeGetGlobal(fp, pc)
          case .setGlobal: pc = try executeSetGlobal(fp, pc)
          case .getGlobalOrUndefined: pc = try executeGetGlobalOrUndefined(fp, pc)
          case .hasGlobal: pc = try executeHasGlobal(fp, pc)
          case .getName: pc = try executeGetName(fp, pc)
          case .setName: pc = try executeSetName(fp, pc)
          case .resolveName: pc = try executeResolveName(fp, pc)
          case .getNameFromBase: pc = try executeGetNameFromBase(fp, pc)
          case .setNameOnBase: pc = try executeSetNameOnBase(fp, pc)
          case .getNameOrUndefined: pc = try executeGetNameOrUndefined(fp, pc)
          case .deleteName: pc = try executeDeleteName(fp, pc)
          case .callName: pc = try executeCallName(fp, pc)
          case .declareGlobals: pc = try executeDeclareGlobals(fp, pc)
          case .initializeGlobalLexical: pc = try executeInitializeGlobalLexical(fp, pc)
          case .declareEvalVar: pc = try executeDeclareEvalVar(fp, pc)
          case .declareEvalFunction: pc = try executeDeclareEvalFunction(fp, pc)

          // MARK: Properties
          case .getProperty:
            // The cache hit inline (no need to reload the constants and caches from the frame).
            let instruction = Instruction.GetProperty(pc)
            let object = fp[instruction.object]
            let cache = code.pointee.propertyCaches + instruction.cache * propertyCacheWays
            if object.isObject, let value = cachedLoad(object.asObject, cache) {
              fp[instruction.dst] = value
              pc += Instruction.GetProperty.size
            } else {
              pc = try executeGetProperty(fp, pc)
            }
          case .setProperty:
            let instruction = Instruction.SetProperty(pc)
            let object = fp[instruction.object]
            let cache = code.pointee.propertyCaches + instruction.cache * propertyCacheWays
            if object.isObject && cachedStore(object.asObject, fp[instruction.src], cache) {
              pc += Instruction.SetProperty.size
            } else {
              pc = try executeSetProperty(fp, pc)
            }
          case .getElement: pc = try executeGetElement(fp, pc)
          case .setElement: pc = try executeSetElement(fp, pc)
          case .deleteProperty: pc = try executeDeleteProperty(fp, pc)
          case .deleteElement: pc = try executeDeleteElement(fp, pc)
          case .getSuperBase: pc = try executeGetSuperBase(fp, pc)
          case .getSuperProperty: pc = try executeGetSuperProperty(fp, pc)
          case .setSuperProperty: pc = try executeSetSuperProperty(fp, pc)
          case .defineNamedProperty: pc = try executeDefineNamedProperty(fp, pc)
          case .defineDataProperty: pc = try executeDefineDataProperty(fp, pc)
          case .defineMethod: pc = try executeDefineMethod(fp, pc)
          case .defineGetter: pc = try executeDefineGetter(fp, pc)
          case .defineSetter: pc = try executeDefineSetter(fp, pc)
          case .copyDataProperties: pc = try executeCopyDataProperties(fp, pc)
          case .setPrototypeLiteral: pc = try executeSetPrototypeLiteral(fp, pc)
          case .toPropertyKey: pc = try executeToPropertyKey(fp, pc)
          case .setFunctionName: pc = try executeSetFunctionName(fp, pc)
          case .loadHomeObject: pc = try executeLoadHomeObject(fp, pc)
          case .mapArguments: pc = try executeMapArguments(fp, pc)
          case .newPrivateName: pc = try executeNewPrivateName(fp, pc)
          case .getPrivate: pc = try executeGetPrivate(fp, pc)
          case .setPrivate: pc = try executeSetPrivate(fp, pc)
          case .definePrivate: pc = try executeDefinePrivate(fp, pc)
          case .definePrivateAccessor: pc = try executeDefinePrivateAccessor(fp, pc)
          case .hasPrivate: pc = try executeHasPrivate(fp, pc)

          // MARK: Allocation
          case .newObject: pc = try executeNewObject(fp, pc)
          case .newArray: pc = try executeNewArray(fp, pc)
          case .arrayAppend: pc = try executeArrayAppend(fp, pc)
          case .arrayAppendHole: pc = try executeArrayAppendHole(fp, pc)
          case .arrayAppendSpread: pc = try executeArrayAppendSpread(fp, pc)
          case .newRegExp: pc = try executeNewRegExp(fp, pc)
          case .getTemplateObject: pc = try executeGetTemplateObject(fp, pc)
          case .newClosure: pc = try executeNewClosure(fp, pc)
          case .createClass: pc = try executeCreateClass(fp, pc)
          case .initializeFields: pc = try executeInitializeFields(fp, pc)
          case .setFieldInitializer: pc = try executeSetFieldInitializer(fp, pc)
          case .setHomeObject: pc = try executeSetHomeObject(fp, pc)
          case .requireObjectCoercible: pc = try executeRequireObjectCoercible(fp, pc)
          case .toString: pc = try executeToString(fp, pc)
          case .toObject: pc = try executeToObject(fp, pc)

          // MARK: Calls
          case .call, .callEval, .construct:
            let next: Registers
            let size: Int  // constants per case: `opcode.size` here was a call of the generic getter
            switch opcode {
            case .call: (next, size) = (try executeCall(fp, pc), Instruction.Call.size)
            case .callEval: (next, size) = (try executeCallEval(fp, pc), Instruction.CallEval.size)
            default: (next, size) = (try executeConstruct(fp, pc), Instruction.Construct.size)
            }
            if next == fp {
              pc += size  // a native callee completed
            } else {
              // A bytecode callee's frame: run it from its first instruction (in machine code
              // if it has some).
              fp = next
              code = Frame.codeData(fp)
              constants = code.pointee.constants
              // Machine code continues a resumed generator where it suspended by itself.
              if let entry = code.pointee.jitEntry {
                machineEntry = entry
                continue run
              }
              pc = UnsafePointer(code.pointee.instructions) + takeResumeOffset()
            }
          case .callWithSpread: pc = try executeCallWithSpread(fp, pc)
          case .callEvalWithSpread: pc = try executeCallEvalWithSpread(fp, pc)
          case .constructWithSpread: pc = try executeConstructWithSpread(fp, pc)
          case .superCall: pc = try executeSuperCall(fp, pc)
          case .superCallWithSpread: pc = try executeSuperCallWithSpread(fp, pc)
          case .superCallForward: pc = try executeSuperCallForward(fp, pc)
          case .return, .yield, .await:
            // Yield and Await leave the frame like a return (its state saved in the generator).
            let caller: Registers
            switch opcode {
            case .return: caller = try executeReturn(fp, pc)
            case .yield: caller = try executeYield(fp, pc)
            default: caller = try executeAwait(fp, pc)
            }
            if caller == fp {
              // An async generator's yield with requests waiting goes on in this frame.
              if _slowPath(hot.pointee.resumeOffset != 0) {
                pc = UnsafePointer(code.pointee.instructions) + takeResumeOffset()
                continue
              }
              return hot.pointee.returnValue
            }
            let returnPC = Frame.returnPC(fp)
            // A caller in machine code continues where it stored (its code reloads the rest).
            let machineReturn = UnsafeRawPointer(bitPattern: UInt(fp[Frame.machineReturnOffset].bits))
            fp = caller
            code = Frame.codeData(fp)
            constants = code.pointee.constants
            pc = UnsafePointer(code.pointee.instructions) + returnPC
            if let machineReturn {
              machineEntry = machineReturn
              continue run
            }

          // MARK: Iteration
          case .getIterator: pc = try executeGetIterator(fp, pc)
          case .iteratorNext: pc = try executeIteratorNext(fp, pc)
          case .iteratorClose: pc = try executeIteratorClose(fp, pc)
          case .forInEnumerate: pc = try executeForInEnumerate(fp, pc)
          case .forInNext: pc = try executeForInNext(fp, pc)

          // MARK: Generators and async functions
          case .createGenerator: pc = try executeCreateGenerator(fp, pc)
          case .finishGenerator: pc = try executeFinishGenerator(fp, pc)
          case .createIterResult: pc = try executeCreateIterResult(fp, pc)
          case .getIteratorRecord: pc = try executeGetIteratorRecord(fp, pc)
          case .checkIteratorResult: pc = try executeCheckIteratorResult(fp, pc)

          // MARK: Exceptions and miscellaneous
          case .throw: pc = try executeThrow(fp, pc)
          case .throwError: pc = try executeThrowError(fp, pc)
          case .moveException: pc = try executeMoveException(fp, pc)
          case .debugger, .nop:
            pc += opcode.size
          }
        }
      } catch let exception {
        guard let (frame, handler) = unwind(exception.value, from: fp, pc: throwSite(of: exception, fp, pc)) else {
          throw JSException(exception.value)
        }
        fp = frame
        code = Frame.codeData(fp)
        constants = code.pointee.constants
        pc = handler
        if code.pointee.jitState == .compiled {
          let offset = handler - UnsafePointer(code.pointee.instructions)
          machineEntry = code.pointee.owner.takeUnretainedValue().jitCode?.entry(atBytecodeOffset: offset)
        }
      }
    }
  }

  /// A loop's back edge to `target`: a safe point, and a count towards tier-up. Returns the
  /// machine code of the loop header when the code block has (just) been compiled: the loop
  /// continues there (OSR entry).
  @inline(__always) private func loopBackEdge(_ code: UnsafeMutablePointer<CodeBlockData>, to target: BytecodePC)
    throws(JSException) -> UnsafeRawPointer?
  {
    try checkSafePoint()
    code.pointee.tierUpCounter &-= 1
    guard _slowPath(code.pointee.tierUpCounter < 0) else { return nil }
    return osrEntry(code, target)
  }

  @inline(never) private func osrEntry(_ code: UnsafeMutablePointer<CodeBlockData>, _ target: BytecodePC)
    -> UnsafeRawPointer?
  {
    guard jit.tierUp(code) else { return nil }
    let offset = target - UnsafePointer(code.pointee.instructions)
    guard let entry = code.pointee.owner.takeUnretainedValue().jitCode?.entry(atBytecodeOffset: offset) else {
      return nil
    }
    jit.statistics.osrEntries += 1
    return entry
  }

}
