// All Fours and Pitch: random playouts of the game's deals, evaluated by its own scoring (see
// tricktaker/playout.h for the drivers that run them).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "tricktaker/games/allfours.h"
#include "tricktaker/playout.h"

namespace tricktaker {

enum class AllFoursTrumpSelection : std::uint8_t { kTurnUp = 0, kFirstLead = 1, kDeclare = 2 };
enum class AllFoursFirstLead : std::uint8_t { kDealer = 0, kEldest = 1, kPitcher = 2 };

struct AllFoursPlayoutOptions {
  int num_players = 4;
  std::array<std::uint8_t, kMaxPlayers> sides{};
  int hand_size = 6;
  AllFoursTrumpSelection trump_selection = AllFoursTrumpSelection::kTurnUp;
  AllFoursFirstLead first_lead = AllFoursFirstLead::kDealer;
  bool first_lead_must_be_trump = true;  // with kDeclare
  bool folding = false;
  int bid = 0;  // the pitcher's contract in a random deal (auction games)
  AllFoursRulesOptions rules;
  AllFoursScoringOptions scoring;
};

// All Fours and Pitch (C13-C27, P8-P10, X1-X12): random dealer, play_size cards each (no
// turn-up, begging, widow or exchange: the hands at the start of play are uniform), uniform
// trump (with trump_selection = first_lead: the leader's first card, uniform among his suited
// cards, fixes trump), uniform pitcher in auction games. Columns: points, game_values, score
// (per side), made, all_tricks_side, moon_side, item_side and item_points (per item).
class AllFoursPlayouts final : public GamePlayouts {
 public:
  explicit AllFoursPlayouts(const AllFoursPlayoutOptions& options);
  void deal(Rng& rng, PlayoutDeal& deal) const override;
  PlayState start(const PlayoutDeal& deal) const override;
  void check_roles(const PlayoutDeal& deal) const override;
  void record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
              std::size_t row) const override;
  int num_sides() const { return num_sides_; }

 private:
  AllFoursPlayoutOptions options_;
  int num_sides_;
  SharedRules tables_[kNumSuits];  // one per trump suit, interned once
  int col_points_, col_game_values_, col_score_, col_made_, col_all_tricks_, col_moon_,
      col_item_side_, col_item_points_;
};

}  // namespace tricktaker
