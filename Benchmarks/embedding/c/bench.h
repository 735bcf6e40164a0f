/* Timing shared by the C embedding benchmarks: the median over RUNS of the CPU time per
 * operation of a body that performs `operations` operations. */
#ifndef EMBEDDING_BENCH_H
#define EMBEDDING_BENCH_H
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { RUNS = 7 };

static double cpu_nanoseconds(void) {
  struct timespec time;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time);
  return (double)time.tv_sec * 1e9 + (double)time.tv_nsec;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Prints "engine<TAB>name<TAB>median ns/op<TAB>min ns/op". */
static void measure(const char *engine, const char *name, long operations, void (*body)(long operations)) {
  double samples[RUNS];
  for (int run = 0; run < RUNS; run++) {
    double start = cpu_nanoseconds();
    body(operations);
    samples[run] = (cpu_nanoseconds() - start) / (double)operations;
  }
  qsort(samples, RUNS, sizeof samples[0], compare_doubles);
  printf("%s\t%s\t%.1f\t%.1f\n", engine, name, samples[RUNS / 2], samples[0]);
  fflush(stdout);
}

static void fail(const char *what) {
  fprintf(stderr, "benchmark failed: %s\n", what);
  exit(1);
}

#endif
