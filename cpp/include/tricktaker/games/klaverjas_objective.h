// Klaverjas as the solver sees it: the points and margin of Klaverjas scoring (card points, roem
// and the pit bonus, as klaverjas_score() totals them), the made/nat question, and the roem a
// deal's tricks can still score.
#pragma once

#include <cstdint>
#include <memory>

#include "tricktaker/games/klaverjas.h"
#include "tricktaker/solver.h"

namespace tricktaker {

class KlaverjasObjective final : public GameObjective {
 public:
  // The scoring of a deal played by `playing_team` (0 or 1). With `made`, the objective is the
  // question whether the playing team makes the deal (for the defenders: whether it goes nat),
  // settled on its margin; otherwise the count the Objective's kind names, scored this way.
  KlaverjasObjective(int playing_team, const KlaverjasScoringOptions& scoring, bool made);

  // A four-seat deal of teams 0 and 1, a playing team 0 or 1.
  void check(const PlayState& state) const override;
  std::unique_ptr<solver_detail::Evaluator> evaluator(const PlayState& state, ObjectiveKind kind,
                                                      int side) const override;
  // The made/nat question shares the margin's entries.
  std::uint64_t context_key() const override;
  bool decision(int* side, int* threshold) const override;
  int answer(bool reached, int side) const override;

 private:
  int playing_team_;
  KlaverjasScoringOptions scoring_;
  bool made_;
};

// Another game's question asked with Klaverjas scoring: the deal must also be one that Klaverjas
// scoring fits (KlaverjasObjective::check()), as for every objective with that scoring.
std::shared_ptr<const GameObjective> with_klaverjas_check(
    std::shared_ptr<const GameObjective> question, int playing_team,
    const KlaverjasScoringOptions& scoring);

// The solver's own points or margin (the play state's credits) on a table that scores roem:
// the evaluator that knows which roem can still fall, and to which side.
std::unique_ptr<solver_detail::Evaluator> klaverjas_roem_evaluator(const PlayState& state,
                                                                   ObjectiveKind kind, int side);

}  // namespace tricktaker
