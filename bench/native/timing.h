// Timing for the native benchmarks, the same way as the bare bitmask reference
// (shared/bench/bitmask_limit.cc): the calling thread's CPU time, so other jobs on the machine
// do not inflate it, and the median of repetitions.
#pragma once

#include <time.h>

#include <algorithm>
#include <vector>

namespace bench {

inline double thread_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The micro-benchmarks of the per-card path (micro_bench.cc); prints one line per measure.
long long micro_benchmarks(int reps);
// The solver's fixed cost per call (solver_call_bench.cc); prints one line per measure.
long long solver_call_benchmarks(int reps);

}  // namespace bench
