// Kirves: the 54-card deck, the rules-table entries (jacks and jokers always trump, the 18-card
// trump ladder, the Rantasalmi overtake obligation) and the evaluation of a played deal (who
// wins it: three tricks, first to two, last trick; who gets a mark). Spec: docs/rules/kirves.md.
//
// The deal flow (cut, deal, turned card, speaking, folding, the match) lives in the Python
// module; what a solver needs to judge a play position lives here, so both use one source.
#pragma once

#include <array>
#include <cstdint>

#include "tricktaker/play_state.h"
#include "tricktaker/rules.h"

namespace tricktaker {

// R1.1: the 52 cards and both jokers.
CardSet kirves_deck();

// R1.2: the jacks and the jokers.
inline constexpr CardSet kKirvesAlwaysTrumps =
    kJokerMask | (1ull << (kSpades * 16 + kJack)) | (1ull << (kHearts * 16 + kJack)) |
    (1ull << (kDiamonds * 16 + kJack)) | (1ull << (kClubs * 16 + kJack));

// R4: the pääköt, the three highest cards RJ, BJ and the jack of clubs.
inline constexpr CardSet kKirvesPaakot = kJokerMask | (1ull << (kClubs * 16 + kJack));

constexpr bool kirves_is_always_trump(Card c) {
  return ((kKirvesAlwaysTrumps >> c) & 1u) != 0;
}

// R3.3: the suit a turned card names (RJ hearts, BJ spades, otherwise the printed suit).
constexpr int kirves_named_suit(Card c) {
  return c == kRedJoker ? kHearts : c == kBlackJoker ? kSpades : printed_suit(c);
}

// R5.4, D14: the natural cards (2-10, Q, K, A) of a suit; a hand's kiellonvara cards for the
// turned suit are hand & kirves_kiellonvara(suit).
constexpr CardSet kirves_kiellonvara(int suit) {
  return kSuitMask[suit] & ~(1ull << (suit * 16 + kJack));
}

constexpr bool kirves_has_paakot(CardSet hand) {
  return (hand & kKirvesPaakot) == kKirvesPaakot;
}

struct KirvesRulesOptions {
  bool overtake_required = false;         // R8.6 Rantasalmi (ylimenopakko)
  bool overtake_exempts_partner = false;  // D21, only with overtake_required
  bool must_trump_when_void = false;      // D21, not in the seed
};

// The table for one deal with trump suit 0..3 (R1.3-R1.6, R8.4-R8.8). Strengths: trump
// naturals 1..12 (2..10, Q, K, A), then the jacks 13..16 (D, H, S, C), BJ 17, RJ 18; plain
// suits 1..12 without the jack. Kirves cards carry no points.
RulesTable kirves_rules(int trump, const KirvesRulesOptions& options);

// R1.5 / Appendix B: the trump strength of a card, 0 when it is not a trump.
int kirves_trump_strength(Card c, int trump);

// The three kinds of played deal and who plays against whom (R6, D34).
enum class KirvesDealKind : std::uint8_t {
  kNormal = 0,      // the trump maker alone against the opposition
  kCutJack = 1,     // the cutter against the dealer; the others are bystanders
  kFreeForAll = 2,  // no trump maker; every player is his own side (D34)
};

struct KirvesDealRoles {
  KirvesDealKind kind = KirvesDealKind::kNormal;
  int trump_maker = -1;  // kNormal
  int cutter = -1;       // kCutJack
  int dealer = -1;       // kCutJack
  // Every seat dealt in this deal, folded or not (bit per seat).
  std::uint16_t participants = 0;
};

// Validates the roles for a table of num_players seats; throws std::invalid_argument.
void kirves_check_roles(const KirvesDealRoles& roles, int num_players);

// The side of every seat, for the play state (and its overtake_exempts_partner test): a normal
// deal gives the trump maker side 0 and everyone else side 1; in a cut-jack deal (the cutter
// against the dealer, bystanders helping either or neither) and in free-for-all nobody is
// anybody's partner, and each seat's side is its seat number.
std::array<std::uint8_t, kMaxPlayers> kirves_sides(const KirvesDealRoles& roles, int num_players);

// R9.1: how the winning player won.
enum class KirvesWinRule : std::uint8_t {
  kUndecided = 0,  // the tricks so far do not fix the winning player yet
  kThreeTricks = 1,
  kFirstToTwo = 2,  // eeleiset
  kLastTrick = 3,
};

struct KirvesWinner {
  int player = -1;  // the winning player, or -1 while undecided
  KirvesWinRule rule = KirvesWinRule::kUndecided;
};

// R9.1 and D23 on the seats that won the tricks played so far, in order (n <= 5). Decided as soon
// as the winning player can no longer change: someone has 3 tricks, or the first to 2 exists and
// nobody else can reach 3; after the 5th trick always.
KirvesWinner kirves_winner(const std::uint8_t* trick_winners, int n);

// The same on a play state (its trick records).
KirvesWinner kirves_winner(const PlayState& state);

// Can the play of the deal stop here without changing its result (stop_when_decided, D23)?
inline bool kirves_decided(const PlayState& state) {
  return kirves_winner(state).player >= 0;
}

struct KirvesDealOutcome {
  KirvesWinner winner;
  int winning_side = -1;  // kirves_sides() numbering; -1 while undecided
  // The trump maker's (kNormal) or a principal's (kCutJack) own win; false in free-for-all.
  bool principal_won = false;
  // R9.4, R9.5, D20, D24: marks earned from the play (0 or 1 per seat).
  std::array<std::uint8_t, kMaxPlayers> marks{};
};

// R9.2-R9.5: the outcome of a played deal. Folded seats are the participants outside the
// state's active mask; they get no mark unless folded_players_score_with_side (D20). A
// cut-jack bystander never gets a mark from the play. Throws std::logic_error while the
// winning player is undecided.
KirvesDealOutcome kirves_outcome(const PlayState& state, const KirvesDealRoles& roles,
                                 bool folded_players_score_with_side = false);

// R7.5: the marks of a concession, when the principal `folder` folds before the first lead
// (normal deal: every non-folded opposition player; cut-jack deal: the other principal).
// `folded` is the set of seats that folded before him. Throws std::invalid_argument when the
// folder is not a principal.
std::array<std::uint8_t, kMaxPlayers> kirves_concession_marks(const KirvesDealRoles& roles,
                                                              int num_players, int folder,
                                                              std::uint16_t folded,
                                                              bool folded_players_score_with_side);

}  // namespace tricktaker
