// Kirves as the solver sees it. The final value comes from the game's own evaluation
// (kirves_winner), so the solver and the scoring agree by construction. The value is not a sum
// over tricks, so base() is 0 and state_key() carries everything about the tricks already
// played that the rest of the deal can still turn on.
#include "tricktaker/games/kirves_objective.h"

#include <stdexcept>
#include <string>

#include "solver/evaluator.h"

namespace tricktaker {

namespace solver_detail {
namespace {

class KirvesWinEvaluator final : public EvaluatorBase {
 public:
  KirvesWinEvaluator(const PlayState& s, int side) : EvaluatorBase(s, side) {
    if (s.total_tricks() != 5)
      throw std::invalid_argument(
          "the Kirves objective needs a Kirves play state (5 tricks), this one has " +
          std::to_string(s.total_tricks()));
  }
  int terminal(const PlayState& s) const override {
    const int v = decided(s);
    if (v < 0) throw std::logic_error("a finished Kirves play without a winner");
    return v;
  }
  int base(const PlayState&) const override { return 0; }
  // Tricks per seat and the first seat to two tricks: with the tricks still to come they fix
  // the winner (R9.1).
  std::uint64_t state_key(const PlayState& s) const override {
    std::uint64_t key = 0;
    int count[kMaxPlayers] = {};
    int first_to_two = -1;
    for (int i = 0; i < s.tricks_played(); ++i) {
      const int p = s.trick_record(i).winner;
      if (++count[p] == 2 && first_to_two < 0) first_to_two = p;
    }
    for (int p = 0; p < s.num_players(); ++p) key = key << 3 | static_cast<std::uint64_t>(count[p]);
    return combine(key, static_cast<std::uint64_t>(first_to_two + 1));
  }
  void bounds(const PlayState& s, CardSet, int, int* lo, int* hi) const override {
    const int v = decided(s);
    *lo = v < 0 ? 0 : v;
    *hi = v < 0 ? 1 : v;
  }

 private:
  // 1 or 0 once the winning player is fixed, -1 before.
  int decided(const PlayState& s) const {
    const KirvesWinner w = kirves_winner(s);
    if (w.player < 0) return -1;
    return s.side(w.player) == side_ ? 1 : 0;
  }
};

}  // namespace
}  // namespace solver_detail

std::unique_ptr<solver_detail::Evaluator> KirvesWinObjective::evaluator(const PlayState& s,
                                                                        ObjectiveKind,
                                                                        int side) const {
  return std::make_unique<solver_detail::KirvesWinEvaluator>(s, side);
}

}  // namespace tricktaker
