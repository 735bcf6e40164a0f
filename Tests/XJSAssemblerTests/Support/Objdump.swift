// Runs binutils' objdump over assembled bytes: the independent oracle for
// the encoding tests. The expected strings in the tests are written in
// objdump's own syntax (Intel for x86-64), normalised by `normalize`.
import Foundation
import Testing

@testable import XJSAssembler

enum ObjdumpArchitecture {
  case x64
  case arm64

  var executableName: String {
    switch self {
    case .x64: return "objdump"
    case .arm64: return "aarch64-linux-gnu-objdump"
    }
  }

  var arguments: [String] {
    switch self {
    case .x64: return ["-b", "binary", "-m", "i386:x86-64", "-M", "intel"]
    case .arm64: return ["-b", "binary", "-m", "aarch64"]
    }
  }

  /// The objdump executable, or nil if binutils for this ISA is not installed.
  var executablePath: String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(
      separator: ":")
    return directories.map { "\($0)/\(executableName)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  var isAvailable: Bool { executablePath != nil }
}

struct DisassembledInstruction: Equatable {
  let offset: Int
  let text: String
}

struct ObjdumpError: Error, CustomStringConvertible {
  let description: String
}

/// Disassembles `bytes` (loaded at address 0) with objdump, optionally only
/// the instructions in `window`.
func objdump(_ bytes: [UInt8], _ architecture: ObjdumpArchitecture, window: Range<Int>? = nil)
  throws -> [DisassembledInstruction]
{
  guard let executable = architecture.executablePath else {
    throw ObjdumpError(description: "\(architecture.executableName) is not installed")
  }
  let file = FileManager.default.temporaryDirectory.appendingPathComponent(
    "xjs-asm-\(UUID().uuidString).bin")
  try Data(bytes).write(to: file)
  defer { try? FileManager.default.removeItem(at: file) }

  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  var arguments = ["-D", "--no-show-raw-insn", "--insn-width=16"] + architecture.arguments
  if let window {
    arguments += ["--start-address=\(window.lowerBound)", "--stop-address=\(window.upperBound)"]
  }
  process.arguments = arguments + [file.path]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let text = String(decoding: data, as: UTF8.self)
  guard process.terminationStatus == 0 else {
    throw ObjdumpError(description: "objdump failed (\(process.terminationStatus)): \(text)")
  }
  return parseObjdumpListing(text)
}

/// Parses lines like `   1a:\tmov    rax,QWORD PTR [rip+0x10]        # 0x2e`.
func parseObjdumpListing(_ listing: String) -> [DisassembledInstruction] {
  listing.split(separator: "\n").compactMap { line in
    let parts = line.split(separator: "\t", maxSplits: 1)
    guard parts.count == 2, parts[0].hasSuffix(":"),
      let offset = Int(parts[0].dropLast().trimmingCharacters(in: .whitespaces), radix: 16)
    else { return nil }
    return DisassembledInstruction(offset: offset, text: normalize(String(parts[1])))
  }
}

/// Drops objdump's trailing comments and collapses runs of whitespace.
func normalize(_ text: String) -> String {
  var instruction = text
  if let comment = instruction.range(of: "//") {
    instruction = String(instruction[..<comment.lowerBound])
  }
  if let comment = instruction.range(of: "        #") {
    instruction = String(instruction[..<comment.lowerBound])
  }
  return instruction.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
}

/// One encoding case: what objdump must print for what the closure emits.
/// Several instructions are joined with "; ".
struct EncodingCase<Assembler> {
  let expected: String
  let emit: (inout Assembler) -> Void
  let sourceLocation: SourceLocation

  init(
    _ expected: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ emit: @escaping (inout Assembler) -> Void
  ) {
    self.expected = expected
    self.emit = emit
    self.sourceLocation = sourceLocation
  }
}

/// Assembles every case separately, disassembles all of them in one objdump
/// run, and checks each case's instructions against its expected text.
func checkEncodings<Assembler: MachineCodeAssembler>(
  _ cases: [EncodingCase<Assembler>], architecture: ObjdumpArchitecture
) throws {
  var blob: [UInt8] = []
  var ranges: [Range<Int>] = []
  for encodingCase in cases {
    var assembler = Assembler()
    encodingCase.emit(&assembler)
    let bytes = assembler.bytes
    ranges.append(blob.count..<(blob.count + bytes.count))
    blob += bytes
  }
  let listing = try objdump(blob, architecture)
  for (encodingCase, range) in zip(cases, ranges) {
    let lines = listing.filter { range.contains($0.offset) }
    let actual = lines.map(\.text).joined(separator: "; ")
    let hex = blob[range].map { String(format: "%02x", $0) }.joined(separator: " ")
    #expect(
      lines.first?.offset == range.lowerBound && actual == encodingCase.expected,
      "bytes [\(hex)] disassemble as \"\(actual)\"", sourceLocation: encodingCase.sourceLocation)
  }
}
