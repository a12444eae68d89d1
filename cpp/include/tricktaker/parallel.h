// The one way the core spreads a batch over threads: resolve the thread count (at most
// kMaxThreads), run a body on each thread (the calling thread alone when one is enough), join,
// and rethrow the first exception a thread raised.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tricktaker/play_state.h"

namespace tricktaker {

// The most threads a batch may ask for. Each thread reserves its own stack (8 MB of address
// space by default) and the batches are bound by the processor, so more threads than this never
// help; a larger request is refused rather than left to exhaust the process.
inline constexpr int kMaxThreads = 256;

// threads <= 0 means one per hardware thread (at most kMaxThreads); never more threads than
// items (at least one). Throws Error naming the limit for threads > kMaxThreads.
inline int resolve_threads(int threads, std::size_t items) {
  if (threads > kMaxThreads)
    throw Error("threads must be at most " + std::to_string(kMaxThreads) +
                " (0 = one per hardware thread), got " + std::to_string(threads));
  if (threads <= 0)
    threads =
        std::min(kMaxThreads, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  return static_cast<int>(
      std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(items, 1)));
}

// Runs body(t) for t in [0, threads) concurrently and rethrows the first exception raised.
// When the system cannot start a thread, stop() is called (it should make the bodies already
// running return soon), the started threads are joined and std::runtime_error names the
// failure: never std::terminate from a joinable thread left behind.
template <typename Body, typename Stop>
void run_threads(int threads, const Body& body, const Stop& stop) {
  if (threads <= 1) {
    body(0);
    return;
  }
  std::exception_ptr error;
  std::mutex error_mutex;
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(threads));
  std::string start_failure;
  for (int t = 0; t < threads; ++t) {
    try {
      pool.emplace_back([&, t] {
        try {
          body(t);
        } catch (...) {
          std::lock_guard<std::mutex> lock(error_mutex);
          if (!error) error = std::current_exception();
        }
      });
    } catch (const std::exception& e) {
      start_failure = "could not start thread " + std::to_string(t + 1) + " of " +
                      std::to_string(threads) + " (" + e.what() + "); ask for fewer threads";
      break;
    }
  }
  if (!start_failure.empty()) stop();
  for (auto& th : pool) th.join();
  if (!start_failure.empty()) throw std::runtime_error(start_failure);
  if (error) std::rethrow_exception(error);
}

template <typename Body>
void run_threads(int threads, const Body& body) {
  run_threads(threads, body, [] {});
}

// The half-open range of items [begin, end) that thread t of threads handles in a chunked split.
inline std::pair<std::size_t, std::size_t> chunk_of(std::size_t items, int threads, int t) {
  const std::size_t chunk = (items + threads - 1) / threads;
  const std::size_t begin = std::min(items, static_cast<std::size_t>(t) * chunk);
  return {begin, std::min(items, begin + chunk)};
}

// Runs fn(local, i) for every i in [0, n) over threads, handing the items out one at a time
// (solving one deal can take a hundred times as long as another, so fixed chunks would leave
// threads idle); each thread first builds its own `local` (a solver with its table) with
// make_local(). A failure stops the other threads at their next item and is rethrown.
template <typename MakeLocal, typename Fn>
void for_each_item(std::size_t n, int threads, const MakeLocal& make_local, const Fn& fn) {
  threads = resolve_threads(threads, n);
  std::atomic<std::size_t> next{0};
  run_threads(
      threads,
      [&](int) {
        try {
          auto local = make_local();
          for (std::size_t i = next.fetch_add(1); i < n; i = next.fetch_add(1)) fn(local, i);
        } catch (...) {
          next.store(n);
          throw;
        }
      },
      [&] { next.store(n); });
}

}  // namespace tricktaker
