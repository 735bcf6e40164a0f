import XJSAssembler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// What the JIT tells its users: `--stats`, `--jit-witness`, `--print-code`, and the same through
// the embedding API.

extension Runtime {
  /// The JIT's counters (functions compiled, code and mapped bytes, OSR entries, compile time).
  package var jitStatistics: JITStatistics { jit.statistics }

  /// Whether the JIT is compiling (and how), or why it is off.
  package var jitStateDescription: String { jit.stateDescription }

  /// Whether machine code may run in this runtime (false with the JIT off or refused by the OS).
  package var isJITEnabled: Bool { jit.isEnabled }

  /// Sets up code memory now instead of at the first tier-up, so that a refusal by the OS
  /// (PR_SET_MDWE, SELinux) is known before any script runs. Returns whether the JIT is on.
  @discardableResult
  package func prepareJIT() -> Bool { jit.prepare() }

  /// Every permission change of this runtime's executable memory, one line each.
  package var jitWitnessLog: [WitnessRecord] { jit.log.records }

  /// Bytes of code pages mapped writable or executable right now.
  package var jitMappedBytes: Int { jit.allocator?.mappedBytes ?? 0 }

  /// Keeps every compiled function's code for `machineCodeListing()`.
  package func keepMachineCodeListing() { jit.keepsCodeListing = true }

  /// The `--stats` report.
  package func statisticsReport() -> String {
    let statistics = jit.statistics
    var lines = ["xjs statistics:"]
    lines.append("  jit: \(jit.stateDescription)")
    lines.append("  functions compiled: \(statistics.functionsCompiled)")
    var notCompiled = "  functions left interpreted by the JIT: \(statistics.functionsNotCompiled)"
    if let failure = statistics.lastFailure { notCompiled += " (last: \(failure))" }
    lines.append(notCompiled)
    lines.append("  machine code: \(statistics.codeBytes) bytes from \(statistics.bytecodeBytes) bytes of bytecode")
    lines.append("  code memory mapped: \(jitMappedBytes) bytes (\(jit.log.records.count) witnessed transitions)")
    lines.append("  OSR entries: \(statistics.osrEntries)")
    let milliseconds = Double(statistics.compileNanoseconds) / 1e6
    lines.append("  time compiling: \(formatMilliseconds(milliseconds)) ms")
    lines.append("  lazy functions: \(lazyFunctionsCreated), \(lazyFunctionsCompiled) of them compiled at a first call")
    lines.append("  garbage collections: \(heap.collectionCount), heap \(heap.totalBytes) bytes")
    return lines.joined(separator: "\n")
  }

  /// The witness log as `--jit-witness` prints it.
  package func witnessReport() -> String {
    var lines = ["xjs jit witness log (\(jit.stateDescription)):"]
    lines += jit.log.records.map { "  \($0)" }
    if jit.log.records.isEmpty { lines.append("  (no executable memory was mapped)") }
    return lines.joined(separator: "\n")
  }

  /// The machine code of every function compiled since `keepMachineCodeListing()`, disassembled
  /// with `objdump` when it is installed (raw bytes otherwise), each instruction's code headed
  /// by its bytecode.
  package func machineCodeListing() -> String {
    var text = ""
    for (name, code) in jit.codeListing {
      let start = UInt(bitPattern: code.code.start)
      text += "== \(name): \(code.codeBytes) bytes at 0x\(String(start, radix: 16))\n"
      let bytes = UnsafeRawBufferPointer(start: code.code.start, count: code.codeBytes)
      let lines =
        disassemble(Array(bytes), address: start, arm64: jit.options.target.isARM64)
        ?? hexLines(Array(bytes), address: start)
      var starts = code.instructionStarts[...]
      for (address, line) in lines {
        while let first = starts.first, UInt(first.offset) + start <= address {
          starts = starts.dropFirst()
          if UInt(first.offset) + start == address { text += "  ; bytecode \(first.pc)\n" }
        }
        text += line + "\n"
      }
      text += "\n"
    }
    return text
  }

  private func formatMilliseconds(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

/// `objdump`'s disassembly of `bytes` as if at `address` (arm64 code through binutils'
/// aarch64 objdump): (address, line) pairs, or nil when objdump is not installed or fails.
private func disassemble(_ bytes: [UInt8], address: UInt, arm64: Bool) -> [(UInt, String)]? {
  var template = Array("/tmp/xjs-code-XXXXXX".utf8CString)
  let descriptor = mkstemp(&template)
  guard descriptor >= 0 else { return nil }
  let path = String(cString: template)
  defer { unlink(path) }
  let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  close(descriptor)
  guard written == bytes.count else { return nil }
  let tool = arm64 ? "aarch64-linux-gnu-objdump -D -b binary -m aarch64" : "objdump -D -b binary -m i386:x86-64"
  let command = "\(tool) --adjust-vma=0x\(String(address, radix: 16)) \(path) 2>/dev/null"
  guard let pipe = popen(command, "r") else { return nil }
  var result: [(UInt, String)] = []
  var buffer = [CChar](repeating: 0, count: 512)
  while fgets(&buffer, Int32(buffer.count), pipe) != nil {
    let line = String(cString: buffer).trimmingTrailingNewline
    // Instruction lines: "  7f12…:\t48 89 c7 \tmov …".
    let trimmed = line.drop { $0 == " " }
    guard let colon = trimmed.firstIndex(of: ":"), let value = UInt(trimmed[..<colon], radix: 16),
      trimmed[trimmed.index(after: colon)...].first == "\t"
    else { continue }
    result.append((value, line))
  }
  let status = pclose(pipe)
  return status == 0 && !result.isEmpty ? result : nil
}

private func hexLines(_ bytes: [UInt8], address: UInt) -> [(UInt, String)] {
  stride(from: 0, to: bytes.count, by: 16).map { start in
    let chunk = bytes[start..<min(start + 16, bytes.count)]
    let hex = chunk.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
    return (address + UInt(start), "  \(String(address + UInt(start), radix: 16)):\t\(hex)")
  }
}

extension String {
  fileprivate var trimmingTrailingNewline: String {
    hasSuffix("\n") ? String(dropLast()) : self
  }
}
