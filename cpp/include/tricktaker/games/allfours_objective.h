// All Fours and Pitch as the solver sees them: the game points of the whole deal (High, Low,
// Jack with hang jack, Game and the extras; the contract: a set bidder scores minus the bid), as
// allfours_score() awards them.
#pragma once

#include <cstdint>
#include <memory>

#include "tricktaker/games/allfours.h"
#include "tricktaker/solver.h"

namespace tricktaker {

// The deal's scoring as allfours_score() takes it: the items, the dealer (for game_tie =
// non_dealer_side), the bidding side and its bid (-1 and 0 without an auction).
struct AllFoursDealScoring {
  AllFoursScoringOptions options;
  int dealer = 0;
  int bidding_side = -1;
  int bid = 0;
};

// Points: the side's score; margin: the side's minus every other side's; both over the whole
// deal, since the items are decided by the whole play. Tricks are counted as ever.
class AllFoursObjective final : public GameObjective {
 public:
  explicit AllFoursObjective(const AllFoursDealScoring& scoring) : scoring_(scoring) {}
  std::unique_ptr<solver_detail::Evaluator> evaluator(const PlayState& state, ObjectiveKind kind,
                                                      int side) const override;
  // The evaluator's context key holds the scoring.
  std::uint64_t context_key() const override { return 0x414C4C34; /* "ALL4" */ }

 private:
  AllFoursDealScoring scoring_;
};

}  // namespace tricktaker
