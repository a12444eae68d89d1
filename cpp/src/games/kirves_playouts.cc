#include "tricktaker/games/kirves_playouts.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace tricktaker {

KirvesPlayouts::KirvesPlayouts(int num_players, const KirvesRulesOptions& rules,
                               bool folded_players_score_with_side)
    : GamePlayouts(num_players, 5, kirves_deck()), folded_score_(folded_players_score_with_side) {
  for (int trump = 0; trump < kNumSuits; ++trump)
    tables_[trump] = intern_rules(kirves_rules(trump, rules));
  col_winner_ = add_column("winner", ColumnType::kInt8, 0, "the seat that won the deal");
  col_win_rule_ = add_column("win_rule", ColumnType::kInt8, 0,
                             "how: 1 three tricks, 2 first to two, 3 last trick");
  col_winning_side_ = add_column("winning_side", ColumnType::kInt8, 0,
                                 "the winner's side (0 = the trump maker, 1 = the others)");
  col_maker_won_ =
      add_column("trump_maker_won", ColumnType::kBool, 0, "the trump maker (a principal) won");
  col_marks_ = add_column("marks", ColumnType::kInt8, num_players, "marks earned per seat (0/1)");
  col_tricks_ = add_column("tricks", ColumnType::kInt8, num_players, "tricks won per seat");
}

void KirvesPlayouts::set_roles(const KirvesDealRoles& roles) {
  kirves_check_roles(roles, num_players_);
  roles_ = roles;
  fixed_roles_ = true;
}

KirvesDealRoles KirvesPlayouts::roles_of(const PlayoutDeal& deal) const {
  if (fixed_roles_) return roles_;
  KirvesDealRoles roles;
  roles.kind = KirvesDealKind::kNormal;
  roles.trump_maker = deal.declarer;
  roles.participants = static_cast<std::uint16_t>((1u << num_players_) - 1);
  return roles;
}

void KirvesPlayouts::deal(Rng& rng, PlayoutDeal& deal) const {
  const auto n = static_cast<std::uint64_t>(num_players_);
  deal.dealer = static_cast<int>(rng.below(n));
  deal_hands(rng, deal);
  deal.trump = static_cast<int>(rng.below(4));
  deal.declarer = static_cast<int>(rng.below(n));
  deal.leader = (deal.dealer + 1) % num_players_;
  deal.bid = 0;
}

void KirvesPlayouts::check_roles(const PlayoutDeal& deal) const {
  if (!fixed_roles_) check_declarer(deal, num_players_, "trump maker (declarer)");
}

PlayState KirvesPlayouts::start(const PlayoutDeal& deal) const {
  PlayStateSetup setup;
  setup.num_players = num_players_;
  setup.side = kirves_sides(roles_of(deal), num_players_);
  for (int p = 0; p < num_players_; ++p) setup.hands[p] = deal.hands[p];
  setup.leader = deal.leader;
  return PlayState(setup, tables_[deal.trump]);
}

void KirvesPlayouts::record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
                            std::size_t row) const {
  const KirvesDealOutcome o = kirves_outcome(end, roles_of(deal), folded_score_);
  out.put(col_winner_, row, o.winner.player);
  out.put(col_win_rule_, row, static_cast<int>(o.winner.rule));
  out.put(col_winning_side_, row, o.winning_side);
  out.put(col_maker_won_, row, o.principal_won);
  for (int p = 0; p < num_players_; ++p) {
    out.put(col_marks_, row, p, o.marks[p]);
    out.put(col_tricks_, row, p, end.tricks_won(p));
  }
}

}  // namespace tricktaker
