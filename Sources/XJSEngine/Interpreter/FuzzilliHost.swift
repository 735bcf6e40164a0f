// The `fuzzilli` builtin of REPRL mode (`xjs --reprl`): the operations Fuzzilli's engine
// profiles call, as V8's d8, JSC and SpiderMonkey's shells define them. It exists only in that
// mode: crashing on request is what a fuzzer needs to check it detects crashes, and nothing
// any other host should ever offer.
//
//   fuzzilli('FUZZILLI_CRASH', n)   0: a wild write (SIGSEGV); 1: a failed check (abort);
//                                   2: a failed debug assertion (debug builds only);
//                                   3: a heap buffer overflow (seen by AddressSanitizer);
//                                   4: a use after free (seen by AddressSanitizer)
//   fuzzilli('FUZZILLI_PRINT', s)   prints s and a newline on Fuzzilli's data channel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Runtime {
  /// Installs `fuzzilli` in the current realm; `print` receives FUZZILLI_PRINT's text.
  package func installFuzzilliHost(print: @escaping (String) -> Void) {
    defineNativeMethod(realm.globalObject, "fuzzilli", length: 2) { runtime, arguments throws(JSException) in
      let operation = try runtime.toString(arguments[0]).swiftString(runtime.heap)
      switch operation {
      case "FUZZILLI_CRASH":
        Runtime.crashOnRequest(try runtime.toInt32(arguments[1]))
      case "FUZZILLI_PRINT":
        print(try runtime.toString(arguments[1]).swiftString(runtime.heap))
      default:
        break
      }
      return .undefined
    }
  }

  /// Not optimized: the optimizer would drop the writes that crash (a store to memory freed
  /// right after it is dead to the optimizer, not to AddressSanitizer).
  @_optimize(none)
  private static func crashOnRequest(_ kind: Int32) {
    fflush(stdout)
    switch kind {
    case 0:
      UnsafeMutablePointer<Int32>(bitPattern: 0x4141_4141)!.pointee = 0x1337
    case 1:
      fputs("xjs: fuzzilli: check failed (FUZZILLI_CRASH 1)\n", stderr)
      abort()
    case 2:
      assertionFailure("fuzzilli: debug assertion failed (FUZZILLI_CRASH 2)")
    case 3:
      let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
      buffer[16] = 0x41
      buffer.deallocate()
    case 4:
      let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
      buffer.deallocate()
      buffer.pointee = 0x41
    default:
      break
    }
  }
}
