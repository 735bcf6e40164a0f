// Runs arm64 code under qemu-aarch64-static (Debian package qemu-user-static), an
// implementation of the architecture independent of ARM64Simulator: the code goes into a
// static Linux executable made here (no toolchain needed) that writes its results to stdout.
import Foundation
import Testing

@testable import XJSAssembler

/// qemu-aarch64-static, or nil when it is not installed.
let qemuPath: String? = {
  let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
  return directories.map { "\($0)/qemu-aarch64-static" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// Where the executable's code (r-x) and its zero-filled data (rw-) are.
enum QEMULayout {
  static let codeAddress: UInt64 = 0x40_1000
  static let dataAddress: UInt64 = 0x100_0000
}

/// A static arm64 Linux executable (ELF64, ET_EXEC, EM_AARCH64): `code` at
/// `QEMULayout.codeAddress`, entered at its start, and `dataSize` zero bytes at
/// `QEMULayout.dataAddress`.
func staticExecutable(code: [UInt8], dataSize: Int) -> [UInt8] {
  var file: [UInt8] = []
  func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { file += $0 } }
  file += [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + Array(repeating: 0, count: 8)  // ELF64, little-endian
  append(UInt16(2))  // ET_EXEC
  append(UInt16(183))  // EM_AARCH64
  append(UInt32(1))
  append(QEMULayout.codeAddress)  // entry
  append(UInt64(64))  // program headers right after this header
  append(UInt64(0))  // no section headers
  append(UInt32(0))
  append(UInt16(64))
  append(UInt16(56))
  append(UInt16(2))
  append(UInt16(64))
  append(UInt16(0))
  append(UInt16(0))
  func loadSegment(flags: UInt32, offset: UInt64, address: UInt64, fileSize: Int, memorySize: Int) {
    append(UInt32(1))  // PT_LOAD
    append(flags)
    append(offset)
    append(address)
    append(address)
    append(UInt64(fileSize))
    append(UInt64(memorySize))
    append(UInt64(0x1000))
  }
  loadSegment(flags: 5, offset: 0x1000, address: QEMULayout.codeAddress, fileSize: code.count, memorySize: code.count)
  loadSegment(flags: 6, offset: 0, address: QEMULayout.dataAddress, fileSize: 0, memorySize: max(dataSize, 16))
  file += Array(repeating: 0, count: 0x1000 - file.count)
  return file + code
}

/// Ends the executable: write(1, `address`, `length`), then exit(0).
func emitWriteAndExit(_ a: inout ARM64Assembler, address: UInt64, length: Int) {
  a.movz(.x0, 1)
  a.mov(.x1, immediate: address)
  a.mov(.x2, immediate: UInt64(length))
  a.movz(.x8, 64)  // write
  a.svc(0)
  a.movz(.x0, 0)
  a.movz(.x8, 93)  // exit
  a.svc(0)
}

/// Appends machine code (already finalized) word by word.
func emitWords(_ a: inout ARM64Assembler, _ bytes: [UInt8]) {
  for index in stride(from: 0, to: bytes.count, by: 4) {
    a.emit(instruction: bytes[index..<(index + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) })
  }
}

/// Runs `file` under qemu; returns its standard output.
func runUnderQEMU(_ file: [UInt8]) throws -> [UInt8] {
  let qemu = try #require(qemuPath)
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("xjs-arm64-\(UUID().uuidString)")
  try Data(file).write(to: url)
  defer { try? FileManager.default.removeItem(at: url) }
  try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: qemu)
  process.arguments = [url.path]
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "qemu exited with \(process.terminationStatus)")
  return [UInt8](data)
}

/// Little-endian 64-bit words.
func words(_ bytes: [UInt8]) -> [UInt64] {
  stride(from: 0, to: bytes.count - 7, by: 8).map { start in
    bytes[start..<(start + 8)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }
}

/// Runs an arm64 MacroProgram under qemu once per input, as `MacroRunner.runEverywhere`
/// does: a0 = a zeroed buffer of `resultWords` words, a1 = scratch memory, (a2, a3) = the input.
func runUnderQEMU(_ program: MacroProgram, inputs: [(UInt64, UInt64)], resultWords: Int, scratchWords: Int) throws
  -> [BatchResult]
{
  let recordSize = 8 * (resultWords + 2)
  let scratchAddress = QEMULayout.dataAddress
  let outputAddress = QEMULayout.dataAddress + UInt64(8 * scratchWords + 16)
  var a = ARM64Assembler()
  let programLabel = a.makeLabel()
  let table = a.makeLabel()
  let loop = a.makeLabel()
  a.adr(.x22, table)
  a.mov(.x23, immediate: UInt64(inputs.count))
  a.mov(.x24, immediate: outputAddress)
  a.bind(loop)
  a.mov(.x0, .x24)
  a.mov(.x1, immediate: scratchAddress)
  a.ldp(.x2, .x3, .postIndex(.x22, 16))
  a.bl(programLabel)
  a.mov(.x9, immediate: UInt64(8 * resultWords))
  a.add(.x9, .x9, .x24)
  a.stp(.x0, .x1, .base(.x9))
  a.mov(.x9, immediate: UInt64(recordSize))
  a.add(.x24, .x24, .x9)
  a.subs(.x23, .x23, immediate: 1)
  a.b(.ne, loop)
  emitWriteAndExit(&a, address: outputAddress, length: recordSize * inputs.count)
  a.bind(programLabel)
  emitWords(&a, try program.assemble(ARM64MacroAssembler.self))
  a.bind(table)
  for (first, second) in inputs {
    for word in [first, second] {
      a.emit(instruction: UInt32(truncatingIfNeeded: word))
      a.emit(instruction: UInt32(truncatingIfNeeded: word >> 32))
    }
  }
  let file = staticExecutable(
    code: try a.finalize().bytes, dataSize: 8 * scratchWords + 16 + recordSize * inputs.count)
  let output = words(try runUnderQEMU(file))
  guard output.count == (resultWords + 2) * inputs.count else {
    Issue.record("qemu wrote \(output.count) words, not \((resultWords + 2) * inputs.count)")
    return []
  }
  return inputs.indices.map { index in
    let record = output[(index * (resultWords + 2))..<((index + 1) * (resultWords + 2))]
    return BatchResult(words: Array(record.prefix(resultWords)), returned: (record[record.endIndex - 2], record.last!))
  }
}
