// Slow paths of the iteration instructions: the iterator protocol with its unobservable array
// fast path, and for-in enumeration.
//
// An iterator lives in two consecutive registers: the iterator object and its `next` method.
// For an array whose iteration nobody can observe (the original %ArrayIteratorPrototype%.next
// and Array.prototype[@@iterator]) the pair is instead the array and an int32 index, and the
// loop reads elements by index; a real `next` that happens to be an int32 is kept as a double.

extension Runtime {
  func executeGetIterator(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetIterator(pc)
    let destination = fp + instruction.dst
    let iterable = fp[instruction.iterable]
    if iterable.isObject && iterable.asObject.isArray && hasDefaultArrayIteration(iterable.asObject) {
      destination[0] = iterable
      destination[1] = Value(Int32(0))
    } else {
      let (iterator, next) = try getIterator(iterable)
      destination[0] = iterator
      destination[1] = next.isInt32 ? Value(Double(next.asInt32)) : next
    }
    return pc + Instruction.GetIterator.size
  }

  /// The next value into `dst` and the next instruction, or the `done` target.
  func executeIteratorNext(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.IteratorNext(pc)
    let iterator = fp + instruction.iterator
    let next = iterator[1]
    if next.isInt32 {
      let array = iterator[0].asObject
      let index = next.asInt32
      guard UInt32(bitPattern: index) < arrayLength(array) else {
        iterator[1] = Value(Int32.max)
        return pc + instruction.done
      }
      let element = Int(index) < array.denseCount ? array.denseElements[Int(index)] : .empty
      fp[instruction.dst] = element.isEmpty ? try get(array, PropertyKey(index: UInt32(bitPattern: index))) : element
      iterator[1] = Value(index &+ 1)
      return pc + Instruction.IteratorNext.size
    }
    guard let value = try iteratorStep(iterator: iterator[0], next: next) else { return pc + instruction.done }
    fp[instruction.dst] = value
    return pc + Instruction.IteratorNext.size
  }

  func executeIteratorClose(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.IteratorClose(pc)
    let iterator = fp + instruction.iterator
    // The array fast path has nothing to close.
    if !iterator[1].isInt32 { try iteratorClose(iterator[0], suppressErrors: instruction.flags & 1 != 0) }
    return pc + Instruction.IteratorClose.size
  }

  func executeForInEnumerate(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ForInEnumerate(pc)
    fp[instruction.dst] = try forInEnumerator(fp[instruction.src]).value
    return pc + Instruction.ForInEnumerate.size
  }

  func executeForInNext(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ForInNext(pc)
    guard let key = try forInNextKey(fp[instruction.enumerator].asObject) else { return pc + instruction.done }
    fp[instruction.dst] = key
    return pc + Instruction.ForInNext.size
  }
}
