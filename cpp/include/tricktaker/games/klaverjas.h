// Klaverjas: the rules-table entries (Amsterdam, Rotterdam and the undertrump option), roem of
// a trick, and the scoring of a finished deal. Spec: docs/rules/klaverjas.md.
#pragma once

#include <array>
#include <cstdint>

#include "tricktaker/play_state.h"
#include "tricktaker/rules.h"

namespace tricktaker {

enum class KlaverjasPlayRules : std::uint8_t { kAmsterdam = 0, kRotterdam = 1 };

struct KlaverjasRulesOptions {
  KlaverjasPlayRules play_rules = KlaverjasPlayRules::kAmsterdam;
  bool undertrump_compulsory = false;  // undertrump_when_cannot_overtrump = compulsory
};

// The table for one deal with the given trump suit (0..3). Seats 0..3 are N, E, S, W; the
// caller gives partnerships N-S = side 0 and E-W = side 1.
RulesTable klaverjas_rules(int trump, const KlaverjasRulesOptions& options);

// The trick bonus of Klaverjas, roem (runs, stuk, four of a kind), scored per completed trick
// by the play state through trick_bonus.h.
inline constexpr TrickBonus kKlaverjasRoem = TrickBonus{1};

// Roem of a (complete) trick of four cards, §4.5.
int klaverjas_roem(const Card* cards, int n, int trump);

// The king and queen of trumps, whose fall in one trick is stuk (none without a trump suit).
inline CardSet klaverjas_stuk_cards(int trump) {
  const CardSet pair = bit(make_card(0, kKing)) | bit(make_card(0, kQueen));  // lanes of 16
  return trump >= 0 ? pair << (16 * trump) : 0;
}

// The same from the set of the trick's four cards (the order of play does not matter). Inline:
// the play state and the solver's move ordering call it for every trick they close or weigh.
inline int klaverjas_roem_of_set(CardSet set, int trump) {
  if (popcount(set) != 4) return 0;
  // Four of a kind: the lowest card's rank in every lane (the product spills out of the lanes,
  // and so differs from the set, unless the lowest card is a spade).
  const CardSet lowest = set & (0 - set);
  if (set == lowest * 0x0001000100010001ull) {
    const int rank = lowest_card(lowest);
    if (rank == kJack) return 200;
    if (rank == kAce || rank == kTen || rank == kKing || rank == kQueen) return 100;
    return 0;  // four 9s, 8s or 7s (D23); no run or stuk can coexist
  }
  int roem = 0;
  // Ranks 7..A are consecutive bits within a lane in the natural order (§4.2), so a run of
  // three is three adjacent bits in one lane; lanes are 16 bits apart, so shifts never join
  // two suits (ranks 13..15 of a lane are always empty here).
  const CardSet run3 = set & (set >> 1) & (set >> 2);
  const CardSet run4 = run3 & (set >> 3);
  if (run4) {
    roem += 50;
  } else if (run3) {
    roem += 20;
  }
  const CardSet stuk = klaverjas_stuk_cards(trump);
  if ((set & stuk) == stuk && stuk) roem += 20;
  return roem;
}

// Whether one more card could make the three cards of `set` a trick with roem (a necessary
// condition, read before klaverjas_roem_of_set() for each candidate card): a run of that trick
// holds two of the three within two ranks of each other in one suit, four of a kind three of
// one rank, and stuk the king or the queen of trumps.
inline bool klaverjas_roem_possible(CardSet set, int trump) {
  if (set & (set >> 1 | set >> 2)) return true;  // lanes are 16 bits apart (see above)
  const CardSet ranks = (set | set >> 16 | set >> 32 | set >> 48) & 0xFFFF;
  if (popcount(ranks) == 1) return true;
  return (set & klaverjas_stuk_cards(trump)) != 0;
}

struct KlaverjasScoringOptions {
  bool pit_for_any_team = true;  // pit_bonus_for = any_team (else playing_team_only)
  bool tie_is_nat = true;
};

struct KlaverjasDealScore {
  std::array<int, 2> card_points{};  // C: card points plus last trick
  std::array<int, 2> roem{};         // R: roem credited
  std::array<int, 2> pit{};          // P: 100 for a team that took all tricks (if awarded)
  std::array<int, 2> total{};        // C + R + P
  std::array<int, 2> score{};        // the deal's final score per team
  int playing_team = 0;
  bool made = false;
  bool penalized = false;
  int pit_team = -1;  // the team that took every trick, or -1
};

// The scoring rule of §5 on the deal's totals: card points (with last trick) and roem
// credited per team, the team that took every trick (-1 if none), the playing team, and the
// first offending team under illegal_play = penalize (-1 if none).
KlaverjasDealScore klaverjas_score_totals(const std::array<int, 2>& card_points,
                                          const std::array<int, 2>& roem, int pit_team,
                                          int playing_team, const KlaverjasScoringOptions& options,
                                          int offending_team);

// Scores a finished deal (§5). roem is the roem credited to each team (the core's automatic
// roem, or only the claimed roem under manual claiming). offending_team is the first team to
// play an illegal card under illegal_play = penalize, or -1.
KlaverjasDealScore klaverjas_score(const PlayState& state, int playing_team,
                                   const std::array<int, 2>& roem,
                                   const KlaverjasScoringOptions& options, int offending_team);

// klaverjas_score() of the deal as it ends once the last trick, still to play, is played:
// `last` is that trick's record (PlayState::last_trick_outcome()); roem includes its bonus.
KlaverjasDealScore klaverjas_score_after(const PlayState& state, const TrickRecord& last,
                                         int playing_team, const std::array<int, 2>& roem,
                                         const KlaverjasScoringOptions& options,
                                         int offending_team);

}  // namespace tricktaker
