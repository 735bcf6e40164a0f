// Entry points for C code that calls back into JavaScript (ffi.UnsafeCallback), assembled
// into the executable's text. A JIT-style stub written at run time would need a page made
// executable, which --jitless and kernels under MDWE forbid; these need none, so callbacks
// work identically in every engine mode, and no page is ever writable and executable.
//
// Each of the 256 trampolines is 16 bytes: endbr64 (for CET), its slot number into r11, a
// jump to the common part. The common part saves the SysV x86-64 argument registers and the
// address of the stack arguments into an xjs_ffi_callback_frame on its stack, calls the
// handler, then returns the frame's results in rax, rdx and xmm0.
#include "CXJSSupport.h"

#if defined(__x86_64__) && defined(__ELF__)

#define XJS_FFI_TRAMPOLINE_COUNT 256

__attribute__((visibility("hidden"))) xjs_ffi_callback_handler xjs_ffi_handler_pointer = 0;
extern const char xjs_ffi_trampoline_table[] __attribute__((visibility("hidden")));

_Static_assert(sizeof(xjs_ffi_callback_frame) == 144, "the assembly below uses these offsets");

__asm__(
    ".pushsection .text\n"
    ".p2align 4\n"
    ".globl xjs_ffi_trampoline_table\n"
    ".hidden xjs_ffi_trampoline_table\n"
    "xjs_ffi_trampoline_table:\n"
    ".set xjs_ffi_slot, 0\n"
    ".rept 256\n"
    "  .p2align 4\n"
    "  endbr64\n"
    "  movl $xjs_ffi_slot, %r11d\n"
    "  jmp xjs_ffi_trampoline_common\n"
    "  .set xjs_ffi_slot, xjs_ffi_slot + 1\n"
    ".endr\n"
    ".p2align 4\n"
    "xjs_ffi_trampoline_common:\n"
    "  pushq %rbp\n"
    "  movq %rsp, %rbp\n"
    "  subq $144, %rsp\n"
    "  movq %rdi, 0(%rsp)\n"
    "  movq %rsi, 8(%rsp)\n"
    "  movq %rdx, 16(%rsp)\n"
    "  movq %rcx, 24(%rsp)\n"
    "  movq %r8, 32(%rsp)\n"
    "  movq %r9, 40(%rsp)\n"
    "  movsd %xmm0, 48(%rsp)\n"
    "  movsd %xmm1, 56(%rsp)\n"
    "  movsd %xmm2, 64(%rsp)\n"
    "  movsd %xmm3, 72(%rsp)\n"
    "  movsd %xmm4, 80(%rsp)\n"
    "  movsd %xmm5, 88(%rsp)\n"
    "  movsd %xmm6, 96(%rsp)\n"
    "  movsd %xmm7, 104(%rsp)\n"
    "  leaq 16(%rbp), %rax\n"
    "  movq %rax, 112(%rsp)\n"
    "  movl %r11d, %edi\n"
    "  movq %rsp, %rsi\n"
    "  call *xjs_ffi_handler_pointer(%rip)\n"
    "  movq 120(%rsp), %rax\n"
    "  movq 136(%rsp), %rdx\n"
    "  movsd 128(%rsp), %xmm0\n"
    "  leave\n"
    "  ret\n"
    ".popsection\n");

uint32_t xjs_ffi_trampoline_count(void) { return XJS_FFI_TRAMPOLINE_COUNT; }

void *xjs_ffi_trampoline_address(uint32_t slot) {
  if (slot >= XJS_FFI_TRAMPOLINE_COUNT) return 0;
  return (void *)(xjs_ffi_trampoline_table + 16 * (uintptr_t)slot);
}

void xjs_ffi_set_callback_handler(xjs_ffi_callback_handler handler) { xjs_ffi_handler_pointer = handler; }

#else

uint32_t xjs_ffi_trampoline_count(void) { return 0; }
void *xjs_ffi_trampoline_address(uint32_t slot) {
  (void)slot;
  return 0;
}
void xjs_ffi_set_callback_handler(xjs_ffi_callback_handler handler) { (void)handler; }

#endif
