// Kiksas as the solver sees it: the writing-off race (first to a target, §3.7) and the Akis,
// each decided over the whole deal by kiksas_evaluate().
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "tricktaker/games/kiksas.h"
#include "tricktaker/solver.h"

namespace tricktaker {

// A writing-off deal: 1 if the side reaches its target first, else 0. `targets`: the points
// each side needs (they sum to the deal's 138).
class KiksasRaceObjective final : public GameObjective {
 public:
  explicit KiksasRaceObjective(const std::array<int, 2>& targets) : targets_(targets) {}
  std::unique_ptr<solver_detail::Evaluator> evaluator(const PlayState& state, ObjectiveKind kind,
                                                      int side) const override;
  std::uint64_t context_key() const override { return 0x4B524143; /* "KRAC" */ }

 private:
  std::array<int, 2> targets_;
};

// An Akis: 1 if the side wins it (the Akis side fulfils it: every trick, or none for a misère
// (c); the other side defeats it), else 0. `akis`: its kind (not kNone); `akis_side`: the Akis
// player's side.
class KiksasAkisObjective final : public GameObjective {
 public:
  KiksasAkisObjective(AkisKind akis, int akis_side) : akis_(akis), akis_side_(akis_side) {}
  std::unique_ptr<solver_detail::Evaluator> evaluator(const PlayState& state, ObjectiveKind kind,
                                                      int side) const override;
  std::uint64_t context_key() const override { return 0x4B414B49; /* "KAKI" */ }

 private:
  AkisKind akis_;
  int akis_side_;
};

}  // namespace tricktaker
