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
  // A budget of steps stands in for the engine's time limit: catastrophic patterns stop. The
  // interrupt is asked every 16,384 steps; 40 asks (655,360 steps for the three starts) take
  // about 0.3 s in the instrumented build. 200 took 1.5 s of CPU there, and over libFuzzer's
  // 10 s on a loaded machine: `(a|\0\0\0+)+b` on 40 NULs, which node and QuickJS also
  // take 1.7-1.9 s to fail, was reported as a timeout.
  var steps = 0
  for start in [0, subject.count / 2, subject.count] {
    let result = subject.withUnsafeBufferPointer { input in
      captures.withUnsafeMutableBufferPointer { slots in
        program.execute(
          input, from: start, sticky: false, captures: slots.baseAddress!, backtrackLimit: 1 << 16,
          interrupt: {
            steps += 1
            return steps > 40
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
    // In unicode mode a start between the halves of a surrogate pair means the pair's start
    // (RegExpBuiltinExec: the character that element lastIndex belongs to); node agrees.
    let insidePair =
      !flags.isDisjoint(with: [.unicode, .unicodeSets]) && start > 0 && start < subject.count
      && UTF16.isLeadSurrogate(subject[start - 1]) && UTF16.isTrailSurrogate(subject[start])
    require(Int(captures[0]) >= (insidePair ? start - 1 : start), "match before its start")
  }
}
