#include "tricktaker/games/kirves.h"

#include <stdexcept>
#include <string>

namespace tricktaker {

namespace {
constexpr int kKirvesTricks = 5;

// Plain and natural-trump strength by printed rank 0..12 (two..ace): 2..10 are 1..9, the queen
// 10, the king 11, the ace 12 (R1.5, R1.6). The jack (index 9) is never a natural card.
constexpr std::uint8_t kNaturalStrength[kNumRanks] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 10, 11, 12};

// R1.5: the always-trumps above the ace, whatever the trump suit.
int always_trump_strength(Card c) {
  if (c == kRedJoker) return 18;
  if (c == kBlackJoker) return 17;
  switch (printed_suit(c)) {
    case kClubs:
      return 16;
    case kSpades:
      return 15;
    case kHearts:
      return 14;
    default:
      return 13;  // diamonds
  }
}

bool has_seat(std::uint16_t mask, int seat) {
  return seat >= 0 && seat < kMaxPlayers && ((mask >> seat) & 1u) != 0;
}
}  // namespace

CardSet kirves_deck() {
  return kAllCards;
}

int kirves_trump_strength(Card c, int trump) {
  if (kirves_is_always_trump(c)) return always_trump_strength(c);
  if (printed_suit(c) == trump) return kNaturalStrength[printed_rank(c)];
  return 0;
}

RulesTable kirves_rules(int trump, const KirvesRulesOptions& options) {
  if (trump < 0 || trump >= kNumSuits)
    throw std::invalid_argument("a Kirves deal needs a trump suit 0..3, got " +
                                std::to_string(trump));
  RulesTable t = make_plain_rules(kirves_deck());
  for (Card c : cards_of{t.deck}) {
    if (kirves_is_always_trump(c)) {
      t.effective_suit[c] = static_cast<std::int8_t>(trump);
      t.strength[c] = static_cast<std::uint8_t>(always_trump_strength(c));
    } else {
      t.effective_suit[c] = static_cast<std::int8_t>(printed_suit(c));
      t.strength[c] = kNaturalStrength[printed_rank(c)];
    }
    t.points[c] = 0;
  }
  finalize_suits(t, trump);
  FollowPolicy& p = t.policy;
  // R8.5: a void player may play any card; D21 must_trump_when_void: he must play a trump if
  // he holds one, any trump (no overtrumping duty of its own).
  p.void_trump = options.must_trump_when_void ? VoidTrumpDuty::kAlways : VoidTrumpDuty::kNever;
  p.overtrump = OvertrumpDuty::kNever;
  // R8.6: among the follow-legal cards, beat the current winner when able.
  p.must_beat_trick = options.overtake_required;
  p.must_beat_exempts_partner = options.overtake_required && options.overtake_exempts_partner;
  return t;
}

void kirves_check_roles(const KirvesDealRoles& roles, int num_players) {
  if (num_players < 2 || num_players > kMaxPlayers)
    throw std::invalid_argument("Kirves has 2.." + std::to_string(kMaxPlayers) + " players, got " +
                                std::to_string(num_players));
  const std::uint16_t all = static_cast<std::uint16_t>((1u << num_players) - 1);
  if (roles.participants & ~all)
    throw std::invalid_argument("participants outside seats 0.." + std::to_string(num_players - 1));
  if (__builtin_popcount(roles.participants) < 2)
    throw std::invalid_argument("a deal needs at least 2 participants");
  switch (roles.kind) {
    case KirvesDealKind::kNormal:
      if (!has_seat(roles.participants, roles.trump_maker))
        throw std::invalid_argument("the trump maker must be a participant");
      break;
    case KirvesDealKind::kCutJack:
      if (!has_seat(roles.participants, roles.cutter) ||
          !has_seat(roles.participants, roles.dealer))
        throw std::invalid_argument("the cutter and the dealer must be participants");
      if (roles.cutter == roles.dealer)
        throw std::invalid_argument("the cutter and the dealer must be different seats");
      break;
    case KirvesDealKind::kFreeForAll:
      break;
  }
}

std::array<std::uint8_t, kMaxPlayers> kirves_sides(const KirvesDealRoles& roles, int num_players) {
  kirves_check_roles(roles, num_players);
  std::array<std::uint8_t, kMaxPlayers> sides{};
  for (int p = 0; p < kMaxPlayers; ++p) {
    switch (roles.kind) {
      case KirvesDealKind::kNormal:
        sides[p] = p == roles.trump_maker ? 0 : 1;
        break;
      case KirvesDealKind::kCutJack:  // nobody is anybody's partner
      case KirvesDealKind::kFreeForAll:
        sides[p] = static_cast<std::uint8_t>(p);
        break;
    }
  }
  return sides;
}

KirvesWinner kirves_winner(const std::uint8_t* trick_winners, int n) {
  if (n < 0 || n > kKirvesTricks)
    throw std::invalid_argument("a Kirves deal has 5 tricks, got " + std::to_string(n));
  int count[kMaxPlayers] = {};
  int first_to_two = -1;
  for (int i = 0; i < n; ++i) {
    const int p = trick_winners[i];
    if (p < 0 || p >= kMaxPlayers) throw std::invalid_argument("trick winner is not a seat");
    if (++count[p] == 2 && first_to_two < 0) first_to_two = p;
  }
  KirvesWinner w;
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (count[p] >= 3) {
      w.player = p;
      w.rule = KirvesWinRule::kThreeTricks;
      return w;
    }
  }
  const int remaining = kKirvesTricks - n;
  if (first_to_two >= 0) {
    // Only another player reaching 3 tricks can still take the win from the first to two.
    bool open = false;
    for (int p = 0; p < kMaxPlayers; ++p)
      if (p != first_to_two && count[p] + remaining >= 3) open = true;
    if (!open) {
      w.player = first_to_two;
      w.rule = KirvesWinRule::kFirstToTwo;
    }
    return w;
  }
  if (remaining == 0) {
    // Five tricks to five different players.
    w.player = trick_winners[n - 1];
    w.rule = KirvesWinRule::kLastTrick;
  }
  return w;
}

KirvesWinner kirves_winner(const PlayState& state) {
  std::uint8_t winners[kKirvesTricks];
  const int n = state.tricks_played();
  if (n > kKirvesTricks || state.total_tricks() != kKirvesTricks)
    throw std::invalid_argument("not a Kirves play state: it must have 5 tricks");
  for (int i = 0; i < n; ++i) winners[i] = state.trick_record(i).winner;
  return kirves_winner(winners, n);
}

KirvesDealOutcome kirves_outcome(const PlayState& state, const KirvesDealRoles& roles,
                                 bool folded_players_score_with_side) {
  kirves_check_roles(roles, state.num_players());
  if (state.active() & ~roles.participants)
    throw std::invalid_argument("a seat in the play is not a participant");
  KirvesDealOutcome out;
  out.winner = kirves_winner(state);
  if (out.winner.player < 0) throw std::logic_error("the winner of the deal is not decided yet");
  const auto sides = kirves_sides(roles, state.num_players());
  const int winner = out.winner.player;
  out.winning_side = sides[winner];
  // D20: folded participants share a win only under folded_players_score_with_side.
  const std::uint16_t scoring =
      folded_players_score_with_side ? roles.participants : state.active();
  switch (roles.kind) {
    case KirvesDealKind::kNormal:
      out.principal_won = winner == roles.trump_maker;
      for (int p = 0; p < state.num_players(); ++p)
        if (has_seat(scoring, p) && sides[p] == out.winning_side) out.marks[p] = 1;
      break;
    case KirvesDealKind::kCutJack:
      // R9.4: a principal's win marks him; a bystander's win marks nobody.
      out.principal_won = winner == roles.cutter || winner == roles.dealer;
      if (out.principal_won) out.marks[winner] = 1;
      break;
    case KirvesDealKind::kFreeForAll:
      out.marks[winner] = 1;
      break;
  }
  return out;
}

std::array<std::uint8_t, kMaxPlayers> kirves_concession_marks(const KirvesDealRoles& roles,
                                                              int num_players, int folder,
                                                              std::uint16_t folded,
                                                              bool folded_players_score_with_side) {
  kirves_check_roles(roles, num_players);
  std::array<std::uint8_t, kMaxPlayers> marks{};
  switch (roles.kind) {
    case KirvesDealKind::kNormal: {
      if (folder != roles.trump_maker)
        throw std::invalid_argument("only the trump maker concedes a normal deal");
      for (int p = 0; p < kMaxPlayers; ++p) {
        if (p == folder || !has_seat(roles.participants, p)) continue;
        if (has_seat(folded, p) && !folded_players_score_with_side) continue;
        marks[p] = 1;
      }
      break;
    }
    case KirvesDealKind::kCutJack: {
      if (folder != roles.cutter && folder != roles.dealer)
        throw std::invalid_argument("only the cutter or the dealer concedes a cut-jack deal");
      const int other = folder == roles.cutter ? roles.dealer : roles.cutter;
      if (!has_seat(folded, other) || folded_players_score_with_side) marks[other] = 1;
      break;
    }
    case KirvesDealKind::kFreeForAll:
      throw std::invalid_argument("a free-for-all deal has no principals to concede");
  }
  return marks;
}

}  // namespace tricktaker
