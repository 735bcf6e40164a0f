// The few helpers Swift cannot express. Keep this file small: each helper
// exists because Swift has no portable way to do the same thing.
#ifndef CXJS_SUPPORT_H
#define CXJS_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Spills every callee-saved register onto the native stack, then calls
/// `body(stack_pointer, context)`. A conservative scan of the native stack from
/// `stack_pointer` upwards, done inside `body`, therefore also sees values
/// that lived only in registers.
void xjs_with_registers_spilled(void (*body)(void *stack_pointer, void *context), void *context);

/// The highest address (exclusive) of the calling thread's stack, or NULL. Asked once per
/// thread: glibc reads /proc/self/maps for the main thread's bounds, which a sandboxed
/// process may no longer open.
void *xjs_thread_stack_top(void);

/// The word at `address`, read without AddressSanitizer's checks: the collector's conservative
/// scan reads every word of the native stack, redzones included, which ASan would report.
uintptr_t xjs_load_word_unchecked(const void *address);

/// The lowest usable address of the calling thread's stack, or NULL.
void *xjs_thread_stack_bottom(void);

/// An address in the calling function's frame on the real stack. Swift's way (the address of
/// a local) can point into AddressSanitizer's fake stack, which lives on the heap.
static inline uintptr_t xjs_stack_address(void) { return (uintptr_t)__builtin_frame_address(0); }

/// Makes instructions just written to [begin, end) visible to instruction
/// fetch (needed on arm64 before running freshly written code).
void xjs_flush_instruction_cache(void *begin, void *end);

/// Sets prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN) for this process and its
/// future children: from then on no mapping can gain execute permission. It
/// cannot be undone. Returns 0 or an errno value (EINVAL: kernel before 6.3).
int xjs_enable_memory_deny_write_execute(void);

/// The process's MDWE flags (PR_GET_MDWE), or a negative errno value.
int xjs_memory_deny_write_execute_flags(void);

/// The content process's lock-down (Sandbox.c): sets PR_SET_NO_NEW_PRIVS, then installs a
/// seccomp filter that allows memory, reads and writes on open descriptors, the clock,
/// futexes, signals to itself and exit, and kills the process on any other system call
/// (opening files, sockets, execve, clone). Cannot be undone. Returns 0 or an errno value.
int xjs_install_content_sandbox(void);

/// prctl(PR_GET_SECCOMP): 0 none, 2 a filter is installed, or a negative errno value.
int xjs_seccomp_mode(void);

/// prctl(PR_GET_NO_NEW_PRIVS): 1 when set.
int xjs_no_new_privileges(void);

/// Closes every descriptor numbered `first` or higher (close_range, or one by one).
int xjs_close_descriptors_from(int first);

/// What machine code of the baseline JIT returns to the interpreter when it leaves (two
/// words, returned in registers by the C convention): a frame and what to do with it.
typedef struct {
  uint64_t frame;
  uint64_t word;
} xjs_jit_exit;

/// What an ffi callback trampoline saves of a C call into it (SysV x86-64), and where the
/// handler leaves the result. The layout is fixed: FFITrampolines.c's assembly uses its offsets.
typedef struct {
  uint64_t integer_arguments[6]; // rdi, rsi, rdx, rcx, r8, r9
  uint64_t float_arguments[8];   // the low 64 bits of xmm0-xmm7
  void *stack_arguments;         // the first argument passed on the stack
  uint64_t integer_result;       // loaded into rax
  uint64_t float_result;         // loaded into the low 64 bits of xmm0
  uint64_t integer_result_high;  // loaded into rdx
} xjs_ffi_callback_frame;

/// The handler every trampoline calls with its slot number and the saved registers.
typedef void (*xjs_ffi_callback_handler)(uint32_t slot, xjs_ffi_callback_frame *frame);

/// How many trampolines the executable holds (0 where none are built: not x86-64 ELF).
uint32_t xjs_ffi_trampoline_count(void);

/// The entry address of trampoline `slot` (NULL past the count). The trampolines are
/// ordinary text of the executable: no memory is mapped or made executable for them.
void *xjs_ffi_trampoline_address(uint32_t slot);

/// Sets the handler the trampolines call (once, before the first trampoline runs).
void xjs_ffi_set_callback_handler(xjs_ffi_callback_handler handler);

/// Fuzzilli's REPRL coverage (REPRLCoverage.c): marks every edge unseen again, after each
/// script. Does nothing unless xjs was built for coverage (then `xjs_reprl_has_coverage` is 1).
void xjs_reprl_reset_coverage(void);
int xjs_reprl_has_coverage(void);

/// Atomic operations on a runtime's interrupt word, which other threads (the watchdog, a
/// signal handler, the embedder) write while the script runs. Swift has no atomics on raw memory.
/// The runtime's own reads at safe points: relaxed (a plain load on x86-64 and arm64), but an
/// atomic one, so a write from another thread is not a data race.
static inline int32_t xjs_atomic_load_relaxed_int32(const int32_t *word) { return __atomic_load_n(word, __ATOMIC_RELAXED); }
static inline void xjs_atomic_or_int32(int32_t *word, int32_t bits) { __atomic_fetch_or(word, bits, __ATOMIC_SEQ_CST); }
static inline void xjs_atomic_and_int32(int32_t *word, int32_t bits) { __atomic_fetch_and(word, bits, __ATOMIC_SEQ_CST); }
static inline int32_t xjs_atomic_exchange_int32(int32_t *word, int32_t value) {
  return __atomic_exchange_n(word, value, __ATOMIC_SEQ_CST);
}

#ifdef __cplusplus
}
#endif

#endif
