// All Fours and Pitch: the decks, the rules-table entries (jick and jokers as trumps, follow or
// trump at any time, the overtrumping options) and the evaluation of a finished deal (High, Low,
// Jack with hang jack, Game and the extra point cards). Spec: docs/rules/allfours.md.
//
// Card points in the table are the game values (C4): A 4, K 3, Q 2, J 1, 10 10, the jick 1,
// jokers 0, so PlayState::side_points() is a side's total for the Game point.
#pragma once

#include <array>
#include <cstdint>

#include "tricktaker/play_state.h"
#include "tricktaker/rules.h"

namespace tricktaker {

// The cards of the given ranks (bit r set = rank r, 0 = two .. 12 = ace) in every suit, plus
// both jokers when asked (RJ = Joker-H, BJ = Joker-L, C3).
CardSet allfours_deck(std::uint16_t rank_mask, bool jokers);
inline constexpr std::uint16_t kAllRanks = 0x1FFF;
// A K Q J 10 9 2: the 28-card set-back deck (C2).
inline constexpr std::uint16_t kSetBackRanks = (1u << kAce) | (1u << kKing) | (1u << kQueen) |
                                               (1u << kJack) | (1u << kTen) | (1u << kNine) |
                                               (1u << kTwo);

// The jick: the jack of the other suit of the trump colour (X1): S<->C, H<->D.
constexpr Card jick_of(int trump) {
  return make_card(trump == kSpades   ? kClubs
                   : trump == kClubs  ? kSpades
                   : trump == kHearts ? kDiamonds
                                      : kHearts,
                   kJack);
}

struct AllFoursRulesOptions {
  CardSet deck = 0;  // the game's deck (allfours_deck); jokers in it are trumps (X2)
  bool jick = false;
  bool may_trump_when_able_to_follow = true;  // C16 / V4
  bool no_undertrump = false;                 // V2, non-trump lead already trumped
  bool must_head_trump = false;               // V2, trump lead
};

// The table for one deal with the given trump suit (0..3). Trump order (X3), high to low:
// A K Q J jick Joker-H Joker-L 10 9 .. 2; plain suits A K Q J 10 .. 2 (without the jick).
RulesTable allfours_rules(int trump, const AllFoursRulesOptions& options);

// The scoring items in the crediting order of X12 (T17 uses the subset High, Low, Jack, Game).
enum class AllFoursItem : std::uint8_t {
  kHigh = 0,
  kLow = 1,
  kJack = 2,
  kJick = 3,
  kJokerHigh = 4,
  kJokerLow = 5,
  kTrey = 6,
  kFive = 7,
  kLast = 8,
  kGame = 9,
  kMoon = 10,  // shoot the moon: replaces the items of the side that shot it (X8)
};
inline constexpr int kNumAllFoursItems = 11;

enum class JackScoring : std::uint8_t { kHangJack = 0, kCaptor1 = 1 };
enum class LowAward : std::uint8_t { kHolder = 0, kCaptor = 1 };
enum class GameTie : std::uint8_t { kNobody = 0, kNonDealerSide = 1 };

struct AllFoursScoringOptions {
  JackScoring jack_scoring = JackScoring::kHangJack;
  LowAward low_award = LowAward::kHolder;
  GameTie game_tie = GameTie::kNobody;
  bool jick = false;
  bool jokers = false;
  int five = 0;  // 0 (off), 1 or 5
  bool trey = false;
  bool last_trick = false;
  bool shoot_the_moon = false;
  bool moon_requires_bid = false;
};

// Sum of the nominal values of the enabled items (X9): High, Low, Jack, Game 1 each, jick 1,
// each joker 1, trey 3, five 1 or 5, last 1. (max_bid = this, + 1 with shoot the moon.)
int allfours_max_points(const AllFoursScoringOptions& options);

struct AllFoursAward {
  AllFoursItem item;
  std::int8_t side;    // the side credited
  std::int8_t points;  // points credited
  Card card;           // the item's card (kNoCard for Game, Last and Moon)
  std::int8_t holder;  // seat that held the card at the start of play (-1 if no card)
  std::int8_t captor;  // seat that won the trick with the card (-1 if no card)
};

struct AllFoursDealScore {
  int num_sides = 0;
  int num_awards = 0;
  std::array<AllFoursAward, kNumAllFoursItems> awards{};  // in crediting order (X12)
  std::array<int, kMaxPlayers> points{};       // points earned per side (sum of its awards)
  std::array<int, kMaxPlayers> game_values{};  // game values in the tricks each side won
  std::array<int, kMaxPlayers> score{};        // score change per side after the contract (P9)
  int moon_side = -1;                          // the side credited with the moon, or -1
  int all_tricks_side = -1;                    // the side that won every trick, or -1
  int bidding_side = -1;
  int bid = 0;
  bool made = false;  // the bidding side made its contract (false without a bid)
};

// Evaluates a finished deal (the state must be terminal). Holders are the players who played
// the cards; captors the winners of the tricks they fell to; folded cards are out of play
// (PV10). The sides are PlayState::side(); dealer matters for game_tie = non_dealer_side.
// bidding_side = -1 when there was no auction; otherwise score[] applies P9 (made: the side's
// points, set: minus the bid) and X8's moon_requires_bid looks at the bid.
AllFoursDealScore allfours_score(const PlayState& state, const AllFoursScoringOptions& options,
                                 int dealer, int bidding_side, int bid);

}  // namespace tricktaker
