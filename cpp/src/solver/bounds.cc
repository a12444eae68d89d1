// The bounds: card points by value, cards sure to fall to a side (top trumps, cashable
// winners), the quick tricks of plain partnership play, and the solver's own objectives, which
// bound the value with them (tricks here, points and margin in points.h); make_evaluator()
// picks a game objective's evaluator before them. The trick count's bounds and the quick tricks
// share this file so that the one inlines the other.
#include <algorithm>
#include <array>
#include <memory>

#include "evaluator.h"
#include "points.h"

namespace tricktaker {
namespace solver_detail {

CardSet remaining_cards(const PlayState& s) {
  CardSet r = 0;
  for (int p = 0; p < s.num_players(); ++p) r |= s.hand(p);
  return r;
}

bool every_card_played(const PlayState& s) {
  int held = 0;
  for (int p = 0; p < s.num_players(); ++p) held += popcount(s.hand(p));
  const int to_play = (s.total_tricks() - s.tricks_played()) * s.trick_size() - s.trick_len();
  return held == to_play;
}

CardPoints::CardPoints(const RulesTable& r) {
  int values[64];
  int n_values = 0;
  for (Card c : cards_of{r.deck}) {
    const int v = r.points[c];
    int i = 0;
    while (i < n_values && values[i] != v) ++i;
    if (i == n_values) values[n_values++] = v;
    labels_[c] = static_cast<std::uint8_t>(i < kIdentityLabel ? i : kIdentityLabel);
  }
  for (int k = 0; k < 8; ++k)
    for (int v = 1; v < 256; ++v) {
      const Card c = static_cast<Card>(8 * k + __builtin_ctz(v));
      const int own = ((r.deck >> c) & 1) ? r.points[c] : 0;
      byte_points_[k][v] = static_cast<std::uint16_t>(byte_points_[k][v & (v - 1)] + own);
    }
}

// ---------------------------------------------------------------------------------------
// Sure cards: cards certain to end in tricks won by a given set of seats.

SureCards::SureCards(const RulesTable& r) : rules_(r) {
  for (Card c : cards_of{r.deck}) {
    const int suit = r.effective_suit[c];
    if (suit < 0) continue;
    for (Card d : cards_of{r.suit_cards[suit]})
      if (d != c && r.strength[d] >= r.strength[c]) not_weaker_[c] |= bit(d);
  }
}

namespace {

// The cards of `mine` that no card of `others` matches or beats in its suit (not_weaker: the
// SureCards masks).
CardSet top_cards(const CardSet* not_weaker, CardSet mine, CardSet others) {
  CardSet top = 0;
  for (Card c : cards_of{mine})
    if (!(not_weaker[c] & others)) top |= bit(c);
  return top;
}

// The cards a seat wins if it had the lead and cashed them one after the other, from its top
// cards `all` (against `others`, the cards of the other seats); always a subset of them.
CardSet cashable_of_top(const RulesTable& r, const PlayState& s, CardSet others, CardSet all) {
  // Without plain top cards every answer below is `all`: our top trumps.
  const CardSet plain_top = all & ~r.trump_cards;
  if (!plain_top) return all;
  // No trump against us (or no trump suit at all: trump_cards is then empty).
  const CardSet their_trumps = others & r.trump_cards;
  if (!their_trumps) return all;
  const CardSet top_trump = all & r.trump_cards;
  const int kt = popcount(top_trump);
  // The longest trump holding against us (the seat's own hand has no card of `others`).
  int most = 0;
  for (int p = 0; p < s.num_players(); ++p)
    most = std::max(most, popcount(s.hand(p) & their_trumps));
  if (most <= kt) return all;  // our top trumps draw theirs
  // Trumps are out against us: the top trumps, or the top cards of one plain suit as long as
  // every trump holder still follows it. No plain suit can beat the top trumps when all our
  // plain top cards together do not (plain suits are disjoint from the trumps).
  CardSet best = top_trump;
  int best_n = kt;
  if (r.policy.may_trump_when_able_to_follow || popcount(plain_top) <= kt) return best;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    if (suit == r.trump) continue;
    const CardSet top = all & r.suit_cards[suit];
    int k = popcount(top);
    if (k <= best_n) continue;
    for (int p = 0; p < s.num_players(); ++p)
      if (s.hand(p) & their_trumps) k = std::min(k, popcount(s.hand(p) & r.suit_cards[suit]));
    if (k > best_n) {
      // The k highest of the suit's top cards.
      CardSet m = top;
      CardSet pick = 0;
      for (int j = 0; j < k; ++j) {
        Card hi = lowest_card(m);
        for (Card c : cards_of{m})
          if (r.strength[c] > r.strength[hi]) hi = c;
        pick |= bit(hi);
        m &= ~bit(hi);
      }
      best = pick;
      best_n = k;
    }
  }
  return best;
}

}  // namespace

CardSet SureCards::top_trumps(const PlayState& s, CardSet in_play, std::uint16_t seats) const {
  CardSet held = 0;
  for (int p = 0; p < s.num_players(); ++p)
    if ((seats >> p) & 1) held |= s.hand(p);
  return top_cards(not_weaker_, held & in_play & rules_.trump_cards, in_play & ~held);
}

CardSet SureCards::cashable_now(const PlayState& s) const {
  if (s.trick_len() != 0 || s.is_terminal()) return 0;
  const RulesTable& r = rules_;
  const int leader = s.leader();
  const CardSet held = remaining_cards(s);
  const CardSet mine = s.hand(leader);
  const CardSet not_mine = held & ~mine;  // the hands are disjoint
  CardSet best = cashable_of_top(r, s, not_mine, top_cards(not_weaker_, mine, not_mine));
  // The active seats are all below num_players().
  for (unsigned seats = s.active() & ~(1u << leader); seats; seats &= seats - 1) {
    const int p = __builtin_ctz(seats);
    if (s.side(p) != s.side(leader)) continue;
    const int best_n = popcount(best);
    if (popcount(s.hand(p)) <= best_n) continue;
    // The partner's cashable cards are a subset of its top cards: count those first, as they
    // often cannot beat the leader's.
    const CardSet not_theirs = held & ~s.hand(p);
    const CardSet theirs_top = top_cards(not_weaker_, s.hand(p), not_theirs);
    if (popcount(theirs_top) <= best_n) continue;
    const CardSet theirs = cashable_of_top(r, s, not_theirs, theirs_top);
    if (popcount(theirs) <= best_n) continue;
    const CardSet others = not_mine & ~s.hand(p);
    const bool others_trump = (others & r.trump_cards) != 0;
    bool entry = false;
    for (int suit = 0; suit < kNumSuits && !entry; ++suit) {
      const CardSet cards = r.suit_cards[suit];
      if (!(s.hand(leader) & cards)) continue;
      // The partner's top card must beat the others and a card the leader can lead to it.
      bool partner_top = false;
      for (Card c : cards_of{s.hand(p) & cards})
        if (!(not_weaker_[c] & others) && (s.hand(leader) & cards & ~not_weaker_[c]))
          partner_top = true;
      if (!partner_top) continue;
      if (suit != r.trump && others_trump) {
        // Everyone else must follow the suit (and may not trump instead).
        if (r.policy.may_trump_when_able_to_follow) continue;
        bool all_follow = true;
        for (int q = 0; q < s.num_players(); ++q)
          if (q != leader && q != p && (s.hand(q) & r.trump_cards) && !(s.hand(q) & cards))
            all_follow = false;
        if (!all_follow) continue;
      }
      entry = true;
    }
    if (entry) best = theirs;
  }
  return best;
}

// ---------------------------------------------------------------------------------------
// Quick tricks (plain follow-suit partnership play). Suits are 16-bit lanes of rank bits.
//
// The line counted: the leader cashes the trumps that beat every opposing trump, then in each
// plain suit the cards that beat every opposing card of the suit, highest first, while the
// partner follows with its lowest card below them (or is void); every such trick is won and
// leaves the leader on lead. Opponents who still hold trumps after the trump rounds follow
// every round counted in a plain suit (at most their length in it), so they never ruff and
// their other suits stay as they were. The partner, when void, discards the highest card of
// any suit: that never takes away a card it needs to follow below the leader. One suit may be
// cashed last with one more trick when the partner would have to overtake (the side still
// wins it). Or the leader crosses to the partner's top card of a suit, at once or after its
// own line, and the partner runs the same line (cross_to_partner()).

namespace {

inline int top_rank(unsigned lane) {
  return 31 - __builtin_clz(lane);
}

struct QtHands {
  // Per suit: the leader's cards, the partner's, each opponent's (and how many it holds: after
  // a round it followed, one fewer than its cards here, which keep the highest).
  unsigned lead[4], part[4], opp[2][4];
  int opp_len[2][4];
};

// Rounds the leader cashes in suit `s` keeping the lead, at most `limit`: the leader plays its
// highest card, which must beat the highest card of each opponent who still holds the suit
// (the opponents follow low, so a short holding is gone after as many rounds); the partner
// follows with its lowest card below it. *blocked: the next round is won but the partner may
// have to overtake. *used: the leader's cards of the rounds counted (and of that next round).
inline int keep_rounds(const QtHands& h, int s, int limit, bool* blocked, unsigned* used) {
  *blocked = false;
  unsigned lead = h.lead[s], part = h.part[s];
  const int len0 = h.opp_len[0][s], len1 = h.opp_len[1][s];
  const int top0 = len0 ? top_rank(h.opp[0][s]) : -1;
  const int top1 = len1 ? top_rank(h.opp[1][s]) : -1;
  int r = 0;
  while (lead && r < limit) {
    const int a = top_rank(lead);
    if ((len0 > r && top0 > a) || (len1 > r && top1 > a)) break;
    *used |= 1u << a;
    if (part) {
      if (__builtin_ctz(part) > a) {
        *blocked = true;
        break;
      }
      part &= part - 1;
    }
    lead &= ~(1u << a);
    ++r;
  }
  return r;
}

// The tricks of the cashing line from the leader of `h`; `used` collects per suit the cards
// whose rank the count relies on (every other card of a suit only by its holder's length).
int keep_line(const QtHands& h, int trump, unsigned used[4], int rounds[4] = nullptr,
              int* bonus_out = nullptr, int need = QuickTricks::kAnyNeed) {
  int limit[4] = {99, 99, 99, 99};
  int total = 0;
  bool blocked;
  int r[4] = {0, 0, 0, 0};
  if (trump >= 0) {
    total = keep_rounds(h, trump, need, &blocked, &used[trump]);
    r[trump] = total;
    for (int y = 0; y < 2; ++y)
      if (h.opp_len[y][trump] > total)
        for (int s = 0; s < 4; ++s) limit[s] = std::min(limit[s], h.opp_len[y][s]);
  }
  int bonus = 0;
  for (int s = 0; s < 4 && total < need; ++s) {
    if (s == trump || !h.lead[s]) continue;
    r[s] = keep_rounds(h, s, std::min(limit[s], need - total), &blocked, &used[s]);
    total += r[s];
    if (blocked) bonus = 1;
  }
  if (rounds)
    for (int s = 0; s < 4; ++s) rounds[s] = r[s];
  if (bonus_out) *bonus_out = bonus;
  return total + bonus;
}

// The leader's line (keep_line() gave its `rounds` per suit and `line` tricks without the
// blocked suit's extra one; all zero: no line), then a cross to the partner's top card of a
// suit, which beats every opposing card, by a lower card the leader kept, and the partner's
// own line. In the leader's line the partner follows with its lowest card or, void, discards
// its lowest card of a suit the line leaves alone (never of the suit crossed in; without one
// the cross is not counted); no opponent who still holds trumps may be void in the suit
// crossed in. The opponents' cards are taken as they were (those they played or discarded
// stay, which only makes the count harder) and their lengths as following every round; the
// ones who still hold trumps did. `used` (the leader's line's) gains the cards the best such
// count relies on.
int cross_to_partner(const QtHands& h, int trump, const int rounds[4], int line, unsigned used[4],
                     int need) {
  unsigned lead_left[4], part_left[4];
  int discards = 0;
  for (int suit = 0; suit < 4; ++suit) {
    unsigned l = h.lead[suit], p = h.part[suit];
    for (int k = 0; k < rounds[suit]; ++k) {
      l &= ~(1u << top_rank(l));  // the leader cashed its highest cards
      if (p) {
        p &= p - 1;  // the partner followed with its lowest
      } else {
        ++discards;
      }
    }
    lead_left[suit] = l;
    part_left[suit] = p;
  }
  int best = 0;
  unsigned best_used[4] = {};
  for (int e = 0; e < 4; ++e) {
    if (!lead_left[e] || !part_left[e]) continue;
    // The partner's discards: its lowest cards of the suits the line left alone, but the
    // suit crossed in.
    unsigned part_e[4] = {part_left[0], part_left[1], part_left[2], part_left[3]};
    bool spared = true;
    for (int k = 0; k < discards && spared; ++k) {
      int from = -1;
      for (int suit = 0; suit < 4; ++suit)
        if (suit != e && rounds[suit] == 0 && part_e[suit] &&
            (from < 0 || __builtin_ctz(part_e[suit]) < __builtin_ctz(part_e[from])))
          from = suit;
      if (from < 0) {
        spared = false;
      } else {
        part_e[from] &= part_e[from] - 1;
      }
    }
    if (!spared) continue;
    const unsigned l = lead_left[e], p = part_e[e];
    const int top = top_rank(p);
    if (__builtin_ctz(l) > top || (h.opp[0][e] | h.opp[1][e]) >> top) continue;
    bool ruff = false;
    for (int y = 0; trump >= 0 && e != trump && y < 2; ++y)
      if (h.opp_len[y][trump] > rounds[trump] && h.opp_len[y][e] <= rounds[e]) ruff = true;
    if (ruff) continue;
    QtHands t;
    for (int suit = 0; suit < 4; ++suit) {
      t.lead[suit] = part_e[suit];
      t.part[suit] = lead_left[suit];
      for (int y = 0; y < 2; ++y) {
        t.opp[y][suit] = h.opp[y][suit];
        t.opp_len[y][suit] = std::max(0, h.opp_len[y][suit] - rounds[suit] - (suit == e));
      }
    }
    t.lead[e] &= ~(1u << top);
    t.part[e] &= t.part[e] - 1;
    unsigned t_used[4] = {used[0], used[1], used[2], used[3]};
    t_used[e] |= 1u << top;
    const int n = line + 1 + keep_line(t, trump, t_used, nullptr, nullptr, need - line - 1);
    if (n > best) {
      best = n;
      for (int suit = 0; suit < 4; ++suit) best_used[suit] = t_used[suit];
      if (best >= need) break;
    }
  }
  if (best > 0)
    for (int suit = 0; suit < 4; ++suit) used[suit] = best_used[suit];
  return best;
}

}  // namespace

bool QuickTricks::fits(const PlayState& s) {
  if (s.num_players() != 4 || s.active() != 0xF || s.trick_size() != 4 || s.folding() ||
      s.fixed_leader() >= 0 || s.first_lead_cards() != 0 || !every_card_played(s))
    return false;
  if (s.side(0) != s.side(2) || s.side(1) != s.side(3) || s.side(0) == s.side(1)) return false;
  const RulesTable& r = s.rules();
  const FollowPolicy& p = r.policy;
  const FollowPolicy plain;
  if (p.void_trump != plain.void_trump || p.overtrump != plain.overtrump || p.head_trump_lead ||
      p.head_in_suit || p.may_trump_when_able_to_follow || p.no_undertrump ||
      p.undertrump_compulsory || p.must_beat_trick)
    return false;
  if (r.deck & ~(kSuitMask[0] | kSuitMask[1] | kSuitMask[2] | kSuitMask[3])) return false;
  for (Card c : cards_of{r.deck}) {
    const int suit = c >> 4;
    if (r.effective_suit[c] != suit) return false;
    // Strength follows rank: the stronger cards are the higher ranks of the suit.
    const CardSet above = r.deck & kSuitMask[suit] & ~((2ULL << c) - 1);
    for (Card d : cards_of{r.deck & kSuitMask[suit]})
      if (d != c && (r.strength[d] > r.strength[c]) != ((above >> d) & 1)) return false;
  }
  const CardSet trumps = r.trump >= 0 ? r.deck & kSuitMask[r.trump] : 0;
  return r.trump_cards == trumps;
}

int QuickTricks::count(const PlayState& s, CardSet* sig, int need) {
  if (sig) *sig = 0;
  if (s.trick_len() != 0 || s.is_terminal()) return 0;
  const int leader = s.leader();
  const int trump = s.rules().trump;
  const CardSet hl = s.hand(leader), hp = s.hand((leader + 2) & 3);
  const CardSet ho[2] = {s.hand((leader + 1) & 3), s.hand((leader + 3) & 3)};
  QtHands h;
  for (int suit = 0; suit < 4; ++suit) {
    const int sh = 16 * suit;
    h.lead[suit] = static_cast<unsigned>(hl >> sh) & 0xFFFF;
    h.part[suit] = static_cast<unsigned>(hp >> sh) & 0xFFFF;
    for (int y = 0; y < 2; ++y) {
      h.opp[y][suit] = static_cast<unsigned>(ho[y] >> sh) & 0xFFFF;
      h.opp_len[y][suit] = __builtin_popcount(h.opp[y][suit]);
    }
  }
  unsigned used[4] = {0, 0, 0, 0};
  int rounds[4], bonus;
  int best = keep_line(h, trump, used, rounds, &bonus, need);
  auto to_cards = [](const unsigned u[4]) {
    CardSet c = 0;
    for (int suit = 0; suit < 4; ++suit) c |= static_cast<CardSet>(u[suit]) << (16 * suit);
    return c;
  };
  if (sig) *sig = to_cards(used);
  // Or the cross to the partner: after the leader's line, or at once.
  const int at_once[4] = {0, 0, 0, 0};
  for (const bool after : {true, false}) {
    if (best >= popcount(hl) || best >= need) break;
    unsigned u[4] = {0, 0, 0, 0};
    if (after) std::copy(used, used + 4, u);
    const int n =
        cross_to_partner(h, trump, after ? rounds : at_once, after ? best - bonus : 0, u, need);
    if (n > best) {
      best = n;
      if (sig) *sig = to_cards(u);
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------
// The solver's own objectives: tricks (here), points and margin (points.h).

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

// Helpers exposed in solver.h.

using solver_detail::every_card_played;

int sure_tricks(const PlayState& s) {
  if (!every_card_played(s)) return 0;
  return popcount(solver_detail::SureCards(s.rules()).cashable_now(s));
}

int quick_tricks(const PlayState& s) {
  if (!solver_detail::QuickTricks::fits(s)) return sure_tricks(s);
  return std::max(sure_tricks(s), solver_detail::QuickTricks::count(s, nullptr));
}

}  // namespace tricktaker
