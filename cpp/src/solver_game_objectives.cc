// The objectives of the deal-winning games: Kirves (winning the deal), the Kiksas writing-off
// race (first to a target) and All Fours game points. See solver.h for the contract.
#include <stdexcept>

#include "solver_evaluator.h"

namespace tricktaker::solver_detail {

std::unique_ptr<Evaluator> make_game_evaluator(const PlayState&, const Objective&, int) {
  throw std::invalid_argument("unknown objective");
}

}  // namespace tricktaker::solver_detail
