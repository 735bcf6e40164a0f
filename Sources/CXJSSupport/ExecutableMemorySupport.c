// Helpers for W^X executable memory that Swift cannot express directly:
// the instruction-cache flush builtin and the variadic prctl(2).
#define _GNU_SOURCE
#include "CXJSSupport.h"

#include <errno.h>
#include <sys/prctl.h>

// Linux 6.3 uapi values, for C libraries whose headers predate them.
#ifndef PR_SET_MDWE
#define PR_SET_MDWE 65
#endif
#ifndef PR_GET_MDWE
#define PR_GET_MDWE 66
#endif
#ifndef PR_MDWE_REFUSE_EXEC_GAIN
#define PR_MDWE_REFUSE_EXEC_GAIN 1
#endif

void xjs_flush_instruction_cache(void *begin, void *end) {
  // A no-op on x86-64 (coherent caches); on arm64 it cleans the data cache
  // and invalidates the instruction cache for the range.
  __builtin___clear_cache((char *)begin, (char *)end);
}

int xjs_enable_memory_deny_write_execute(void) {
  if (prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN, 0L, 0L, 0L) == 0) return 0;
  return errno;
}

int xjs_memory_deny_write_execute_flags(void) {
  int flags = prctl(PR_GET_MDWE, 0L, 0L, 0L, 0L);
  return flags < 0 ? -errno : flags;
}
