// A readable listing of a code block and the functions nested in it
// (`xjs run --dump-bytecode`), with source positions.

extension Runtime {
  func dumpBytecode(_ code: CodeBlockCellRef) -> String {
    var output = ""
    var queue = [code]
    var seen = Set<UInt>()
    while !queue.isEmpty {
      let current = queue.removeFirst()
      if !seen.insert(UInt(bitPattern: current.cell)).inserted { continue }
      // The listing shows every function's code, called or not (a compile error leaves the
      // stand-in, listed without code, and is thrown again by the function's first call).
      try? compileLazily(current)
      output += dump(current.codeBlock, nested: &queue)
      output += "\n"
    }
    return output
  }

  private func dump(_ codeBlock: CodeBlock, nested: inout [CodeBlockCellRef]) -> String {
    let (line, column) = codeBlock.source.location(of: Int(codeBlock.sourceRange.start))
    let title =
      codeBlock.kind == .function
      ? "function \(codeBlock.name.isEmpty ? "<anonymous>" : codeBlock.name)" : "\(codeBlock.kind)"
    var text = "== \(title) (\(codeBlock.source.name):\(line):\(column)) registers: \(codeBlock.registerCount)"
    text += ", parameters: \(codeBlock.parameterCount)\(codeBlock.isStrict ? ", strict" : "")\n"
    var pc = 0
    var lastLine = -1
    while pc < codeBlock.instructionCount {
      guard let opcode = Opcode(rawValue: codeBlock.instructions[pc]) else {
        text += String(format4(pc)) + " <invalid \(codeBlock.instructions[pc])>\n"
        break
      }
      let info = opcode.info
      let (sourceLine, sourceColumn) = codeBlock.source.location(of: codeBlock.sourceOffset(at: pc))
      var row = format4(pc) + "  " + info.name.padding(to: 22)
      var operands: [String] = []
      for (index, operand) in info.operands.enumerated() {
        let word = codeBlock.instructions[pc + 1 + index]
        let signed = Int32(bitPattern: word)
        switch operand.role {
        case .read, .write, .readWrite, .writePair, .readWritePair, .frame, .range:
          operands.append(registerName(signed))
        case .constant:
          let value = codeBlock.constants[Int(word)]
          if value.isCell && value.asCell.cellKind == .codeBlock {
            let inner = CodeBlockCellRef(value)
            nested.append(inner)
            operands.append("<function \(inner.codeBlock.name.isEmpty ? "<anonymous>" : inner.codeBlock.name)>")
          } else {
            operands.append(describeConstant(value))
          }
        case .name: operands.append(describeConstant(codeBlock.constants[Int(word)]))
        case .immediate: operands.append("#\(signed)")
        case .jump: operands.append("-> \(format4(pc + Int(signed)))")
        case .cache: operands.append("ic\(word)")
        case .count, .flags, .index: operands.append("\(word)")
        }
      }
      row += operands.joined(separator: ", ")
      if sourceLine != lastLine {
        row = row.padding(to: 64) + "; \(sourceLine):\(sourceColumn)"
        lastLine = sourceLine
      }
      text += row + "\n"
      pc += opcode.size
    }
    for handler in codeBlock.handlers {
      text += "  handler [\(format4(handler.start)), \(format4(handler.end))) -> \(format4(handler.target))\n"
    }
    return text
  }

  private func registerName(_ register: Int32) -> String {
    switch Int(register) {
    case Frame.calleeOffset: return "callee"
    case Frame.thisOffset: return "this"
    case Frame.newTargetOffset: return "new.target"
    case Frame.environmentOffset: return "env"
    default: return "r\(register)"
    }
  }

  private func describeConstant(_ value: Value) -> String {
    if value.isString {
      let text = value.asString.swiftString(heap)
      return "\"" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "\""
    }
    if value.isBigInt { return bigIntToString(value.asBigInt).swiftString(heap) + "n" }
    return (try? toString(value).swiftString(heap)) ?? value.debugDescription
  }

  private func format4(_ number: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
