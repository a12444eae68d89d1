// Native benchmark of the full-rules Klaverjas random playout (legal moves by the rules table,
// trick winner, points, roem, last trick, deal scoring), measured the same way as the bare
// bitmask reference (shared/bench/bitmask_limit.cc): thread CPU time, median of repetitions.
// Build and run beside the reference with bench/run_native.py.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "tricktaker/playout.h"

using namespace tricktaker;

namespace {
double thread_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 11;
  const int playouts = 1 << 18;
  const KlaverjasPlayoutContext context(KlaverjasRulesOptions{}, KlaverjasScoringOptions{});
  Rng rng(12345);
  long long sink = 0;

  // Fixed deals (no dealing cost), as the reference's playout_klav_fixed_deal.
  std::vector<PlayState> starts;
  for (int i = 0; i < 1024; ++i) {
    PlayStateSetup setup;
    Card order[32];
    int n = 0;
    for (Card c : cards_of{piquet_deck()}) order[n++] = c;
    rng.shuffle(order, 32);
    CardSet hands[4];
    klaverjas_deal_hands(order, 3, false, hands);
    setup.rules = context.tables[i & 3];
    for (int p = 0; p < 4; ++p) {
      setup.hands[p] = hands[p];
      setup.side[p] = static_cast<std::uint8_t>(p & 1);
    }
    setup.leader = (i >> 2) & 3;
    starts.emplace_back(setup);
  }

  std::vector<double> fixed, dealt;
  for (int rep = 0; rep < reps; ++rep) {
    const double t0 = thread_ns();
    for (int i = 0; i < playouts; ++i) {
      PlayState state = starts[i & 1023];
      random_playout(state, rng);
      sink += state.side_points(0) + state.side_bonus(0);
    }
    const double t1 = thread_ns();
    for (int i = 0; i < playouts; ++i) {
      const KlaverjasPlayoutRecord r = klaverjas_random_deal_playout(rng, context);
      sink += r.score[0];
    }
    const double t2 = thread_ns();
    fixed.push_back((t1 - t0) / playouts);
    dealt.push_back((t2 - t1) / playouts);
  }
  std::printf("reps=%d\n", reps);
  std::printf("playout_klav_fixed_deal_ns   %.1f  (%.2f M playouts/s, %.2f ns/card)\n",
              median(fixed), 1e3 / median(fixed), median(fixed) / 32);
  std::printf("deal+playout_klav_ns         %.1f  (%.2f M playouts/s)\n", median(dealt),
              1e3 / median(dealt));
  std::printf("(sink %lld)\n", sink);
  return 0;
}
