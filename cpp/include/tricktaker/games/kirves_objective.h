// Kirves as the solver sees it: winning the deal (R9.1: three tricks, first to two, the last
// trick), decided over the whole deal by kirves_winner().
#pragma once

#include <cstdint>
#include <memory>

#include "tricktaker/games/kirves.h"
#include "tricktaker/solver.h"

namespace tricktaker {

// 1 if the winning player of the deal is on the side, else 0.
class KirvesWinObjective final : public GameObjective {
 public:
  std::unique_ptr<solver_detail::Evaluator> evaluator(const PlayState& state, ObjectiveKind kind,
                                                      int side) const override;
  std::uint64_t context_key() const override { return 0x4B495256; /* "KIRV" */ }
};

}  // namespace tricktaker
