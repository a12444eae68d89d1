#include "tricktaker/games/klaverjas.h"

#include <stdexcept>

namespace tricktaker {

namespace {
// Card points of the ranks 7..A, plain and trump (§1.3), indexed by rank 0..12.
constexpr std::uint8_t kPlainPoints[kNumRanks] = {0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4, 11};
constexpr std::uint8_t kTrumpPoints[kNumRanks] = {0, 0, 0, 0, 0, 0, 0, 14, 10, 20, 3, 4, 11};
// Strength within a suit, higher wins: plain A 10 K Q J 9 8 7, trump J 9 A 10 K Q 8 7.
constexpr std::uint8_t kPlainStrength[kNumRanks] = {0, 0, 0, 0, 0, 1, 2, 3, 7, 4, 5, 6, 8};
constexpr std::uint8_t kTrumpStrength[kNumRanks] = {0, 0, 0, 0, 0, 1, 2, 7, 5, 8, 3, 4, 6};
constexpr int kPitBonus = 100;
constexpr int kDeckPoints = 162;
}  // namespace

RulesTable klaverjas_rules(int trump, const KlaverjasRulesOptions& options) {
  if (trump < 0 || trump >= kNumSuits) throw std::invalid_argument("Klaverjas needs a trump suit");
  RulesTable t = make_plain_rules(piquet_deck());
  for (Card c : cards_of{t.deck}) {
    const int rank = printed_rank(c);
    const bool trump_card = printed_suit(c) == trump;
    t.points[c] = trump_card ? kTrumpPoints[rank] : kPlainPoints[rank];
    t.strength[c] = trump_card ? kTrumpStrength[rank] : kPlainStrength[rank];
  }
  finalize_suits(t, trump);
  t.last_trick_bonus = 10;
  t.trick_bonus = kKlaverjasRoem;
  FollowPolicy& p = t.policy;
  p.head_trump_lead = true;  // P3
  p.no_undertrump = true;    // A1c, A2b, R1c
  p.undertrump_compulsory = options.undertrump_compulsory;
  if (options.play_rules == KlaverjasPlayRules::kAmsterdam) {
    p.void_trump = VoidTrumpDuty::kUnlessPartnerWinning;
    p.overtrump = OvertrumpDuty::kUnlessPartnerWinning;
  } else {
    p.void_trump = VoidTrumpDuty::kAlways;
    p.overtrump = OvertrumpDuty::kAlways;
  }
  return t;
}

int klaverjas_roem(const Card* cards, int n, int trump) {
  if (n != 4) return 0;
  CardSet set = 0;
  for (int i = 0; i < n; ++i) set |= bit(cards[i]);
  return klaverjas_roem_of_set(set, trump);
}

KlaverjasDealScore klaverjas_score_totals(const std::array<int, 2>& card_points,
                                          const std::array<int, 2>& roem, int pit_team,
                                          int playing_team, const KlaverjasScoringOptions& options,
                                          int offending_team) {
  if (playing_team != 0 && playing_team != 1)
    throw std::invalid_argument("playing team must be 0 (N-S) or 1 (E-W)");
  if (pit_team < -1 || pit_team > 1) throw std::invalid_argument("pit team must be -1, 0 or 1");
  KlaverjasDealScore s;
  s.playing_team = playing_team;
  s.pit_team = pit_team;
  s.card_points = card_points;
  s.roem = roem;
  const int defending = 1 - playing_team;
  if (offending_team == 0 || offending_team == 1) {
    // §5.8: the offenders score 0, the others 162 plus all roem, and no pit bonus.
    s.penalized = true;
    for (int team = 0; team < 2; ++team) s.total[team] = s.card_points[team] + s.roem[team];
    s.score[offending_team] = 0;
    s.score[1 - offending_team] = kDeckPoints + s.roem[0] + s.roem[1];
    s.made = offending_team != playing_team;
    return s;
  }
  if (pit_team >= 0 && (options.pit_for_any_team || pit_team == playing_team))
    s.pit[pit_team] = kPitBonus;
  for (int team = 0; team < 2; ++team)
    s.total[team] = s.card_points[team] + s.roem[team] + s.pit[team];
  const int mine = s.total[playing_team], theirs = s.total[defending];
  s.made = mine > theirs || (!options.tie_is_nat && mine == theirs);
  if (s.made) {
    s.score = s.total;
  } else {
    s.score[playing_team] = 0;
    s.score[defending] = mine + theirs;
  }
  return s;
}

namespace {

// The deal's totals from the play state, with `last` (if not null) the last trick still to
// be credited.
KlaverjasDealScore score_with_last(const PlayState& state, const TrickRecord* last,
                                   int playing_team, const std::array<int, 2>& roem,
                                   const KlaverjasScoringOptions& options, int offending_team) {
  int pit_team = -1;
  std::array<int, 2> card_points{};
  for (int team = 0; team < 2; ++team) {
    const bool takes_last = last != nullptr && state.side(last->winner) == team;
    card_points[team] = state.side_points(team) + (takes_last ? last->points : 0);
    if (state.side_tricks(team) + (takes_last ? 1 : 0) == state.total_tricks()) pit_team = team;
  }
  return klaverjas_score_totals(card_points, roem, pit_team, playing_team, options, offending_team);
}

}  // namespace

KlaverjasDealScore klaverjas_score(const PlayState& state, int playing_team,
                                   const std::array<int, 2>& roem,
                                   const KlaverjasScoringOptions& options, int offending_team) {
  if (!state.is_terminal()) throw std::logic_error("the deal is not finished");
  return score_with_last(state, nullptr, playing_team, roem, options, offending_team);
}

KlaverjasDealScore klaverjas_score_after(const PlayState& state, const TrickRecord& last,
                                         int playing_team, const std::array<int, 2>& roem,
                                         const KlaverjasScoringOptions& options,
                                         int offending_team) {
  return score_with_last(state, &last, playing_team, roem, options, offending_team);
}

}  // namespace tricktaker
