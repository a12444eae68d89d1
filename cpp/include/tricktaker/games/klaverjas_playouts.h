// Klaverjas: random playouts of the game's deals, evaluated by its own scoring (see
// tricktaker/playout.h for the drivers that run them).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "tricktaker/games/klaverjas.h"
#include "tricktaker/playout.h"

namespace tricktaker {

// Klaverjas (§3-§5): four seats N E S W in pairs N-S (0) and E-W (1), random dealer, forehand
// leads, uniform trump and declarer. Columns: score, card_points, roem, pit (per team), made,
// pit_team.
class KlaverjasPlayouts final : public GamePlayouts {
 public:
  KlaverjasPlayouts(const KlaverjasRulesOptions& rules, const KlaverjasScoringOptions& scoring);
  void deal(Rng& rng, PlayoutDeal& deal) const override;
  PlayState start(const PlayoutDeal& deal) const override;
  void check_roles(const PlayoutDeal& deal) const override;
  void record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
              std::size_t row) const override;
  // The score reads points, roem and tricks per side, never the record of the play.
  bool reads_history() const override { return false; }
  const RulesTable& table(int trump) const { return *tables_[trump]; }

 private:
  SharedRules tables_[kNumSuits];  // one per trump suit, interned once
  KlaverjasScoringOptions scoring_;
  int col_score_, col_card_points_, col_roem_, col_pit_, col_made_, col_pit_team_;
};

}  // namespace tricktaker
