#include "tricktaker/games/allfours.h"

#include <stdexcept>

namespace tricktaker {

namespace {
// Game values (C4) by rank 0..12: 10 = 10, J = 1, Q = 2, K = 3, A = 4, the rest 0.
constexpr std::uint8_t kGameValue[kNumRanks] = {0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4};
// Trump strengths (X3): 2..10 are 1..9, then Joker-L, Joker-H, jick, J, Q, K, A.
constexpr std::uint8_t kTrumpStrength[kNumRanks] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 14, 15, 16};
constexpr std::uint8_t kJokerLowStrength = 10;
constexpr std::uint8_t kJokerHighStrength = 11;
constexpr std::uint8_t kJickStrength = 12;
}  // namespace

CardSet allfours_deck(std::uint16_t rank_mask, bool jokers) {
  CardSet deck = 0;
  for (int s = 0; s < kNumSuits; ++s)
    for (int r = 0; r < kNumRanks; ++r)
      if ((rank_mask >> r) & 1u) deck |= bit(make_card(s, r));
  if (jokers) deck |= kJokerMask;
  return deck;
}

RulesTable allfours_rules(int trump, const AllFoursRulesOptions& options) {
  if (trump < 0 || trump >= kNumSuits)
    throw std::invalid_argument("All Fours needs a trump suit 0..3");
  if (options.deck & ~kAllCards) throw std::invalid_argument("the deck holds a non-card");
  if (popcount(options.deck & ~kJokerMask) == 0)
    throw std::invalid_argument("the deck holds no suited card");
  RulesTable t = make_plain_rules(options.deck);
  for (Card c : cards_of{t.deck & ~kJokerMask}) {
    const int rank = printed_rank(c);
    t.points[c] = kGameValue[rank];
    if (printed_suit(c) == trump) t.strength[c] = kTrumpStrength[rank];
  }
  if (options.jick) {
    const Card jick = jick_of(trump);
    if (t.in_deck(jick)) {
      t.effective_suit[jick] = static_cast<std::int8_t>(trump);
      t.strength[jick] = kJickStrength;
    }
  }
  if (t.in_deck(kRedJoker)) {
    t.effective_suit[kRedJoker] = static_cast<std::int8_t>(trump);
    t.strength[kRedJoker] = kJokerHighStrength;
  }
  if (t.in_deck(kBlackJoker)) {
    t.effective_suit[kBlackJoker] = static_cast<std::int8_t>(trump);
    t.strength[kBlackJoker] = kJokerLowStrength;
  }
  finalize_suits(t, trump);
  FollowPolicy& p = t.policy;
  p.void_trump = VoidTrumpDuty::kNever;                                     // C16b
  p.overtrump = OvertrumpDuty::kNever;                                      // C17
  p.may_trump_when_able_to_follow = options.may_trump_when_able_to_follow;  // C16b, V4
  p.no_undertrump = options.no_undertrump;                                  // V2
  p.head_trump_lead = options.must_head_trump;                              // V2
  return t;
}

int allfours_max_points(const AllFoursScoringOptions& o) {
  int total = 4;  // High, Low, Jack, Game
  if (o.jick) total += 1;
  if (o.jokers) total += 2;
  if (o.trey) total += 3;
  total += o.five;
  if (o.last_trick) total += 1;
  return total;
}

AllFoursDealScore allfours_score(const PlayState& state, const AllFoursScoringOptions& o,
                                 int dealer, int bidding_side, int bid) {
  if (!state.is_terminal()) throw std::logic_error("the deal is not finished");
  const RulesTable& rules = state.rules();
  const int trump = rules.trump;
  if (trump < 0 || trump >= kNumSuits) throw std::invalid_argument("the deal has no trump suit");
  const int n = state.num_players();
  if (dealer < 0 || dealer >= n) throw std::invalid_argument("dealer is not a seat");
  if (o.five != 0 && o.five != 1 && o.five != 5)
    throw std::invalid_argument("five must be 0 (off), 1 or 5");

  AllFoursDealScore s;
  for (int p = 0; p < n; ++p)
    if (state.side(p) + 1 > s.num_sides) s.num_sides = state.side(p) + 1;
  if (bidding_side >= s.num_sides) throw std::invalid_argument("bidding side is not a side");
  s.bidding_side = bidding_side < 0 ? -1 : bidding_side;
  s.bid = s.bidding_side < 0 ? 0 : bid;

  // Holder and captor of every card in play (C22, C23).
  std::array<std::int8_t, 64> holder, captor;
  holder.fill(-1);
  captor.fill(-1);
  CardSet in_play = 0;
  for (int i = 0; i < state.cards_played(); ++i) {
    const Card c = state.history_card(i);
    holder[c] = static_cast<std::int8_t>(state.history_player(i));
    in_play |= bit(c);
  }
  for (int p = 0; p < n; ++p)
    for (Card c : cards_of{state.cards_won(p)}) captor[c] = static_cast<std::int8_t>(p);

  auto add = [&](AllFoursItem item, int side, int points, Card card) {
    AllFoursAward& a = s.awards[s.num_awards++];
    a.item = item;
    a.side = static_cast<std::int8_t>(side);
    a.points = static_cast<std::int8_t>(points);
    a.card = card;
    a.holder = card == kNoCard ? -1 : holder[card];
    a.captor = card == kNoCard ? -1 : captor[card];
  };
  auto side_of = [&](int seat) { return state.side(seat); };
  auto captured = [&](AllFoursItem item, Card c, int points) {
    if ((in_play >> c) & 1u) add(item, side_of(captor[c]), points, c);
  };

  const CardSet trumps = in_play & rules.trump_cards;
  if (trumps) {  // C24, C25, C28
    Card high = kNoCard, low = kNoCard;
    for (Card c : cards_of{trumps}) {
      if (high == kNoCard || rules.strength[c] > rules.strength[high]) high = c;
      if (low == kNoCard || rules.strength[c] < rules.strength[low]) low = c;
    }
    add(AllFoursItem::kHigh, side_of(holder[high]), 1, high);
    add(AllFoursItem::kLow, side_of(o.low_award == LowAward::kHolder ? holder[low] : captor[low]),
        1, low);
  }
  const Card jack = make_card(trump, kJack);
  if ((in_play >> jack) & 1u) {  // C26, T15, P8
    const int hs = side_of(holder[jack]), cs = side_of(captor[jack]);
    if (o.jack_scoring == JackScoring::kCaptor1 || hs == cs) {
      add(AllFoursItem::kJack, cs, 1, jack);
    } else {
      add(AllFoursItem::kJack, cs, 3, jack);  // hang jack
    }
  }
  if (o.jick) captured(AllFoursItem::kJick, jick_of(trump), 1);
  if (o.jokers) {
    captured(AllFoursItem::kJokerHigh, kRedJoker, 1);
    captured(AllFoursItem::kJokerLow, kBlackJoker, 1);
  }
  if (o.trey) captured(AllFoursItem::kTrey, make_card(trump, kThree), 3);
  if (o.five) captured(AllFoursItem::kFive, make_card(trump, kFive), o.five);
  if (o.last_trick && state.tricks_played() > 0)
    add(AllFoursItem::kLast, side_of(state.trick_record(state.tricks_played() - 1).winner), 1,
        kNoCard);

  // Game (C27, D11).
  for (int p = 0; p < n; ++p) s.game_values[side_of(p)] += state.points_won(p);
  int best = -1, best_value = -1, best_count = 0;
  for (int side = 0; side < s.num_sides; ++side) {
    if (s.game_values[side] > best_value) {
      best = side;
      best_value = s.game_values[side];
      best_count = 1;
    } else if (s.game_values[side] == best_value) {
      ++best_count;
    }
  }
  if (best_count == 1) {
    add(AllFoursItem::kGame, best, 1, kNoCard);
  } else if (o.game_tie == GameTie::kNonDealerSide && s.num_sides == 2) {
    add(AllFoursItem::kGame, 1 - side_of(dealer), 1, kNoCard);
  }

  for (int side = 0; side < s.num_sides; ++side)
    if (state.side_tricks(side) == state.total_tricks()) s.all_tricks_side = side;

  // Shoot the moon (X8, D35): every trick and every enabled item at its nominal value.
  const int max_points = allfours_max_points(o);
  if (o.shoot_the_moon && s.all_tricks_side >= 0) {
    const int side = s.all_tricks_side;
    int expected = 4 + (o.jick ? 1 : 0) + (o.jokers ? 2 : 0) + (o.trey ? 1 : 0) + (o.five ? 1 : 0) +
                   (o.last_trick ? 1 : 0);
    int nominal_total = 0;
    bool all_mine = true;
    for (int i = 0; i < s.num_awards; ++i) {
      const AllFoursAward& a = s.awards[i];
      if (a.side != side) all_mine = false;
      const int nominal = a.item == AllFoursItem::kTrey   ? 3
                          : a.item == AllFoursItem::kFive ? o.five
                                                          : 1;
      if (a.points != nominal) all_mine = false;
      nominal_total += a.points;
    }
    const bool game_untied = best_count == 1;
    const bool bid_ok = !o.moon_requires_bid || (side == s.bidding_side && bid == max_points + 1);
    if (all_mine && game_untied && s.num_awards == expected && nominal_total == max_points &&
        bid_ok) {
      s.num_awards = 0;
      add(AllFoursItem::kMoon, side, max_points + 1, kNoCard);
      s.moon_side = side;
    }
  }

  for (int i = 0; i < s.num_awards; ++i) s.points[s.awards[i].side] += s.awards[i].points;
  for (int side = 0; side < s.num_sides; ++side) s.score[side] = s.points[side];
  if (s.bidding_side >= 0) {  // P9
    s.made = s.points[s.bidding_side] >= bid;
    if (!s.made) s.score[s.bidding_side] = -bid;
  }
  return s;
}

}  // namespace tricktaker
