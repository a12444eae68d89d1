// The games' trick bonus rules, by tag: the functions of tricktaker/trick_bonus.h, through which
// the play state and the solver score a completed trick's combination of cards, and the
// solver's evaluators of points on a table with such a rule.
#include "solver/evaluator.h"
#include "tricktaker/games/klaverjas.h"
#include "tricktaker/games/klaverjas_objective.h"
#include "tricktaker/trick_bonus.h"

namespace tricktaker {

int trick_bonus_of(TrickBonus rule, CardSet cards, int trump) {
  if (rule == kKlaverjasRoem) return klaverjas_roem_of_set(cards, trump);
  return 0;
}

bool trick_bonus_possible(TrickBonus rule, CardSet cards, int trump) {
  if (rule == kKlaverjasRoem) return klaverjas_roem_possible(cards, trump);
  return false;
}

namespace solver_detail {

std::unique_ptr<Evaluator> trick_bonus_evaluator(TrickBonus rule, const PlayState& s,
                                                 ObjectiveKind kind, int side) {
  if (rule == kKlaverjasRoem) return klaverjas_roem_evaluator(s, kind, side);
  return nullptr;
}

}  // namespace solver_detail

}  // namespace tricktaker
