#include "tricktaker/games/kiksas_playouts.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace tricktaker {

KiksasPlayouts::KiksasPlayouts(bool trikiksis, const KiksasRulesOptions& rules,
                               bool forced_first_lead, const KiksasDealContext& options)
    : GamePlayouts(trikiksis ? 3 : 4, trikiksis ? 8 : 6, kiksas_deck()),
      trikiksis_(trikiksis),
      forced_first_lead_(forced_first_lead),
      options_(options) {
  for (int trump = 0; trump < kNumSuits; ++trump)
    tables_[trump] = intern_rules(kiksas_rules(trump, rules));
  options_.type = KiksasDealType::kWriting;
  options_.su_dviem = false;
  options_.last_lead_declined = false;
  options_.akis = AkisKind::kNone;
  const char* sides = trikiksis ? " (the writer, the other two)" : " (A-C, B-D)";
  col_points_ =
      add_column("points", ColumnType::kInt16, 2,
                 std::string("card points with the last trick per side") + sides + ", sum 138");
  col_tricks_ = add_column("tricks", ColumnType::kInt8, 2, std::string("tricks per side") + sides);
  col_player_points_ = add_column("player_points", ColumnType::kInt16, num_players_,
                                  "card points with the last trick per seat");
  col_outcome_ = add_column("outcome", ColumnType::kInt8, 0,
                            "the core's KiksasOutcome: 1 written, 2 writer's egg, 3 sweep egg");
  col_figure_side_ =
      add_column("figure_side", ColumnType::kInt8, 0, "the side receiving figures, or -1");
  col_figure_kind_ =
      add_column("figure_kind", ColumnType::kInt8, 0, "0 none, 1 stroke, 2 egg, 3 cross");
  col_figure_count_ = add_column("figure_count", ColumnType::kInt8, 0,
                                 "figures per pair (Kiksas) or per player of the side");
}

void KiksasPlayouts::set_context(const KiksasDealContext& context) {
  context_ = context;
  fixed_context_ = true;
}

std::array<std::uint8_t, kMaxPlayers> KiksasPlayouts::sides_of(int writer) const {
  std::array<std::uint8_t, kMaxPlayers> sides{};
  for (int p = 0; p < num_players_; ++p)
    sides[p] = static_cast<std::uint8_t>(trikiksis_ ? (p == writer ? 0 : 1) : (p & 1));
  return sides;
}

void KiksasPlayouts::deal(Rng& rng, PlayoutDeal& deal) const {
  const auto n = static_cast<std::uint64_t>(num_players_);
  deal.dealer = static_cast<int>(rng.below(n));
  deal_hands(rng, deal);
  deal.trump = static_cast<int>(rng.below(4));
  deal.declarer = static_cast<int>(rng.below(n));
  deal.leader = holder_of(deal, num_players_, kiksas_trump_queen(deal.trump));
  if (deal.leader < 0) deal.leader = (deal.dealer + 1) % num_players_;  // queen not dealt
  deal.bid = 0;
}

void KiksasPlayouts::check_roles(const PlayoutDeal& deal) const {
  if (!fixed_context_) check_declarer(deal, num_players_, "writer (declarer)");
}

PlayState KiksasPlayouts::start(const PlayoutDeal& deal) const {
  PlayStateSetup setup;
  setup.num_players = num_players_;
  setup.side = sides_of(deal.declarer);
  for (int p = 0; p < num_players_; ++p) setup.hands[p] = deal.hands[p];
  setup.leader = deal.leader;
  if (forced_first_lead_) setup.first_lead_cards = bit(kiksas_trump_queen(deal.trump));
  return PlayState(setup, tables_[deal.trump]);
}

void KiksasPlayouts::record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
                            std::size_t row) const {
  KiksasDealContext context = context_;
  if (!fixed_context_) {
    context = options_;
    context.writing_side = trikiksis_ ? 0 : (deal.declarer & 1);
  }
  const KiksasDealResult r = kiksas_evaluate(end, context);
  for (int s = 0; s < 2; ++s) {
    out.put(col_points_, row, s, r.points[s]);
    out.put(col_tricks_, row, s, r.tricks[s]);
  }
  for (int p = 0; p < num_players_; ++p) out.put(col_player_points_, row, p, end.points_won(p));
  out.put(col_outcome_, row, static_cast<int>(r.outcome));
  out.put(col_figure_side_, row, r.figure_side);
  out.put(col_figure_kind_, row, static_cast<int>(r.figure_kind));
  out.put(col_figure_count_, row, r.figure_count);
}

}  // namespace tricktaker
