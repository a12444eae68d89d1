// Kiksas and Trikiksis: random playouts of the game's deals, evaluated by its own scoring (see
// tricktaker/playout.h for the drivers that run them).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "tricktaker/games/kiksas.h"
#include "tricktaker/playout.h"

namespace tricktaker {

// Kiksas and Trikiksis (§2, §3.6, §4.5): a writing deal. Four seats in pairs A-C (0) and B-D
// (1), six cards each; or three seats with eight cards, the writer (side 0) against the other
// two (side 1). Random dealer, uniform trump and writer; the holder of the trump queen leads
// (it, under first_lead = trump_queen). Columns: points, tricks (per side), player_points,
// outcome, figure_side, figure_kind, figure_count.
class KiksasPlayouts final : public GamePlayouts {
 public:
  KiksasPlayouts(bool trikiksis, const KiksasRulesOptions& rules, bool forced_first_lead,
                 const KiksasDealContext& options);
  void deal(Rng& rng, PlayoutDeal& deal) const override;
  PlayState start(const PlayoutDeal& deal) const override;
  void check_roles(const PlayoutDeal& deal) const override;
  void record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
              std::size_t row) const override;
  // Play from a position with the deal's own context (its type, targets, calls).
  void set_context(const KiksasDealContext& context);

 private:
  std::array<std::uint8_t, kMaxPlayers> sides_of(int writer) const;
  bool trikiksis_;
  bool forced_first_lead_;
  SharedRules tables_[kNumSuits];  // one per trump suit, interned once
  KiksasDealContext options_;
  bool fixed_context_ = false;
  KiksasDealContext context_;
  int col_points_, col_tricks_, col_player_points_, col_outcome_, col_figure_side_,
      col_figure_kind_, col_figure_count_;
};

}  // namespace tricktaker
