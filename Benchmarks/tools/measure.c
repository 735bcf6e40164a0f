// Runs a command and writes its exit status, wall time, CPU time and peak RSS to a file.
//
//   measure RESULT_FILE COMMAND [ARGS...]
//   RESULT_FILE gets one line: "<wait status> <wall s> <user s> <system s> <max RSS KB>"
//
// Why a helper: on Linux, exec carries the exec'ing process's high-water RSS into
// ru_maxrss, so a child forked from the Python harness (about 18 MB) never reports less
// than that, while QuickJS needs under 3 MB. This process is small, so the peak its child
// reports is the engine's own. The harness compiles it on first use (run.py).
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double seconds_between(struct timespec start, struct timespec end) {
  return (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
}

static double timeval_seconds(struct timeval value) {
  return (double)value.tv_sec + (double)value.tv_usec / 1e6;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: measure RESULT_FILE COMMAND [ARGS...]\n");
    return 2;
  }
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t child = fork();
  if (child < 0) {
    perror("measure: fork");
    return 2;
  }
  if (child == 0) {
    execvp(argv[2], argv + 2);
    perror("measure: exec");
    _exit(127);
  }
  int status = 0;
  struct rusage usage;
  while (wait4(child, &status, 0, &usage) < 0) {
    if (errno != EINTR) {
      perror("measure: wait4");
      return 2;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  FILE *result = fopen(argv[1], "w");
  if (result == NULL) {
    perror("measure: result file");
    return 2;
  }
  fprintf(result, "%d %.6f %.6f %.6f %ld\n", status, seconds_between(start, end),
          timeval_seconds(usage.ru_utime), timeval_seconds(usage.ru_stime), usage.ru_maxrss);
  return fclose(result) == 0 ? 0 : 2;
}
