// Regular expressions: the input is `flags \n pattern \n subject`; any pattern compiles or is
// a RegExpSyntaxError, and any match ends (matched, no match, or stopped by its step budget
// or stack limit) with captures inside the subject.

import XJSRegExp

func fuzzRegExp(_ bytes: UnsafeBufferPointer<UInt8>) {
  let parts = inputText(bytes).split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
  let flags = RegExpFlags(parsing: parts.count > 1 ? String(parts[0]) : "") ?? RegExpFlags(rawValue: 0)
  let pattern = Array((parts.count > 1 ? parts[1] : parts[0]).utf16)
  let subject = Array((parts.count > 2 ? parts[2] : "").utf16)
  let program: RegExpProgram
  do {
    program = try RegExpProgram.compile(pattern: pattern, flags: flags)
  } catch {
    require(!error.message.isEmpty, "syntax error without a message")
    return
  }
  var captures = [Int32](repeating: -1, count: program.captureSlotCount)
  // A budget of steps stands in for the engine's time limit: catastrophic patterns stop.
  var steps = 0
  for start in [0, subject.count / 2, subject.count] {
    let result = subject.withUnsafeBufferPointer { input in
      captures.withUnsafeMutableBufferPointer { slots in
        program.execute(
          input, from: start, sticky: false, captures: slots.baseAddress!, backtrackLimit: 1 << 16,
          interrupt: {
            steps += 1
            return steps > 200
          })
      }
    }
    guard result == .matched else { continue }
    for group in 0...program.captureCount {
      let begin = captures[2 * group]
      let end = captures[2 * group + 1]
      if begin == -1 {
        require(end == -1 && group != 0, "group \(group) half set")
        continue
      }
      require(0 <= begin && begin <= end && Int(end) <= subject.count, "group \(group) = \(begin)..<\(end)")
    }
    require(Int(captures[0]) >= start, "match before its start")
  }
}
