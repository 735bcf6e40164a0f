// Edge coverage for Fuzzilli's REPRL mode (`xjs --reprl`), in the form Fuzzilli reads: a
// shared memory object named by $SHM_ID holding {uint32 edge count; one bit per edge}. Built
// only with -DXJS_REPRL_COVERAGE, into an xjs whose Swift code is compiled with
// -sanitize-coverage=edge,trace-pc-guard (Scripts/fuzz/build-reprl): the compiler then calls
// the two hooks below. This file itself is not instrumented.

#include "CXJSSupport.h"

#ifdef XJS_REPRL_COVERAGE

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define XJS_COVERAGE_BYTES 0x100000
#define XJS_MAXIMUM_EDGES ((XJS_COVERAGE_BYTES - 4) * 8)

struct xjs_coverage_map {
  uint32_t edge_count;
  unsigned char edges[];
};

static struct xjs_coverage_map *coverage;
static uint32_t *guards_start, *guards_stop;

void xjs_reprl_reset_coverage(void) {
  // Guard i holds i (1-based) until its edge runs once; 0 means seen (or beyond the map).
  uint64_t edge = 0;
  for (uint32_t *guard = guards_start; guard < guards_stop && edge < XJS_MAXIMUM_EDGES; guard++) *guard = ++edge;
}

void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop) {
  // Called once per instrumented module; xjs is one.
  if (start == stop || guards_start != NULL) return;
  const char *name = getenv("SHM_ID");
  if (name == NULL) {
    coverage = calloc(1, XJS_COVERAGE_BYTES);
  } else {
    int descriptor = shm_open(name, O_RDWR, S_IRUSR | S_IWUSR);
    if (descriptor < 0) {
      fprintf(stderr, "xjs: cannot open the coverage memory %s\n", name);
      _exit(2);
    }
    coverage = mmap(NULL, XJS_COVERAGE_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0);
    close(descriptor);
    if (coverage == MAP_FAILED) {
      fprintf(stderr, "xjs: cannot map the coverage memory %s\n", name);
      _exit(2);
    }
  }
  guards_start = start;
  guards_stop = stop;
  xjs_reprl_reset_coverage();
  coverage->edge_count = (uint32_t)(stop - start);
  fprintf(stderr, "[COV] edge counters initialized. Shared memory: %s with %u edges\n", name ? name : "(none)",
          coverage->edge_count);
}

void __sanitizer_cov_trace_pc_guard(uint32_t *guard) {
  uint32_t edge = *guard;
  if (edge == 0) return;
  coverage->edges[edge / 8] |= (unsigned char)(1u << (edge % 8));
  *guard = 0;
}

int xjs_reprl_has_coverage(void) { return 1; }

#else

void xjs_reprl_reset_coverage(void) {}
int xjs_reprl_has_coverage(void) { return 0; }

#endif
