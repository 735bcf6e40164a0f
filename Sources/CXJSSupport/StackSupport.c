#define _GNU_SOURCE
#include "CXJSSupport.h"

#include <pthread.h>

__attribute__((noinline)) void xjs_with_registers_spilled(void (*body)(void *, void *), void *context) {
  // Forces the compiler to save all callee-saved registers in this frame,
  // which lies inside the range `body` scans (as the Boehm collector does).
  __builtin_unwind_init();
  volatile char marker = 0;
  body((void *)&marker, context);
  __asm__ volatile("" ::: "memory");
}

__attribute__((no_sanitize("address"))) uintptr_t xjs_load_word_unchecked(const void *address) {
  return *(const uintptr_t *)address;
}

// Per thread, computed once (see CXJSSupport.h).
static __thread char *cached_low, *cached_high;

static int stack_bounds(char **low, char **high) {
  if (cached_high != NULL) {
    *low = cached_low;
    *high = cached_high;
    return 0;
  }
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return -1;
  void *addr = NULL;
  size_t size = 0;
  int rc = pthread_attr_getstack(&attr, &addr, &size);
  pthread_attr_destroy(&attr);
  if (rc != 0) return -1;
  *low = cached_low = (char *)addr;
  *high = cached_high = (char *)addr + size;
  return 0;
}

void *xjs_thread_stack_top(void) {
  char *low, *high;
  return stack_bounds(&low, &high) == 0 ? high : NULL;
}

void *xjs_thread_stack_bottom(void) {
  char *low, *high;
  return stack_bounds(&low, &high) == 0 ? low : NULL;
}
