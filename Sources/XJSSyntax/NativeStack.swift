// The parser's guard against running out of native stack on deep input: the
// lowest stack address it may use on the current thread.

import CXJSSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

package enum NativeStack {
  /// Room left below the parser's deepest check for the frames that run
  /// without one (the lexer, allocation, building an error).
  static let margin: UInt = 256 * 1024

  /// Caches the limit per thread: finding the bounds can read /proc (about
  /// 250 µs on the main thread), far too slow to repeat for every `eval`.
  private static let cacheKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// The lowest address the parser may use on this thread, or nil when the
  /// thread's stack bounds are unknown.
  static func currentThreadLimit() -> UInt? {
    if let cached = pthread_getspecific(cacheKey) { return UInt(bitPattern: cached) }
    guard let bottom = xjs_thread_stack_bottom() else { return nil }
    let limit = UInt(bitPattern: bottom) + margin
    pthread_setspecific(cacheKey, UnsafeRawPointer(bitPattern: limit))
    return limit
  }

  /// The limit for a walker starting now: the thread's limit, or `budget`
  /// below the current frame where the bounds are unknown.
  package static func limit(budget: UInt = ParserOptions.defaultStackBudget) -> UInt {
    if let limit = currentThreadLimit() { return limit }
    let here = currentAddress()
    return here > budget ? here - budget : 0
  }

  /// Where the stack is now (the caller's frame).
  @inline(__always)
  package static func currentAddress() -> UInt { UInt(xjs_stack_address()) }
}

/// Stops a recursive tree walk (a printer) before it runs out of native stack.
struct RecursionGuard {
  let limit = NativeStack.limit()
  private(set) var exhausted = false

  /// False (and from then on always false) once the stack is nearly used up.
  mutating func canDescend() -> Bool {
    if !exhausted && NativeStack.currentAddress() < limit { exhausted = true }
    return !exhausted
  }
}
