// The rules table: everything the play engine needs to know about one deal's cards.
//
// Built once per deal from (game, options, trump) by a game's builder (see the headers in
// games/). The table is a flat value (no pointers); a PlayState points at a shared copy of it
// (SharedRules below), so states stay small and memcpy-copyable. The fields name rules, never
// games: each game picks the rules it plays by.
#pragma once

#include <cstdint>

#include "tricktaker/cards.h"

namespace tricktaker {

// When a player is void in a plain (non-trump) led suit and holds a trump.
enum class VoidTrumpDuty : std::uint8_t {
  kNever = 0,                 // may play any card
  kAlways = 1,                // must trump, even over a winning partner
  kUnlessPartnerWinning = 2,  // must trump unless the partner is winning
};

// When a player who must trump (above) could beat the top trump in the trick.
enum class OvertrumpDuty : std::uint8_t {
  kNever = 0,                 // any trump will do
  kAlways = 1,                // must overtrump if able
  kUnlessPartnerWinning = 2,  // must overtrump an opponent only
};

// A rule that scores the combination of cards in a completed trick (trick_bonus.h). The core
// knows such a rule by its tag alone; the game that plays by one defines its tag.
enum class TrickBonus : std::uint8_t {
  kNone = 0,  // no trick scores more than its card points
};

// The follow policy. Every game's obligations are a combination of these fields; the legal
// move procedure in play_state.cc applies them in a fixed order (see legal_moves()).
struct FollowPolicy {
  VoidTrumpDuty void_trump = VoidTrumpDuty::kNever;
  OvertrumpDuty overtrump = OvertrumpDuty::kNever;
  // Trump led: a player who holds a trump higher than the top trump must play one, even over
  // the partner.
  bool head_trump_lead = false;
  // Following a plain suit: must beat the highest card of the led suit if able.
  bool head_in_suit = false;
  // Plain suit led: a trump may be played even when able to follow.
  bool may_trump_when_able_to_follow = false;
  // A trump lower than the top trump in the trick is not allowed while the player holds any
  // other otherwise-legal card.
  bool no_undertrump = false;
  // A player obliged to trump and to overtrump who cannot overtrump must still play a trump.
  bool undertrump_compulsory = false;
  // Among the otherwise-legal cards, a card that beats the current winner must be played if
  // one exists.
  bool must_beat_trick = false;
  // With must_beat_trick: no duty when the current winner is on the player's side.
  bool must_beat_exempts_partner = false;
};

struct RulesTable {
  // Per card id: its effective suit (-1 = not in this deck), its strength within that suit
  // (higher wins), and its card points.
  std::int8_t effective_suit[64];
  std::uint8_t strength[64];
  std::uint8_t points[64];
  CardSet deck;                   // every card dealt in this game
  CardSet suit_cards[kNumSuits];  // cards by effective suit
  CardSet trump_cards;            // cards of the trump suit (0 when there is no trump)
  // Per card id: the cards of its effective suit with a higher strength. Derived from the
  // entries above by finalize_suits(); the play state's per-card path reads it.
  CardSet stronger[64];
  std::int8_t trump;              // 0..3, or -1 for no trump
  std::uint8_t last_trick_bonus;  // points to the winner of the deal's final trick
  TrickBonus trick_bonus;         // scored per completed trick, credited to its winner
  FollowPolicy policy;

  bool is_trump(Card c) const { return ((trump_cards >> c) & 1u) != 0; }
  bool in_deck(Card c) const { return ((deck >> c) & 1u) != 0; }

  // Does card c beat the card w currently winning a trick whose led effective suit is led?
  bool beats(Card c, Card w, int led) const {
    const bool c_trump = is_trump(c), w_trump = is_trump(w);
    if (c_trump) return !w_trump || strength[c] > strength[w];
    if (w_trump) return false;
    return effective_suit[c] == led && strength[c] > strength[w];
  }

  // The cards that beat w when w is winning a trick (so w is a trump or of the led suit): the
  // stronger cards of its suit, and every trump when w is not one. For such a w,
  // beats(c, w, led) == ((beaters(w) >> c) & 1).
  CardSet beaters(Card w) const {
    const CardSet w_trump = (trump_cards >> w) & 1u;  // branch-free: the per-card path
    return stronger[w] | (trump_cards & (w_trump - 1));
  }
};

// A table with the given deck, natural strengths (rank order 2..A, jokers excluded), no
// points and no trump; builders start from it and overwrite what their game changes.
RulesTable make_plain_rules(CardSet deck);

// Set the trump suit (or -1) and recompute the effective-suit masks from effective_suit[] and
// the stronger[] masks from strength[].
void finalize_suits(RulesTable& table, int trump);

// A rules table kept for the life of the process, shared by every play state that plays by it:
// a state holds this pointer instead of a 768-byte copy of the table (the play state's size
// governs the cost of copying it, and of the caches, in search and playouts). Only
// intern_rules() makes one, so a state never points at a table that could go away.
class SharedRules {
 public:
  SharedRules() = default;  // empty, for arrays filled in a constructor's body
  const RulesTable& operator*() const { return *table_; }
  const RulesTable* operator->() const { return table_; }
  const RulesTable* get() const { return table_; }

 private:
  explicit SharedRules(const RulesTable* table) : table_(table) {}
  const RulesTable* table_ = nullptr;
  friend SharedRules intern_rules(const RulesTable& table);
};

// The shared copy of a table: tables equal in every entry share one (a game builds a handful,
// one per trump suit and option set). Thread-safe; it hashes the table, so batch code interns
// its tables once and starts each deal from the handle. Throws std::invalid_argument past
// kMaxSharedRules distinct tables (a program that builds tables without end).
SharedRules intern_rules(const RulesTable& table);
inline constexpr int kMaxSharedRules = 1 << 16;

// The 32-card piquet deck (7..A of every suit).
CardSet piquet_deck();

}  // namespace tricktaker
