// Native benchmark of the full-rules Klaverjas random playout (legal moves by the rules table,
// trick winner, points, roem, last trick, deal scoring), measured the same way as the bare
// bitmask reference (shared/bench/bitmask_limit.cc): thread CPU time, median of repetitions.
// deal+playout is the batch tricktaker.random_playouts runs (deal, play, score, write the
// result columns), on one thread.
// The micro-benchmarks of micro_bench.cc and solver_call_bench.cc follow (skipped when a third
// argument is 0).
// Build and run beside the reference with bench/run_native.py.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "timing.h"
#include "tricktaker/games/klaverjas_playouts.h"
#include "tricktaker/playout.h"

using namespace tricktaker;
using bench::median;
using bench::thread_ns;

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 11;
  const int playouts = argc > 2 ? std::atoi(argv[2]) : 1 << 18;
  const bool micro = argc > 3 ? std::atoi(argv[3]) != 0 : true;
  const KlaverjasPlayouts game(KlaverjasRulesOptions{}, KlaverjasScoringOptions{});
  Rng rng(12345);
  long long sink = 0;

  // Fixed deals (no dealing cost), as the reference's playout_klav_fixed_deal.
  std::vector<PlayState> starts;
  for (int i = 0; i < 1024; ++i) {
    PlayoutDeal deal;
    game.deal(rng, deal);
    deal.trump = i & 3;
    deal.leader = (i >> 2) & 3;
    starts.push_back(game.start(deal));
  }

  // The batch: the buffers tricktaker.random_playouts hands to the core.
  std::vector<std::vector<std::uint64_t>> storage;
  std::vector<void*> buffers;
  for (const ColumnSpec& c : game.columns()) {
    storage.emplace_back(static_cast<std::size_t>(playouts) * std::max(1, c.width));
    buffers.push_back(storage.back().data());
  }
  const ResultColumns out(game.columns(), buffers);

  std::vector<double> fixed, dealt;
  for (int rep = 0; rep < reps; ++rep) {
    const double t0 = thread_ns();
    for (int i = 0; i < playouts; ++i) {
      PlayState state = starts[i & 1023];
      random_playout(state, rng);
      sink += state.side_points(0) + state.side_bonus(0);
    }
    const double t1 = thread_ns();
    random_playouts(game, playouts, 1000 + rep, 1, out);
    const double t2 = thread_ns();
    sink += static_cast<long long>(storage[kColHands][rep]);
    fixed.push_back((t1 - t0) / playouts);
    dealt.push_back((t2 - t1) / playouts);
  }
  std::printf("reps=%d\n", reps);
  std::printf("playout_klav_fixed_deal_ns   %.1f  (%.2f M playouts/s, %.2f ns/card)\n",
              median(fixed), 1e3 / median(fixed), median(fixed) / 32);
  std::printf("deal+playout_klav_ns         %.1f  (%.2f M playouts/s)\n", median(dealt),
              1e3 / median(dealt));
  if (micro) sink += bench::micro_benchmarks(reps) + bench::solver_call_benchmarks(reps);
  std::printf("(sink %lld)\n", sink);
  return 0;
}
