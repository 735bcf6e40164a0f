import CXJSSupport
import XJSContent
import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the content process did to itself before any page code, for its status messages.
struct Confinement {
  /// PR_GET_MDWE reports REFUSE_EXEC_GAIN.
  var memoryDenyWriteExecute = false
  var memoryDenyWriteExecuteNote = "not asked for (JIT allowed)"
  /// Whether the JIT must stay off by the engine's switch (the kernel could not enforce it).
  var jitOffBySwitch = false
  var sandboxed = false
  var sandboxNote = "not installed"
  /// Read before the filter goes in (prctl is not among the calls it allows).
  var noNewPrivileges = xjs_no_new_privileges() == 1

  /// JIT denied: the kernel is asked to refuse executable memory from now on (it cannot be
  /// undone, and children inherit it). A kernel before 6.3 cannot: the JIT is then switched
  /// off in the engine, and the status says the kernel did not enforce it.
  mutating func denyExecutableMemory() {
    let error = xjs_enable_memory_deny_write_execute()
    if error == 0 {
      memoryDenyWriteExecuteNote = "PR_SET_MDWE(PR_MDWE_REFUSE_EXEC_GAIN) set: the kernel refuses executable memory"
    } else {
      jitOffBySwitch = true
      memoryDenyWriteExecuteNote =
        "PR_SET_MDWE failed (\(String(cString: strerror(error)))): the JIT is off by the engine's switch only"
    }
    memoryDenyWriteExecute = xjs_memory_deny_write_execute_flags() > 0
  }

  /// Everything page code could later need the file system for, done now: the time zone,
  /// the main thread's stack bounds (glibc reads /proc/self/maps for them).
  static func prepareForLockdown() {
    tzset()
    _ = xjs_thread_stack_top()
    _ = xjs_thread_stack_bottom()
    // The filter forbids clone: the thread that enforces time limits starts now.
    Runtime.prepareWatchdog()
  }

  /// PR_SET_NO_NEW_PRIVS and the seccomp filter (CXJSSupport's Sandbox.c lists what stays).
  mutating func lockDown() -> Bool {
    let error = xjs_install_content_sandbox()
    // PR_SET_NO_NEW_PRIVS comes first and cannot be undone, so it holds whenever the filter does.
    sandboxed = error == 0
    noNewPrivileges = noNewPrivileges || error == 0
    sandboxNote = error == 0 ? "seccomp filter installed" : "seccomp failed: \(String(cString: strerror(error)))"
    return sandboxed
  }
}

/// Closes every descriptor the host let through but standard error and the channel:
/// standard input and output go to /dev/null.
func closeInheritedDescriptors(keeping channel: Int32) {
  let devNull = open("/dev/null", O_RDWR)
  if devNull >= 0 {
    dup2(devNull, 0)
    dup2(devNull, 1)
    if devNull > 2 && devNull != channel { close(devNull) }
  }
  for descriptor in 3..<max(3, channel) { close(descriptor) }
  _ = xjs_close_descriptors_from(max(3, channel + 1))
}
