#include "tricktaker/games/klaverjas_playouts.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace tricktaker {

KlaverjasPlayouts::KlaverjasPlayouts(const KlaverjasRulesOptions& rules,
                                     const KlaverjasScoringOptions& scoring)
    : GamePlayouts(4, 8, piquet_deck()), scoring_(scoring) {
  for (int trump = 0; trump < kNumSuits; ++trump)
    tables_[trump] = intern_rules(klaverjas_rules(trump, rules));
  col_score_ = add_column("score", ColumnType::kInt16, 2, "the deal's score per team (N-S, E-W)");
  col_card_points_ = add_column("card_points", ColumnType::kInt16, 2,
                                "card points with the last trick per team (sum 162)");
  col_roem_ = add_column("roem", ColumnType::kInt16, 2, "roem won per team");
  col_pit_ = add_column("pit", ColumnType::kInt16, 2, "the pit bonus per team (100 or 0)");
  col_made_ = add_column("made", ColumnType::kBool, 0, "the declarer's team made the deal");
  col_pit_team_ =
      add_column("pit_team", ColumnType::kInt8, 0, "the team that took every trick, or -1");
}

void KlaverjasPlayouts::deal(Rng& rng, PlayoutDeal& deal) const {
  deal.dealer = static_cast<int>(rng.below(4));
  deal_hands(rng, deal);
  deal.trump = static_cast<int>(rng.below(4));
  deal.declarer = static_cast<int>(rng.below(4));
  deal.leader = (deal.dealer + 1) & 3;
  deal.bid = 0;
}

void KlaverjasPlayouts::check_roles(const PlayoutDeal& deal) const {
  check_declarer(deal, 4, "declarer");
}

PlayState KlaverjasPlayouts::start(const PlayoutDeal& deal) const {
  PlayStateSetup setup;
  setup.num_players = 4;
  for (int p = 0; p < 4; ++p) {
    setup.hands[p] = deal.hands[p];
    setup.side[p] = static_cast<std::uint8_t>(p & 1);
  }
  setup.leader = deal.leader;
  setup.history = reads_history();
  return PlayState(setup, tables_[deal.trump]);
}

void KlaverjasPlayouts::record(const PlayState& end, const PlayoutDeal& deal,
                               const ResultColumns& out, std::size_t row) const {
  const std::array<int, 2> roem = {end.side_bonus(0), end.side_bonus(1)};
  const KlaverjasDealScore s = klaverjas_score(end, deal.declarer & 1, roem, scoring_, -1);
  for (int t = 0; t < 2; ++t) {
    out.put(col_score_, row, t, s.score[t]);
    out.put(col_card_points_, row, t, s.card_points[t]);
    out.put(col_roem_, row, t, s.roem[t]);
    out.put(col_pit_, row, t, s.pit[t]);
  }
  out.put(col_made_, row, s.made);
  out.put(col_pit_team_, row, s.pit_team);
}

}  // namespace tricktaker
