// Internal to the solver: the objective's view of a play state (Evaluator), the helpers the
// evaluators share (sure cards, quick tricks, card points by value), and the hashing the table
// keys use. The search lives in search.cc, the table in table.h, the solver's own objectives
// (tricks, points, margin) in bounds.cc and points.h, and each game's objectives in
// games/*_objective.cc.
//
// Adding a game's objective (games/*_objective.h, .cc):
//   1. write a GameObjective (tricktaker/solver.h) holding the objective's parameters; its
//      evaluator() builds the evaluator for a state, its context_key() tags the game and its
//      parameters, and a yes/no question answers through decision() and answer();
//   2. write a class derived from Evaluator, or EvaluatorBase (below: it knows the side's seats
//      and the sure cards), or for an objective of card points build on points.h:
//        terminal(s)        the final value of a finished play, from the game's own scoring
//                           code, so that the two never disagree;
//        base(s)            the part of the final value already certain at a trick boundary,
//                           such that final - base depends only on the cards still in hand,
//                           who holds them, who leads, and state_key(s) (0 if not additive);
//        state_key(s)       any other score-relevant state (tricks won per side for "first to
//                           two", points for "first to a target", who won which card);
//        bounds(s, in_play, base, lo, hi)
//                           certain bounds on the final value (what is won, plus or minus
//                           what is still in play; cards sure to fall to a side);
//        card_label(c)      cards with equal labels (0..14) are interchangeable for the
//                           objective when they touch in strength; kIdentityLabel when the card
//                           itself matters;
//        has_identity(), identity_cards(s, in_play)
//                           cards whose identity matters from here on (a possible trick bonus);
//        guess(...)         a first value for the zero-window driver or the root's aspiration
//                           window (optional);
//        report(final, root_base)
//                           the value reported to the caller (the remaining play, or the whole
//                           deal for a yes/no objective);
//        context_key()      the evaluator's own parameters;
//        point_symmetry()   whether final - base is the side's card points (or its margin)
//                           plus what the shared structure fixes, so that positions differing
//                           only in card points share entries (optional);
//        has_order(), order(s)
//                           an order among positions of one table key along which the value
//                           never falls, so that they share entries (optional);
//   3. add a test against brute force (cpp/tests and tests/).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

#include "per_rules.h"
#include "tricktaker/play_state.h"
#include "tricktaker/solver.h"

namespace tricktaker::solver_detail {

inline constexpr std::uint8_t kIdentityLabel = 15;

inline std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

inline std::uint64_t combine(std::uint64_t h, std::uint64_t v) {
  return (h ^ mix64(v + 0x9E3779B97F4A7C15ULL)) * 0x100000001B3ULL + 0x7F4A7C15ULL;
}

// Every card still in a hand.
CardSet remaining_cards(const PlayState& s);
// Do the hands hold exactly the cards still to be played (no card is kept past the end)?
bool every_card_played(const PlayState& s);

// Card points by value: one label per distinct value (cards of equal points are interchangeable
// for an objective that counts points) and a mask per non-zero value for quick sums.
class CardPoints {
 public:
  explicit CardPoints(const RulesTable& r);
  std::uint8_t label(Card c) const { return labels_[c]; }
  // The sum, by table: the points of each byte of the card set.
  int points(CardSet cards) const {
    int total = 0;
    for (int k = 0; k < 8; ++k) total += byte_points_[k][(cards >> (8 * k)) & 0xFF];
    return total;
  }

 private:
  std::uint8_t labels_[64] = {};
  std::uint16_t byte_points_[8][256] = {};
};

// Cards sure to fall in tricks of given seats, from per-card masks of stronger cards.
class SureCards {
 public:
  explicit SureCards(const RulesTable& r);
  // The trumps of `seats` that no other card still in play beats: each falls in a trick whose
  // highest trump is one of them, so the seats win every such trick, whatever anyone plays.
  CardSet top_trumps(const PlayState& s, CardSet in_play, std::uint16_t seats) const;
  // The leader's cashable cards (those that win if it cashes them one after the other); or,
  // when a partner can be reached by leading a suit in which the partner holds the top card
  // (and no one else can ruff that first round), the partner's if there are more of them.
  // Empty inside a trick.
  CardSet cashable_now(const PlayState& s) const;

 private:
  const RulesTable& rules_;
  CardSet not_weaker_[64] = {};  // per card: the other cards of its suit at least as strong
};

// Quick tricks of partnership play under plain follow-suit rules (follow suit if able, else any
// card), counted as DDS does: the side on lead cashes top cards suit after suit,
// trumps first, with ruffs by the opponents and blocked suits taken into account. Much
// stronger than SureCards for the trick count, which is all it serves.
class QuickTricks {
 public:
  // Whether the play fits: four seats in two crossed partnerships, each leader's turn free,
  // natural suits ranked by rank, the plain follow policy, every card played.
  static bool fits(const PlayState& s);
  // Tricks the leader's side is sure to take from a trick boundary (0 inside a trick). Only
  // valid where fits(s). `sig` (if not null) receives the cards whose ranks the count relies
  // on: it holds in every position with the same leader, the same suit lengths in each hand
  // and the same holders of the cards of each suit down to the lowest of them. The count may
  // stop once it reaches `need` (then `sig` holds only the cards of the tricks counted).
  static int count(const PlayState& s, CardSet* sig, int need = kAnyNeed);
  static constexpr int kAnyNeed = 1 << 10;
};

// Tricks certain for `seats` (a side of `n_seats` seats) from their trumps `top` that no
// opposing trump beats: several seats' may fall in one trick, never two of one seat's. Inline:
// the trick-count bounds call it several times a trick start. A side whose seats have all
// folded (n_seats 0) holds no cards and is sure of nothing.
inline int top_trump_tricks(const PlayState& s, CardSet top, std::uint16_t seats, int n_seats) {
  if (!top || n_seats <= 0) return 0;
  int sure = (popcount(top) + n_seats - 1) / n_seats;
  for (unsigned m = seats; m; m &= m - 1)
    sure = std::max(sure, popcount(s.hand(__builtin_ctz(m)) & top));
  return sure;
}

// ---------------------------------------------------------------------------------------
// Evaluators: the objective's view of a play state. See solver.h for the contract.
//
// All values are "final" values: the objective's number for the whole play as it will stand
// at the end (for example the side's total points including those already won). The driver
// reports report(final, base at the root). `in_play` is the set of cards not yet in a
// completed trick (the hands and the current trick).

// How final - base depends on the points of the cards still in play, for positions that share
// everything else (the relative ranks, holders and identity cards, the leader, state_key()):
// kNone when it does not reduce to card points; kSidePoints when it is the points of the cards
// the side wins plus terms the shared structure fixes; kMargin when it is the side's such points
// minus the others'. Two such positions play out alike card for card, so a line's value differs
// by what the cards' points differ (Kupferschmid and Helmert's quasi-symmetry in Skat): a bound
// of one bounds the other, shifted by the difference.
enum class PointSymmetry : std::uint8_t { kNone, kSidePoints, kMargin };

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // The final value of a finished play.
  virtual int terminal(const PlayState& s) const = 0;
  // The part of the final value already certain. At a trick boundary, final - base must
  // depend only on the cards in hand, their holders, the leader and state_key().
  virtual int base(const PlayState& s) const = 0;
  // Score-relevant state not captured by base() and the cards (at a trick boundary).
  virtual std::uint64_t state_key(const PlayState&) const { return 0; }
  // Certain bounds lo <= final <= hi, given base == base(s); valid at any node.
  virtual void bounds(const PlayState& s, CardSet in_play, int base, int* lo, int* hi) const = 0;
  // Interchangeability label of a card (0..14), or kIdentityLabel.
  virtual std::uint8_t card_label(Card) const { return 0; }
  // Whether, and how, positions that differ only in the labels (card points) share bounds;
  // with anything but kNone, cards of one label have equal points.
  virtual PointSymmetry point_symmetry() const { return PointSymmetry::kNone; }
  // Cards whose identity matters for the rest of the play.
  virtual CardSet identity_cards(const PlayState&, CardSet) const { return 0; }
  // At the start of the last trick (every card forced), the final value once that trick `t`
  // (PlayState::last_trick_outcome()) is played, scored without playing it; false where the
  // evaluator leaves that to the search.
  virtual bool last_trick(const PlayState&, const TrickRecord& /*t*/, int* /*value*/) const {
    return false;
  }
  // The number reported to the caller.
  virtual int report(int final_value, int root_base) const { return final_value - root_base; }
  // Whether identity_cards() can be non-empty.
  virtual bool has_identity() const { return false; }
  // bounds() and identity_cards() at a trick boundary, in one call (evaluators that share work
  // between the two override it).
  virtual void trick_start(const PlayState& s, CardSet in_play, int base, int* lo, int* hi,
                           CardSet* identity) const {
    bounds(s, in_play, base, lo, hi);
    *identity = has_identity() ? identity_cards(s, in_play) : 0;
  }
  // trick_start() in two steps, so that the search can compute the table key (which needs the
  // identity cards) and read the table before it computes the bounds (dear ones, which most
  // positions met again do not need). An evaluator that returns true from split_trick_start()
  // implements trick_identity(), which may leave a number in *note for trick_bounds()
  // (the trick bonuses the side, and for the margin the others, could still win), and
  // trick_bounds(); the two together must give what trick_start() gives.
  virtual bool split_trick_start() const { return false; }
  virtual CardSet trick_identity(const PlayState& s, CardSet in_play, int* note) const {
    *note = 0;
    return has_identity() ? identity_cards(s, in_play) : 0;
  }
  virtual void trick_bounds(const PlayState& s, CardSet in_play, int base, int /*note*/, int* lo,
                            int* hi) const {
    bounds(s, in_play, base, lo, hi);
  }
  // trick_bounds() for a search window: bounds that cannot decide the window (lo < beta and
  // hi > alpha whatever they are, or lo once hi <= alpha) may be left weaker, to save their
  // cost.
  virtual void trick_bounds_window(const PlayState& s, CardSet in_play, int base, int note,
                                   int /*alpha*/, int /*beta*/, int* lo, int* hi) const {
    trick_bounds(s, in_play, base, note, lo, hi);
  }
  // Partition search (trick counts of plain partnership play): the search keeps, per result, the
  // cards whose ranks it relied on, and table entries hold for every position with the same leader,
  // the same suit lengths in each hand and the same holders of each suit's cards down to the lowest
  // such card. An evaluator that returns true gives its trick-boundary bounds with those cards
  // (sig_lo for lo, sig_hi for hi), has no labels or identity cards, and scores tricks only.
  virtual bool rank_partition() const { return false; }
  // The search window is (alpha, beta): sure tricks beyond what decides it are not sought, so
  // that the cards relied on stay few.
  virtual void trick_bounds_sig(const PlayState& s, int base, int /*alpha*/, int /*beta*/, int* lo,
                                int* hi, CardSet* sig_lo, CardSet* sig_hi) const {
    bounds(s, remaining_cards(s), base, lo, hi);
    *sig_lo = *sig_hi = ~0ULL;
  }
  // An order among the positions of one table key (state_key() leaves out what it tells
  // apart): the final value never falls as order() rises, so an entry of a lower order bounds
  // the value from below and one of a higher order from above (the side's lead in a count that
  // decides an item of the score, say).
  virtual bool has_order() const { return false; }
  virtual int order(const PlayState&) const { return 0; }
  // The objective's parameters that change values (targets, scoring options): entries stored
  // under one context are only read under the same one.
  virtual std::uint64_t context_key() const { return 0; }
  // A first guess of the final value inside [lo, hi] for the zero-window driver, or the centre
  // of the root's aspiration window.
  virtual int guess(const PlayState&, CardSet, int, int lo, int hi) const {
    return lo + (hi - lo) / 2;
  }
};

// Seats of a side, as a mask.
inline std::uint16_t side_mask(const PlayState& s, int side) {
  std::uint16_t m = 0;
  for (int p = 0; p < s.num_players(); ++p)
    if (((s.active() >> p) & 1) && s.side(p) == side) m = static_cast<std::uint16_t>(m | 1u << p);
  return m;
}

// Shared bookkeeping: the seats of the side and of the others, the sure cards.
class EvaluatorBase : public Evaluator {
 public:
  EvaluatorBase(const PlayState& s, int side)
      : rules_(s.rules()), side_(side), sure_(per_rules<SureCards>(rules_)) {
    mine_ = side_mask(s, side);
    theirs_ = static_cast<std::uint16_t>(s.active() & ~mine_);
    n_mine_seats_ = __builtin_popcount(mine_);
    n_their_seats_ = __builtin_popcount(theirs_);
    every_card_played_ = every_card_played(s);
  }

 protected:
  static int tricks_of(const PlayState& s, std::uint16_t seats) {
    int t = 0;
    for (unsigned m = seats; m; m &= m - 1) t += s.tricks_won(__builtin_ctz(m));
    return t;
  }
  static int points_of(const PlayState& s, std::uint16_t seats) {
    int t = 0;
    for (unsigned m = seats; m; m &= m - 1) {
      const int p = __builtin_ctz(m);
      t += s.points_won(p) + s.bonus_won(p);
    }
    return t;
  }
  // Cards certain to fall in tricks of `seats` (at a trick boundary).
  CardSet sure_cards(const PlayState& s, CardSet in_play, std::uint16_t seats) const {
    if (s.trick_len() != 0 || s.is_terminal()) return 0;
    // With cards kept past the last trick neither bound holds (a kept card is never played).
    if (!every_card_played_) return 0;
    CardSet out = sure_.top_trumps(s, in_play, seats);
    if ((seats >> s.leader()) & 1) out |= sure_.cashable_now(s);
    return out;
  }

  const RulesTable& rules_;
  int side_;
  std::uint16_t mine_ = 0, theirs_ = 0;
  int n_mine_seats_ = 1, n_their_seats_ = 1;
  const SureCards& sure_;  // shared by every call on the same rules
  // Every card in hand will be played (no hand keeps cards past the last trick); the top-trump
  // bound relies on it.
  bool every_card_played_ = true;
};

// The evaluator of an objective for the maximizing side `side` (bounds.cc): the game
// objective's, else the solver's own count of o.kind.
std::unique_ptr<Evaluator> make_evaluator(const PlayState& s, const Objective& o, int side);

// The solver's own count of points or margin on a table whose trick bonus rule is not kNone:
// the evaluator of the game that defines the rule (games/trick_bonuses.cc), which knows which
// combinations can still score.
std::unique_ptr<Evaluator> trick_bonus_evaluator(TrickBonus rule, const PlayState& s,
                                                 ObjectiveKind kind, int side);

}  // namespace tricktaker::solver_detail
