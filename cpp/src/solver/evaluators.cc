// The solver's own objectives: tricks (here), and points and margin as the play state credits
// them (points.h); make_evaluator() picks a game objective's evaluator before them.
#include <algorithm>
#include <memory>

#include "evaluator.h"
#include "points.h"

namespace tricktaker {
namespace solver_detail {

namespace {

class TricksEvaluator final : public EvaluatorBase {
 public:
  TricksEvaluator(const PlayState& s, int side)
      : EvaluatorBase(s, side), quick_(QuickTricks::fits(s)) {}
  bool rank_partition() const override { return quick_; }
  // The partition search keeps its entries in a layout of its own: never share a context
  // with the plain one.
  std::uint64_t context_key() const override { return quick_ ? 0x9A27 : 0; }
  int guess(const PlayState& s, CardSet in_play, int base, int lo, int hi) const override {
    // Fitted on 32-card deals; elsewhere the middle of the bounds does as well.
    if (!quick_ || s.is_terminal() || popcount(rules_.deck) > 32)
      return EvaluatorBase::guess(s, in_play, base, lo, hi);
    // A first guess for the zero-window driver (trick counts), fitted to solved deals: the side's
    // share of the high cards (4-3-2-1 for the top four of each suit still in play) and of the
    // trumps, a little for having the lead.
    int hcp = 0, total = 0, trumps = 0, all_trumps = 0;
    for (int suit = 0; suit < 4; ++suit) {
      unsigned all = 0, mine = 0;
      for (int p = 0; p < 4; ++p) {
        const unsigned lane = static_cast<unsigned>(s.hand(p) >> (16 * suit)) & 0xFFFF;
        all |= lane;
        if ((mine_ >> p) & 1) mine |= lane;
      }
      if (suit == rules_.trump) {
        trumps = __builtin_popcount(mine);
        all_trumps = __builtin_popcount(all);
      }
      for (int points = 4; points > 0 && all; --points) {
        const unsigned top = 1u << (31 - __builtin_clz(all));
        total += points;
        if (mine & top) hcp += points;
        all &= ~top;
      }
    }
    const int left = s.total_tricks() - s.tricks_played();
    double est = left * 0.5;
    if (total) est += 1.45 * left * (static_cast<double>(hcp) / total - 0.5);
    if (all_trumps) est += 1.1 * left * (static_cast<double>(trumps) / all_trumps - 0.5);
    if ((mine_ >> s.leader()) & 1) est += 0.05 * left;
    return std::clamp(base + static_cast<int>(est + 0.5), lo, hi);
  }
  void trick_bounds_sig(const PlayState& s, int base, int alpha, int beta, int* lo, int* hi,
                        CardSet* sig_lo, CardSet* sig_hi) const override {
    *lo = base;
    *hi = base + s.total_tricks() - s.tricks_played();
    // Sure tricks decide the window once the side's reach beta or the others' alpha.
    quick_bounds(s, lo, hi, sig_lo, sig_hi, std::max(beta - *lo, 1), std::max(*hi - alpha, 1));
  }
  bool split_trick_start() const override { return true; }
  int terminal(const PlayState& s) const override { return tricks_of(s, mine_); }
  int base(const PlayState& s) const override { return tricks_of(s, mine_); }
  void bounds(const PlayState& s, CardSet in_play, int base, int* lo, int* hi) const override {
    const int left = s.total_tricks() - s.tricks_played();
    *lo = base;
    *hi = base + left;
    if (s.trick_len() != 0) return;
    if (quick_) {
      quick_bounds(s, lo, hi);
      return;
    }
    *lo += sure_count(s, in_play, mine_, n_mine_seats_);
    *hi -= sure_count(s, in_play, theirs_, n_their_seats_);
  }

 private:
  // Tricks certain for `seats`: the leader's cashable cards, or the top trumps (several of
  // which may fall in one trick).
  int sure_count(const PlayState& s, CardSet in_play, std::uint16_t seats, int n_seats) const {
    if (!every_card_played_) return 0;
    int sure = top_trump_tricks(s, sure_.top_trumps(s, in_play, seats), seats, n_seats);
    if ((seats >> s.leader()) & 1) sure = std::max(sure, popcount(sure_.cashable_now(s)));
    return sure;
  }

  // The bounds where QuickTricks fits: its count for the side on lead, for either side its
  // trumps above every trump of the other side (two may fall in one trick), for the side not
  // on lead its guarded high trumps (guarded_trump_tricks()), and a trick for the other side
  // when the side on lead cannot take them all (leader_takes_all()). A side's count may stop
  // at its need (the tricks that decide the search window): the result then relies on the
  // cards of those tricks alone, so that its table entry serves more positions.
  void quick_bounds(const PlayState& s, int* lo, int* hi, CardSet* sig_lo = nullptr,
                    CardSet* sig_hi = nullptr, int need_mine = QuickTricks::kAnyNeed,
                    int need_theirs = QuickTricks::kAnyNeed) const {
    CardSet sig_mine = 0, sig_theirs = 0;
    if (sig_lo) *sig_lo = 0;
    if (sig_hi) *sig_hi = 0;
    if (s.is_terminal()) return;
    int sure_mine = 0, sure_theirs = 0;
    if (rules_.trump >= 0) {
      const int sh = 16 * rules_.trump;
      unsigned t_mine = 0, t_theirs = 0;
      for (int p = 0; p < 4; ++p) {
        const unsigned t = static_cast<unsigned>(s.hand(p) >> sh) & 0xFFFF;
        if ((mine_ >> p) & 1) {
          t_mine |= t;
        } else {
          t_theirs |= t;
        }
      }
      auto above = [](unsigned a, unsigned b) {
        return b ? a & ~((2u << (31 - __builtin_clz(b))) - 1) : a;
      };
      const unsigned top_mine = above(t_mine, t_theirs), top_theirs = above(t_theirs, t_mine);
      sig_mine = static_cast<CardSet>(top_mine) << sh;
      sig_theirs = static_cast<CardSet>(top_theirs) << sh;
      sure_mine = top_trump_tricks(s, sig_mine, mine_, 2);
      sure_theirs = top_trump_tricks(s, sig_theirs, theirs_, 2);
      // Past the need, the count and the cards it relies on shrink together: a bound that
      // decides the window is returned as the value, and must hold wherever its cards do.
      if (sure_mine >= need_mine) {
        sig_mine = fewest_top_trumps(s, sig_mine, mine_, need_mine);
        sure_mine = top_trump_tricks(s, sig_mine, mine_, 2);
      }
      if (sure_theirs >= need_theirs) {
        sig_theirs = fewest_top_trumps(s, sig_theirs, theirs_, need_theirs);
        sure_theirs = top_trump_tricks(s, sig_theirs, theirs_, 2);
      }
      // Short of the need, the side not on lead may count its guarded high trumps.
      CardSet guard_sig = 0;
      if (sure_mine < need_mine && sure_mine < 2) {
        const int t = guarded_trump_tricks(s, mine_, &guard_sig);
        if (t > sure_mine) {
          sure_mine = t;
          sig_mine = guard_sig;
        }
      }
      if (sure_theirs < need_theirs && sure_theirs < 2) {
        const int t = guarded_trump_tricks(s, theirs_, &guard_sig);
        if (t > sure_theirs) {
          sure_theirs = t;
          sig_theirs = guard_sig;
        }
      }
    }
    // The side on lead's top trumps already meet its need: the quick tricks and the other
    // side's trick could add nothing that decides the window.
    const bool mine_lead = (mine_ >> s.leader()) & 1;
    const int need = mine_lead ? need_mine : need_theirs;
    if ((mine_lead ? sure_mine : sure_theirs) < need) {
      CardSet sig_q = 0;
      const int q = QuickTricks::count(s, sig_lo ? &sig_q : nullptr, need);
      if (mine_lead) {
        if (q > sure_mine) {
          sure_mine = q;
          sig_mine = sig_q;
        }
      } else if (q > sure_theirs) {
        sure_theirs = q;
        sig_theirs = sig_q;
      }
      if ((mine_lead ? sure_theirs : sure_mine) == 0) {
        CardSet tops = 0;
        if (!leader_takes_all(s, &tops)) {
          if (mine_lead) {
            sure_theirs = 1;
            sig_theirs = tops;
          } else {
            sure_mine = 1;
            sig_mine = tops;
          }
        }
      }
    }
    *lo += sure_mine;
    *hi -= sure_theirs;
    if (sig_lo) *sig_lo = sig_mine;
    if (sig_hi) *sig_hi = sig_theirs;
  }

  // Tricks `seats` (a side, not on lead) surely take with the two or three highest trumps
  // (DDS's later tricks): holding the highest and the second highest in two hands, one of them
  // with another trump, two (the other trump goes under the partner's top one); not the
  // highest, but the second highest in a hand with another trump, one when the highest sits
  // with the seat that plays just before that hand (it is played only after that seat's card,
  // or once the highest is gone) or when the side also holds the third highest (the highest
  // takes only one of them). Not for the side on lead: a hand on lead may have to lead its
  // trumps, the highest then played after them (a random search of endings found such
  // positions). `sig` receives those trumps.
  int guarded_trump_tricks(const PlayState& s, std::uint16_t seats, CardSet* sig) const {
    const CardSet trumps = rules_.trump_cards;
    CardSet all = 0;
    for (int p = 0; p < 4; ++p) all |= s.hand(p) & trumps;
    if (popcount(all) < 2) return 0;
    const Card first = highest_card(all);
    const Card second = highest_card(all & ~bit(first));
    int holder[2] = {-1, -1};
    for (int p = 0; p < 4; ++p) {
      if ((s.hand(p) >> first) & 1) holder[0] = p;
      if ((s.hand(p) >> second) & 1) holder[1] = p;
    }
    const int h = holder[1];
    const bool ours_first = (seats >> holder[0]) & 1, ours_second = (seats >> h) & 1;
    if (!ours_second) return 0;
    if ((seats >> s.leader()) & 1) return 0;  // a hand on lead may have to lead its trumps
    auto guarded = [&](int p) { return popcount(s.hand(p) & trumps) > 1; };
    *sig = bit(first) | bit(second);
    if (ours_first) {
      if (holder[0] != h && (guarded(h) || guarded(holder[0]))) return 2;
      return 0;
    }
    if (!guarded(h)) return 0;
    if (holder[0] == ((h + 3) & 3)) return 1;
    const CardSet rest = all & ~bit(first) & ~bit(second);
    if (!rest) return 0;
    const Card third = highest_card(rest);
    for (int p = 0; p < 4; ++p)
      if (((s.hand(p) >> third) & 1) && ((seats >> p) & 1)) {
        *sig |= bit(third);
        return 1;
      }
    return 0;
  }
  // The fewest of the top trumps `top` (of `seats`) that still give `need` tricks by
  // top_trump_tricks(): the highest ones.
  static CardSet fewest_top_trumps(const PlayState& s, CardSet top, std::uint16_t seats, int need) {
    CardSet out = 0;
    for (CardSet m = top; m; m &= ~bit(highest_card(m))) {
      out |= bit(highest_card(m));
      if (top_trump_tricks(s, out, seats, 2) >= need) return out;
    }
    return top;
  }
  // Without trumps in play, can the side on lead take every trick left? Every trick it takes
  // it leads, in a suit it tops (else the opponent holding the top card plays it and wins), and
  // a suit gives it at most as many rounds as the longer of its two hands holds. A defender
  // need only give up a top card (opening its suit) when it holds nothing but top cards, so
  // with three tricks left at most: with two, it keeps the top card of the suit of the last
  // card of the trick's winner; endings of three were checked against a search without this
  // count, all of them with four ranks a suit and at random with more (DDS's LaterTricks
  // counts the same). False means the other side takes a trick: `tops` then receives the
  // other side's top cards the answer relies on besides the suit lengths (a suit the side on
  // lead tops in one position of the class and not in another only lowers its count).
  bool leader_takes_all(const PlayState& s, CardSet* tops) const {
    const int left = s.total_tricks() - s.tricks_played();
    for (int p = 0; p < 4; ++p)
      if (s.hand(p) & rules_.trump_cards) return true;
    const int leader = s.leader();
    int sum = 0;
    // The other side's top cards of the suits the side on lead holds, with the rounds each
    // would give it if it topped the suit.
    CardSet their_top[4] = {};
    int rounds[4] = {};
    for (int suit = 0; suit < 4; ++suit) {
      unsigned lane[4], all = 0;
      for (int p = 0; p < 4; ++p) {
        lane[p] = static_cast<unsigned>(s.hand(p) >> (16 * suit)) & 0xFFFF;
        all |= lane[p];
      }
      const unsigned ours = lane[leader] | lane[(leader + 2) & 3];
      if (!ours) continue;
      const int n =
          std::max(__builtin_popcount(lane[leader]), __builtin_popcount(lane[(leader + 2) & 3]));
      const unsigned top = 1u << (31 - __builtin_clz(all));
      if (ours & top) {
        sum += n;
        if (sum >= left) return true;
      } else {
        their_top[suit] = static_cast<CardSet>(top) << (16 * suit);
        rounds[suit] = n;
      }
    }
    // The answer holds wherever the side on lead tops no more suits than keep its count below
    // the tricks left: the other side's top cards of the suits that would lift it that far,
    // those of the fewest rounds left out while the count allows.
    *tops = 0;
    for (;;) {
      int pick = -1;
      for (int suit = 0; suit < 4; ++suit)
        if (their_top[suit] && (pick < 0 || rounds[suit] < rounds[pick])) pick = suit;
      if (pick < 0) break;
      if (sum + rounds[pick] < left) {
        sum += rounds[pick];
      } else {
        *tops |= their_top[pick];
      }
      their_top[pick] = 0;
    }
    return false;
  }

  bool quick_;  // QuickTricks fits the play
};

}  // namespace

std::unique_ptr<Evaluator> make_evaluator(const PlayState& s, const Objective& o, int side) {
  if (o.game) {
    std::unique_ptr<Evaluator> own = o.game->evaluator(s, o.kind, side);
    if (own) return own;
  }
  switch (o.kind) {
    case ObjectiveKind::kTricks:
      return std::make_unique<TricksEvaluator>(s, side);
    case ObjectiveKind::kPoints:
    case ObjectiveKind::kMargin:
      break;
  }
  // Points and margin: on a table with a trick bonus, the evaluator of the game that defines
  // it (which knows which combinations can still score).
  if (s.rules().trick_bonus != TrickBonus::kNone)
    if (auto with_bonus = trick_bonus_evaluator(s.rules().trick_bonus, s, o.kind, side))
      return with_bonus;
  if (o.kind == ObjectiveKind::kMargin) return std::make_unique<PointMargin<PointsBase>>(s, side);
  return std::make_unique<SidePoints<PointsBase>>(s, side);
}

}  // namespace solver_detail
}  // namespace tricktaker
