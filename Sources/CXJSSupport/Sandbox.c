// The content process's lock-down (Sources/XJSContentProcess): the seccomp filter, a raw BPF
// program (no libseccomp), and the prctl calls around it, which Swift cannot make (prctl and
// the seccomp structures are variadic or macro-built).
#define _GNU_SOURCE
#include "CXJSSupport.h"

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define XJS_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define XJS_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

// What running scripts needs once the page's resources are loaded: memory, the IPC socket,
// the clock, threads' futexes, signals for an orderly abort, exit. Nothing that names a file,
// makes a descriptor, or starts a program: openat, socket, connect, execve, clone, fork,
// ptrace, kill of another process and the rest end the process (SECCOMP_RET_KILL_PROCESS).
static const int allowed_system_calls[] = {
  SYS_read, SYS_write, SYS_readv, SYS_writev, SYS_recvfrom, SYS_sendto, SYS_recvmsg, SYS_sendmsg,
  SYS_ppoll, SYS_close, SYS_lseek,
#ifdef SYS_poll
  SYS_poll,
#endif
  SYS_fstat, SYS_newfstatat, // glibc's stdio asks how to buffer a stream on its first write
  SYS_mmap, SYS_munmap, SYS_mprotect, SYS_mremap, SYS_madvise, SYS_brk,
  SYS_futex, SYS_sched_yield, SYS_getrandom, SYS_membarrier,
  SYS_clock_gettime, SYS_clock_getres, SYS_clock_nanosleep, SYS_nanosleep, SYS_gettimeofday,
  SYS_getpid, SYS_gettid, SYS_getrusage,
  SYS_rt_sigprocmask, SYS_rt_sigreturn, SYS_sigaltstack, SYS_tgkill, SYS_restart_syscall,
  SYS_exit, SYS_exit_group,
};

#define ALLOWED_COUNT (sizeof(allowed_system_calls) / sizeof(allowed_system_calls[0]))

// A sanitizer's runtime (Scripts/sanitize, Scripts/fuzz) names the mappings it makes with
// prctl(PR_SET_VMA): in such a build only, prctl stays allowed. These weak references are null
// in every other build.
extern void __asan_init(void) __attribute__((weak));
extern void __tsan_init(void) __attribute__((weak));

static int has_sanitizer_runtime(void) { return __asan_init != NULL || __tsan_init != NULL; }

int xjs_install_content_sandbox(void) {
#ifndef XJS_AUDIT_ARCH
  return ENOSYS;
#else
  // No privileges can be gained from here on (and seccomp needs it without CAP_SYS_ADMIN).
  if (prctl(PR_SET_NO_NEW_PRIVS, 1L, 0L, 0L, 0L) != 0) return errno;
  // Load the arch; a foreign one (the x32 ABI has its own numbers) is killed. Load the number;
  // compare with each allowed one; the first match allows, falling through kills.
  struct sock_filter program[4 + (ALLOWED_COUNT + 1) * 2 + 1];
  size_t count = 0;
  program[count++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
  program[count++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, XJS_AUDIT_ARCH, 1, 0);
  program[count++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
  program[count++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
  for (size_t index = 0; index < ALLOWED_COUNT; index++) {
    program[count++] =
      (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)allowed_system_calls[index], 0, 1);
    program[count++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
  }
  if (has_sanitizer_runtime()) {
    program[count++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)SYS_prctl, 0, 1);
    program[count++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
  }
  program[count++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
  struct sock_fprog filter = {.len = (unsigned short)count, .filter = program};
  if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter, 0L, 0L) != 0) return errno;
  return 0;
#endif
}

int xjs_seccomp_mode(void) {
  int mode = prctl(PR_GET_SECCOMP, 0L, 0L, 0L, 0L);
  return mode < 0 ? -errno : mode;
}

int xjs_no_new_privileges(void) { return prctl(PR_GET_NO_NEW_PRIVS, 0L, 0L, 0L, 0L); }

int xjs_close_descriptors_from(int first) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return 0;
#endif
  long limit = sysconf(_SC_OPEN_MAX);
  for (long descriptor = first; descriptor < (limit > 0 ? limit : 1024); descriptor++) close((int)descriptor);
  return 0;
}
