// The solver's fixed cost per call: Solver::value on Klaverjas positions one trick from the end
// (and two), where the search itself is a few nodes and the call's set-up is most of the time.
// Two orders: each position's call after another deal's (a new context: other trump or side,
// as batch analysis meets them), and the same position called again (the context kept, as
// PIMC's sampled deals of one situation meet it). Called from playout_bench's main.
#include <cstdio>
#include <memory>
#include <vector>

#include "timing.h"
#include "tricktaker/games/klaverjas_objective.h"
#include "tricktaker/games/klaverjas_playouts.h"
#include "tricktaker/playout.h"
#include "tricktaker/solver.h"

using namespace tricktaker;

namespace bench {
namespace {
struct Call {
  PlayState state;
  Objective objective;
};

std::vector<Call> positions(int cards_left, int count) {
  const KlaverjasPlayouts game(KlaverjasRulesOptions{}, KlaverjasScoringOptions{});
  Rng rng(99);
  std::vector<Call> out;
  for (int i = 0; i < count; ++i) {
    PlayoutDeal deal;
    game.deal(rng, deal);
    PlayState s = game.start(deal);
    s.keep_history();  // the solver takes back the cards it tries
    while (32 - s.cards_played() > cards_left) s.play(random_card(s.legal_moves(), rng));
    Objective o;
    o.kind = ObjectiveKind::kPoints;
    o.side = deal.declarer & 1;
    o.game =
        std::make_shared<KlaverjasObjective>(deal.declarer & 1, KlaverjasScoringOptions{}, false);
    out.push_back(Call{s, o});
  }
  return out;
}

// Microseconds per call, the median over reps; `again` calls each position twice in a row and
// times the second call.
double per_call_us(Solver& solver, const std::vector<Call>& calls, int reps, bool again,
                   long long& sink) {
  std::vector<double> runs;
  for (int rep = 0; rep < reps; ++rep) {
    double total = 0;
    for (const Call& c : calls) {
      if (again) sink += solver.value(c.state, c.objective);
      const double t0 = thread_ns();
      sink += solver.value(c.state, c.objective);
      total += thread_ns() - t0;
    }
    runs.push_back(total / static_cast<double>(calls.size()) / 1e3);
  }
  return median(runs);
}
}  // namespace

long long solver_call_benchmarks(int reps) {
  long long sink = 0;
  Solver solver(8);
  for (const int left : {4, 8}) {
    const std::vector<Call> calls = positions(left, 512);
    const double fresh = per_call_us(solver, calls, reps, false, sink);
    const double kept = per_call_us(solver, calls, reps, true, sink);
    std::printf("solver_call_%d_cards_new_context_us   %.3f\n", left, fresh);
    std::printf("solver_call_%d_cards_same_context_us  %.3f\n", left, kept);
  }
  return sink;
}

}  // namespace bench
