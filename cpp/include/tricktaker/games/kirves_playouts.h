// Kirves: random playouts of the game's deals, evaluated by its own scoring (see
// tricktaker/playout.h for the drivers that run them).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "tricktaker/games/kirves.h"
#include "tricktaker/playout.h"

namespace tricktaker {

// Kirves (R8, R9): num_players seats with five cards each, random dealer, the eldest (next
// after the dealer) leads, uniform trump and trump maker (a normal deal: the trump maker alone
// against the rest). Columns: winner, win_rule, trump_maker_won, marks and tricks per seat.
class KirvesPlayouts final : public GamePlayouts {
 public:
  KirvesPlayouts(int num_players, const KirvesRulesOptions& rules,
                 bool folded_players_score_with_side);
  void deal(Rng& rng, PlayoutDeal& deal) const override;
  PlayState start(const PlayoutDeal& deal) const override;
  void check_roles(const PlayoutDeal& deal) const override;
  void record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
              std::size_t row) const override;
  // Play from a position with the deal's own roles (any kind) instead of a normal deal of
  // the declarer.
  void set_roles(const KirvesDealRoles& roles);

 private:
  KirvesDealRoles roles_of(const PlayoutDeal& deal) const;
  SharedRules tables_[kNumSuits];  // one per trump suit, interned once
  bool folded_score_;
  bool fixed_roles_ = false;
  KirvesDealRoles roles_;
  int col_winner_, col_win_rule_, col_winning_side_, col_maker_won_, col_marks_, col_tricks_;
};

}  // namespace tricktaker
