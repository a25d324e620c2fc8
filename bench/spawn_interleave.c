// The timing loop of bench/interleave.sh with its launches made by posix_spawn (a vfork and an
// exec) instead of a fork of bash: A, B, A, B, ... each run's wall time from the call to its end
// (waitpid), output discarded, exit codes not judged. A command that cannot be started ends the
// measurement (exit 2), where bash would time its failure. A fork of bash copies the shell and makes
// each side pay the shell's copy-on-write page faults before its exec; where page faults are
// dear (docs/benchmarks.md) that cost, the same for both commands, is most of a short run and
// pulls every ratio towards 1. Prints the lines interleave.sh prints.
//   spawn_interleave RUNS LABEL_A LABEL_B -- CMD_A... -- CMD_B...
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

extern char** environ;

static long long now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

static int by_value(const void* a, const void* b) {
  long long x = *(const long long*)a, y = *(const long long*)b;
  return (x > y) - (x < y);
}

// One run of argv: microseconds from the launch to the end of the process; -1 if it could not start.
static long long run(char** argv, const posix_spawn_file_actions_t* quiet) {
  long long t0 = now_us();
  pid_t pid;
  // posix_spawnp: a command found on PATH, as bash finds it.
  if (posix_spawnp(&pid, argv[0], quiet, NULL, argv, environ) != 0) {
    return -1;
  }
  int status;
  if (waitpid(pid, &status, 0) != pid) {
    return -1;
  }
  return now_us() - t0;
}

static void stats(long long* t, int n, double* median, double* mean) {
  long long sum = 0;
  for (int i = 0; i < n; i++) sum += t[i];
  qsort(t, n, sizeof *t, by_value);
  *median = t[(n + 1) / 2 - 1] / 1000.0;
  *mean = (double)sum / n / 1000.0;
}

int main(int argc, char** argv) {
  if (argc < 7 || strcmp(argv[4], "--") != 0) {
    fprintf(stderr, "usage: spawn_interleave RUNS LABEL_A LABEL_B -- CMD_A... -- CMD_B...\n");
    return 2;
  }
  int runs = atoi(argv[1]);
  char** a = argv + 5;
  char** b = NULL;
  for (int i = 5; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) {
      argv[i] = NULL;
      b = argv + i + 1;
      break;
    }
  }
  if (runs < 1 || b == NULL || *a == NULL || *b == NULL) {
    fprintf(stderr, "spawn_interleave: RUNS must be at least 1, and both commands given\n");
    return 2;
  }
  posix_spawn_file_actions_t quiet;
  if (posix_spawn_file_actions_init(&quiet) != 0 ||
      posix_spawn_file_actions_addopen(&quiet, 1, "/dev/null", O_WRONLY, 0) != 0 ||
      posix_spawn_file_actions_addopen(&quiet, 2, "/dev/null", O_WRONLY, 0) != 0) {
    fprintf(stderr, "spawn_interleave: cannot send output to /dev/null\n");
    return 2;
  }
  long long* times_a = malloc(sizeof(long long) * runs);
  long long* times_b = malloc(sizeof(long long) * runs);
  if (times_a == NULL || times_b == NULL) {
    return 2;
  }
  if (run(a, &quiet) < 0 || run(b, &quiet) < 0) { // warm-up: page cache and binaries
    fprintf(stderr, "spawn_interleave: cannot start %s or %s\n", a[0], b[0]);
    return 2;
  }
  for (int i = 0; i < runs; i++) {
    times_a[i] = run(a, &quiet);
    times_b[i] = run(b, &quiet);
    if (times_a[i] < 0 || times_b[i] < 0) { // a time of a run that did not happen would skew both figures
      fprintf(stderr, "spawn_interleave: run %d of %s failed to start or to be waited for\n", i + 1, times_a[i] < 0 ? a[0] : b[0]);
      return 2;
    }
  }
  double med_a, mean_a, med_b, mean_b;
  stats(times_a, runs, &med_a, &mean_a);
  stats(times_b, runs, &med_b, &mean_b);
  printf("%-48s median %9.3f ms   mean %9.3f ms\n", argv[2], med_a, mean_a);
  printf("%-48s median %9.3f ms   mean %9.3f ms\n", argv[3], med_b, mean_b);
  printf("ratio %s / %s (medians, %d interleaved runs each): %.2f\n", argv[2], argv[3], runs, med_a / med_b);
  return 0;
}
