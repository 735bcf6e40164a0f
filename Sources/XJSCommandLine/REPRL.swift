// `xjs --reprl`: Fuzzilli's read-eval-print-reset loop. Fuzzilli starts xjs once with four
// descriptors open and then sends scripts one after another; each runs in a fresh runtime, so
// nothing one script did reaches the next, and the process is reused until a script crashes it.
//
//   100 control in    101 control out    102 data in (scripts)    103 data out (FUZZILLI_PRINT)
//
// Handshake: xjs writes "HELO" on 101 and reads "HELO" back from 100. Then, per script: the
// 4-byte action "exec" and an 8-byte little-endian length on 100, the script's bytes on 102,
// and xjs answers on 101 with a 4-byte status shaped like waitpid's (exit code << 8: 0 when the
// script completed, 1 when it threw or did not parse). After each script the coverage edges
// (REPRLCoverage.c, in a coverage build) are reset.

import CXJSSupport
import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct REPRL {
  static let controlIn: Int32 = 100
  static let controlOut: Int32 = 101
  static let dataIn: Int32 = 102
  static let dataOut: Int32 = 103
  /// Fuzzilli's limit on a script (REPRL_MAX_DATA_SIZE).
  static let maximumScriptBytes = 16 << 20

  let options: RunOptions

  func run() -> Int32 {
    guard fcntl(REPRL.controlIn, F_GETFD) != -1, fcntl(REPRL.controlOut, F_GETFD) != -1 else {
      fputs("xjs: --reprl needs descriptors 100 and 101 (the REPRL control channel) open\n", stderr)
      return 2
    }
    guard writeAll(REPRL.controlOut, Array("HELO".utf8)), readExactly(REPRL.controlIn, count: 4) == Array("HELO".utf8)
    else {
      fputs("xjs: --reprl: the handshake with the fuzzer failed\n", stderr)
      return 2
    }
    while let action = readExactly(REPRL.controlIn, count: 4) {
      guard action == Array("exec".utf8) else {
        fputs("xjs: --reprl: unknown action \(action)\n", stderr)
        return 2
      }
      guard let sizeBytes = readExactly(REPRL.controlIn, count: 8) else { break }
      let size = sizeBytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      guard size <= UInt64(REPRL.maximumScriptBytes), let script = readExactly(REPRL.dataIn, count: Int(size)) else {
        fputs("xjs: --reprl: cannot read a script of \(size) bytes\n", stderr)
        return 2
      }
      let failed = execute(String(decoding: script, as: UTF8.self))
      let status = UInt32(failed ? 1 : 0) << 8
      let statusBytes = (0..<4).map { UInt8(truncatingIfNeeded: status >> (8 * $0)) }
      guard writeAll(REPRL.controlOut, statusBytes) else { break }
      xjs_reprl_reset_coverage()
    }
    return 0
  }

  /// Runs one script and its event loop in a fresh runtime; true when it did not complete.
  private func execute(_ text: String) -> Bool {
    let runner = ScriptRunner(options: options)
    let runtime = runner.makeRuntime()
    runtime.installFuzzilliHost(print: REPRL.printOnDataChannel)
    defer {
      fflush(stdout)
      fflush(stderr)
    }
    switch runtime.runScript(Array(text.utf16), name: "fuzzilli.js") {
    case .completed:
      guard let message = runtime.runEventLoopReportingErrors() else { return false }
      fputs(message + "\n", stderr)
      return true
    case .syntaxError(let message), .uncaught(let message):
      fputs(message + "\n", stderr)
      return true
    }
  }

  /// FUZZILLI_PRINT: a line on descriptor 103 when it is open (else on stdout).
  private static func printOnDataChannel(_ text: String) {
    let line = Array((text + "\n").utf8)
    if fcntl(REPRL.dataOut, F_GETFD) != -1 {
      _ = writeAll(REPRL.dataOut, line)
    } else {
      fflush(stdout)
      _ = writeAll(1, line)
    }
  }

  /// Exactly `count` bytes, or nil at end of input or on an error.
  private func readExactly(_ descriptor: Int32, count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, count - done) }
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { return nil }
      done += got
    }
    return bytes
  }
}

private func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
  var done = 0
  while done < bytes.count {
    let wrote = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, bytes.count - done) }
    if wrote < 0 && errno == EINTR { continue }
    if wrote <= 0 { return false }
    done += wrote
  }
  return true
}
