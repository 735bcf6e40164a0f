#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The REPL's terminal: raw mode for the line editor (restored at exit and by the signal
// handlers), and SIGINT turned into an interrupt request for the script that is running.
// Signal handlers touch only these globals, each written before the handlers are installed.

/// The settings raw mode replaced, restored on leaving it.
nonisolated(unsafe) private var savedSettings = termios()
/// 1 while the terminal is in raw mode (the signal handlers restore it then).
nonisolated(unsafe) private var rawModeActive: Int32 = 0
/// The running runtime's interrupt word; the SIGINT handler sets it to 1 (async-signal-safe).
nonisolated(unsafe) private var interruptWord: UnsafeMutablePointer<Int32>?

enum Terminal {
  /// Saves the terminal's settings and installs the handlers; false when stdin is no terminal.
  static func prepare() -> Bool {
    guard tcgetattr(0, &savedSettings) == 0 else { return false }
    rawModeActive = 0
    interruptWord = nil
    signal(SIGINT) { _ in
      if let word = interruptWord { word.pointee = 1 }
    }
    // A REPL killed by a signal (or crashing) must not leave the shell in raw mode. The
    // default action runs once the handler returns (the signal is blocked until then).
    for fatal in [SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS] {
      signal(fatal) { number in
        if rawModeActive != 0 { tcsetattr(0, TCSADRAIN, &savedSettings) }
        signal(number, SIG_DFL)
        raise(number)
      }
    }
    return true
  }

  /// Where SIGINT asks a script to stop (nil: ignore SIGINT, nothing is running).
  static func setInterruptWord(_ word: UnsafeMutablePointer<Int32>?) {
    interruptWord = word
  }

  /// Byte at a time, no echo, no signals from keys (the editor handles Ctrl-C itself). Output
  /// processing stays on, so "\n" still moves to the start of the next line.
  static func enterRawMode() {
    var raw = savedSettings
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    // TCSADRAIN, not TCSAFLUSH: keys typed ahead (a paste, a test driver) must not be lost.
    if tcsetattr(0, TCSADRAIN, &raw) == 0 { rawModeActive = 1 }
  }

  static func leaveRawMode() {
    guard rawModeActive != 0 else { return }
    tcsetattr(0, TCSADRAIN, &savedSettings)
    rawModeActive = 0
  }

  /// The terminal's width in columns (80 when it does not say).
  static var columns: Int {
    var size = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 { return Int(size.ws_col) }
    return 80
  }

  static func emit(_ text: String) {
    var copy = text
    copy.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(1, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// One byte of input, or nil at end of input; waits at most `timeout` milliseconds when
  /// given (for the rest of an escape sequence: a lone Escape key sends nothing more).
  static func readByte(timeout: Int32? = nil) -> UInt8? {
    if let timeout {
      var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, timeout) > 0 else { return nil }
    }
    var byte: UInt8 = 0
    while true {
      let count = read(0, &byte, 1)
      if count == 1 { return byte }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }
}
