// Internal to the solver: the objectives that count card points (the side's points, and its
// margin over the others), as the solver's own count and as the base of a game's scoring.
//
// SidePoints<Scored> and PointMargin<Scored> are the evaluators; Scored is PointsBase (the
// points as the play state credits them) or a class derived from it that hides PointsBase's
// scoring hooks with a game's own (games/*_objective.cc), and may override the trick-bonus
// methods with a game's rule. The hooks are bound at compile time: a game's scoring costs the
// search no call it did not make before.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "evaluator.h"

namespace tricktaker::solver_detail {

inline constexpr int kAllPoints = 1 << 20;  // a need no sure points meet: find them all

// The deck's distinct card points, lowest first, and the cards worth each: a function of the
// rules, built once per table (per_rules), not per call.
struct PointValues {
  explicit PointValues(const RulesTable& r) {
    std::array<CardSet, 256> by_points{};
    for (Card c : cards_of{r.deck}) by_points[r.points[c]] |= bit(c);
    for (int v = 0; v < 256; ++v) {
      if (!by_points[v]) continue;
      value[count] = v;
      cards[count++] = by_points[v];
    }
  }
  int count = 0;
  int value[64] = {};
  CardSet cards[64] = {};
};

// Card points by value, the points sure to fall to a side and the points still in play; and
// the scoring hooks, here the play state's own: the side's points, what it has won so far.
class PointsBase : public EvaluatorBase {
 public:
  PointsBase(const PlayState& s, int side)
      : EvaluatorBase(s, side),
        points_(per_rules<CardPoints>(s)),
        values_(per_rules<PointValues>(s)) {
    for (int p = 0; p < s.num_players(); ++p) n_sides_ = std::max(n_sides_, s.side(p) + 1);
  }

  std::uint8_t card_label(Card c) const override { return points_.label(c); }
  // No trick bonus: a game's rule overrides these three (the cards of its combinations that can
  // still score, and in the note the bonuses the side, and the others, could still win).
  bool has_identity() const override { return false; }
  CardSet identity_cards(const PlayState&, CardSet) const override { return 0; }
  CardSet trick_identity(const PlayState&, CardSet, int* note) const override {
    *note = 0;
    return 0;
  }

  void bounds(const PlayState& s, CardSet in_play, int base, int* lo, int* hi) const override {
    int note;
    trick_identity(s, in_play, &note);
    bounds_given(s, in_play, base, note, lo, hi);
  }
  void trick_start(const PlayState& s, CardSet in_play, int base, int* lo, int* hi,
                   CardSet* identity) const override {
    int note;
    *identity = trick_identity(s, in_play, &note);
    bounds_given(s, in_play, base, note, lo, hi);
  }
  bool split_trick_start() const override { return true; }
  void trick_bounds(const PlayState& s, CardSet in_play, int base, int note, int* lo,
                    int* hi) const override {
    bounds_given(s, in_play, base, note, lo, hi);
  }

 protected:
  // --- the scoring hooks (a game's scoring class hides them with its own) ---
  // The final side's points of a finished play.
  int final_points(const PlayState& s) const { return points_of(s, mine_); }
  // The final margin of a finished play.
  int final_margin(const PlayState& s) const { return points_of(s, mine_) - points_of(s, theirs_); }
  // The final side's points, and margin, once the last trick `t` (every card forced) is played.
  int final_points_after(const PlayState& s, const TrickRecord& t) const {
    return points_of(s, mine_) + last_trick_points(t, true);
  }
  int final_margin_after(const PlayState& s, const TrickRecord& t) const {
    return points_of(s, mine_) - points_of(s, theirs_) + last_trick_points(t, true) -
           last_trick_points(t, false);
  }
  // Points the scoring may still add for the side (mine) or the others beyond those in play.
  int extra_points_possible(const PlayState&, bool /*mine*/) const { return 0; }
  // Score-relevant state beyond the points won (Evaluator::state_key()).
  std::uint64_t scoring_state(const PlayState&) const { return 0; }
  // A guess of the final value better than half of what is in play, where the scoring has one.
  bool scoring_guess(const PlayState&, CardSet, int, int, int, int*) const { return false; }

  // --- the shared bookkeeping ---
  int card_points(CardSet cards) const { return points_.points(cards); }
  // Points certain to fall in tricks of `seats` (at a trick boundary): their sure cards, and
  // what every other hand must add to the tricks those cards win. The seats surely win as
  // many tricks as one of them holds top trumps, or, on lead, as many as they can cash one
  // after the other; every hand plays a card to each of those tricks, so it adds at least
  // its cheapest cards, less the sure cards it holds (counted already); and the last trick's
  // bonus when they win every trick left. The cash is costly to find: it is looked for only
  // when the top trumps alone come to less than `need`.
  int sure_points(const PlayState& s, CardSet in_play, int in_play_points, std::uint16_t seats,
                  int need) const {
    if (s.trick_len() != 0 || s.is_terminal() || !every_card_played_) return 0;
    // Not even every point left would do.
    if (need != kAllPoints && need > in_play_points + rules_.last_trick_bonus) return 0;
    const CardSet top = sure_.top_trumps(s, in_play, seats);
    int tricks = 0;
    for (unsigned m = top ? seats : 0; m; m &= m - 1)
      tricks = std::max(tricks, popcount(s.hand(__builtin_ctz(m)) & top));
    int total = captured_points(s, top, tricks);
    if (total >= need || !((seats >> s.leader()) & 1)) return total;
    const CardSet cash = sure_.cashable_now(s);
    if (popcount(cash) <= tricks && !(cash & ~top)) return total;
    return captured_points(s, top | cash, std::max(tricks, popcount(cash)));
  }
  // The points of `sure` and of what each hand adds to `tricks` tricks won by them.
  int captured_points(const PlayState& s, CardSet sure, int tricks) const {
    int total = card_points(sure);
    if (tricks == 0) return total;
    for (int p = 0; p < s.num_players(); ++p) {
      if (!((s.active() >> p) & 1)) continue;
      const CardSet h = s.hand(p);
      total += cheapest_points(h & ~sure, tricks - popcount(h & sure));
    }
    if (tricks == s.total_tricks() - s.tricks_played()) total += rules_.last_trick_bonus;
    return total;
  }
  // The sum of the `n` lowest card points among `cards`.
  int cheapest_points(CardSet cards, int n) const {
    int total = 0;
    for (int i = 0; n > 0 && i < values_.count; ++i) {
      const int take = std::min(n, popcount(cards & values_.cards[i]));
      total += take * values_.value[i];
      n -= take;
    }
    return total;
  }
  // Points still to be won: cards in play, the last-trick bonus, trick bonuses (bound).
  // `cards`: the card points in play.
  int points_in_play(const PlayState& s, int cards, int bonus_bound) const {
    int total = cards + bonus_bound;
    if (!s.is_terminal()) total += rules_.last_trick_bonus;
    return total;
  }
  // The trick bonuses the side (or the others) could still win, from trick_identity()'s note.
  static int bonus_mine(int note) { return note & 0xFFFF; }
  static int bonus_theirs(int note) { return note >> 16; }
  // What the last trick `t` adds to the side's points (mine) or the others'.
  int last_trick_points(const TrickRecord& t, bool mine) const {
    return ((((mine ? mine_ : theirs_) >> t.winner) & 1) != 0) ? t.points + t.bonus : 0;
  }
  // The bounds, given trick_identity()'s note on the trick bonuses.
  virtual void bounds_given(const PlayState& s, CardSet in_play, int base, int note, int* lo,
                            int* hi) const = 0;
  // Half of what is in play (the side's half for points, an even split for the margin).
  int half_guess(const PlayState& s, CardSet in_play, int base, int lo, int hi) const {
    const int half = (card_points(in_play) + (s.is_terminal() ? 0 : rules_.last_trick_bonus)) / 2;
    return std::clamp(margin_ ? base : base + half, lo, hi);
  }

  bool margin_ = false;
  int n_sides_ = 1;
  const CardPoints& points_;   // shared by every call on the same rules
  const PointValues& values_;  // likewise
};

// The side's points.
template <class Scored>
class SidePoints final : public Scored {
 public:
  template <class... Args>
  explicit SidePoints(Args&&... args) : Scored(static_cast<Args&&>(args)...) {}

  PointSymmetry point_symmetry() const override { return PointSymmetry::kSidePoints; }
  int terminal(const PlayState& s) const override { return this->final_points(s); }
  int base(const PlayState& s) const override { return this->points_of(s, this->mine_); }
  std::uint64_t state_key(const PlayState& s) const override { return this->scoring_state(s); }
  int guess(const PlayState& s, CardSet in_play, int base, int lo, int hi) const override {
    int g;
    if (this->scoring_guess(s, in_play, base, lo, hi, &g)) return g;
    return this->half_guess(s, in_play, base, lo, hi);
  }
  bool last_trick(const PlayState& s, const TrickRecord& t, int* value) const override {
    *value = this->final_points_after(s, t);
    return true;
  }
  void bounds_given(const PlayState& s, CardSet in_play, int base, int note, int* lo,
                    int* hi) const override {
    const int all = this->card_points(in_play);
    const int sure_mine = this->sure_points(s, in_play, all, this->mine_, kAllPoints);
    const int sure_theirs = this->sure_points(s, in_play, all, this->theirs_, kAllPoints);
    *lo = base + sure_mine;
    *hi = base + this->points_in_play(s, all, this->bonus_mine(note)) - sure_theirs +
          this->extra_points_possible(s, true);
  }
  // Sure points beyond what decides the window are not sought.
  void trick_bounds_window(const PlayState& s, CardSet in_play, int base, int note, int alpha,
                           int beta, int* lo, int* hi) const override {
    const int all = this->card_points(in_play);
    const int top = base + this->points_in_play(s, all, this->bonus_mine(note)) +
                    this->extra_points_possible(s, true);
    // The upper bound first: it decides more windows, and then the lower one cannot.
    *hi = top - this->sure_points(s, in_play, all, this->theirs_, top - alpha);
    *lo = *hi <= alpha ? base : base + this->sure_points(s, in_play, all, this->mine_, beta - base);
  }
};

// The side's points minus the others'.
template <class Scored>
class PointMargin final : public Scored {
 public:
  template <class... Args>
  explicit PointMargin(Args&&... args) : Scored(static_cast<Args&&>(args)...) {
    this->margin_ = true;
  }

  PointSymmetry point_symmetry() const override { return PointSymmetry::kMargin; }
  int terminal(const PlayState& s) const override { return this->final_margin(s); }
  int base(const PlayState& s) const override {
    return this->points_of(s, this->mine_) - this->points_of(s, this->theirs_);
  }
  std::uint64_t state_key(const PlayState& s) const override { return this->scoring_state(s); }
  int guess(const PlayState& s, CardSet in_play, int base, int lo, int hi) const override {
    int g;
    if (this->scoring_guess(s, in_play, base, lo, hi, &g)) return g;
    return this->half_guess(s, in_play, base, lo, hi);
  }
  bool last_trick(const PlayState& s, const TrickRecord& t, int* value) const override {
    *value = this->final_margin_after(s, t);
    return true;
  }
  void bounds_given(const PlayState& s, CardSet in_play, int base, int note, int* lo,
                    int* hi) const override {
    // At worst the others win everything but the side's sure cards, at best the side does.
    const int all = this->card_points(in_play);
    const int all_theirs = this->points_in_play(s, all, this->bonus_theirs(note));
    const int all_mine = this->points_in_play(s, all, this->bonus_mine(note));
    const int sure_mine = this->sure_points(s, in_play, all, this->mine_, kAllPoints);
    const int sure_theirs = this->sure_points(s, in_play, all, this->theirs_, kAllPoints);
    *lo = base - (all_theirs - 2 * sure_mine) - this->extra_points_possible(s, false);
    *hi = base + (all_mine - 2 * sure_theirs) + this->extra_points_possible(s, true);
  }
  // Sure points beyond what decides the window are not sought.
  void trick_bounds_window(const PlayState& s, CardSet in_play, int base, int note, int alpha,
                           int beta, int* lo, int* hi) const override {
    const int all = this->card_points(in_play);
    const int bottom = base - this->points_in_play(s, all, this->bonus_theirs(note)) -
                       this->extra_points_possible(s, false);
    const int top = base + this->points_in_play(s, all, this->bonus_mine(note)) +
                    this->extra_points_possible(s, true);
    // Each sure point moves a point from the others to the side: twice its worth. The upper
    // bound first, as for the points.
    *hi = top - 2 * this->sure_points(s, in_play, all, this->theirs_, (top - alpha + 1) / 2);
    *lo = *hi <= alpha ? bottom
                       : bottom + 2 * this->sure_points(s, in_play, all, this->mine_,
                                                        (beta - bottom + 1) / 2);
  }
};

}  // namespace tricktaker::solver_detail
