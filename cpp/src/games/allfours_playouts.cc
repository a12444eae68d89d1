#include "tricktaker/games/allfours_playouts.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace tricktaker {

AllFoursPlayouts::AllFoursPlayouts(const AllFoursPlayoutOptions& options)
    : GamePlayouts(options.num_players, options.hand_size, options.rules.deck),
      options_(options),
      num_sides_(0) {
  for (int p = 0; p < num_players_; ++p)
    num_sides_ = std::max(num_sides_, static_cast<int>(options.sides[p]) + 1);
  for (int trump = 0; trump < kNumSuits; ++trump)
    tables_[trump] = intern_rules(allfours_rules(trump, options.rules));
  col_points_ = add_column("points", ColumnType::kInt16, num_sides_,
                           "points earned per side (the sum of its items)");
  col_game_values_ = add_column("game_values", ColumnType::kInt16, num_sides_,
                                "game values in the tricks each side won");
  col_score_ = add_column("score", ColumnType::kInt16, num_sides_,
                          "score change per side after the contract (P9)");
  col_made_ = add_column("made", ColumnType::kBool, 0, "the pitcher's side made its bid");
  col_all_tricks_ =
      add_column("all_tricks_side", ColumnType::kInt8, 0, "the side that won every trick, or -1");
  col_moon_ = add_column("moon_side", ColumnType::kInt8, 0, "the side that shot the moon, or -1");
  col_item_side_ = add_column("item_side", ColumnType::kInt8, kNumAllFoursItems,
                              "the side credited with each item (AllFoursItem order), or -1");
  col_item_points_ = add_column("item_points", ColumnType::kInt8, kNumAllFoursItems,
                                "the points credited for each item (0 when not awarded)");
}

void AllFoursPlayouts::deal(Rng& rng, PlayoutDeal& deal) const {
  const auto n = static_cast<std::uint64_t>(num_players_);
  deal.dealer = static_cast<int>(rng.below(n));
  deal_hands(rng, deal);
  const bool auction = options_.first_lead == AllFoursFirstLead::kPitcher;
  deal.declarer = auction ? static_cast<int>(rng.below(n)) : -1;
  deal.bid = auction ? options_.bid : 0;
  switch (options_.first_lead) {
    case AllFoursFirstLead::kDealer:
      deal.leader = deal.dealer;
      break;
    case AllFoursFirstLead::kEldest:
      deal.leader = (deal.dealer + 1) % num_players_;
      break;
    case AllFoursFirstLead::kPitcher:
      deal.leader = deal.declarer;
      break;
  }
  const CardSet suited = deal.hands[deal.leader] & ~kJokerMask;
  if (options_.trump_selection == AllFoursTrumpSelection::kFirstLead && suited) {
    deal.trump = printed_suit(random_card(suited, rng));
  } else {
    deal.trump = static_cast<int>(rng.below(4));
  }
}

void AllFoursPlayouts::check_roles(const PlayoutDeal& deal) const {
  if (deal.dealer < 0) throw std::invalid_argument("All Fours needs the dealer of every deal");
  if (options_.first_lead == AllFoursFirstLead::kPitcher) {
    check_declarer(deal, num_players_, "pitcher (declarer)");
    if (deal.bid < 1) throw std::invalid_argument("an auction game needs a bid of at least 1");
  } else if (deal.declarer != -1) {
    throw std::invalid_argument("declarer must be -1 in a game without an auction");
  }
}

PlayState AllFoursPlayouts::start(const PlayoutDeal& deal) const {
  PlayStateSetup setup;
  setup.num_players = num_players_;
  setup.side = options_.sides;
  for (int p = 0; p < num_players_; ++p) setup.hands[p] = deal.hands[p];
  setup.leader = deal.leader;
  setup.folding = options_.folding;
  if (options_.trump_selection == AllFoursTrumpSelection::kFirstLead) {
    // The first card fixes trump: the leader leads a card of that printed suit (X11).
    setup.first_lead_cards = deal.hands[deal.leader] & kSuitMask[deal.trump];
    if (!setup.first_lead_cards)
      throw std::invalid_argument("the leader holds no card of the trump suit to fix trump with");
  } else if (options_.trump_selection == AllFoursTrumpSelection::kDeclare &&
             options_.first_lead_must_be_trump) {
    setup.first_lead_cards = tables_[deal.trump]->trump_cards;
  }
  return PlayState(setup, tables_[deal.trump]);
}

void AllFoursPlayouts::record(const PlayState& end, const PlayoutDeal& deal,
                              const ResultColumns& out, std::size_t row) const {
  const int bidding_side = deal.declarer >= 0 ? options_.sides[deal.declarer] : -1;
  const AllFoursDealScore s =
      allfours_score(end, options_.scoring, deal.dealer, bidding_side, deal.bid);
  for (int side = 0; side < num_sides_; ++side) {
    out.put(col_points_, row, side, s.points[side]);
    out.put(col_game_values_, row, side, s.game_values[side]);
    out.put(col_score_, row, side, s.score[side]);
  }
  out.put(col_made_, row, s.made);
  out.put(col_all_tricks_, row, s.all_tricks_side);
  out.put(col_moon_, row, s.moon_side);
  for (int i = 0; i < kNumAllFoursItems; ++i) {
    out.put(col_item_side_, row, i, -1);
    out.put(col_item_points_, row, i, 0);
  }
  for (int a = 0; a < s.num_awards; ++a) {
    const AllFoursAward& award = s.awards[a];
    out.put(col_item_side_, row, static_cast<int>(award.item), award.side);
    out.put(col_item_points_, row, static_cast<int>(award.item), award.points);
  }
}

}  // namespace tricktaker
