// The bounds the evaluators share: card points by value, cards sure to fall to a side (top
// trumps, cashable winners) and the quick tricks of plain partnership play.
#include <algorithm>
#include <array>

#include "evaluator.h"

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

// Tricks certain for `seats` (a side of `n_seats` seats) from their trumps `top` that no
// opposing trump beats: several seats' may fall in one trick, never two of one seat's.
int top_trump_tricks(const PlayState& s, CardSet top, std::uint16_t seats, int n_seats) {
  int sure = (popcount(top) + n_seats - 1) / n_seats;
  for (unsigned m = top ? seats : 0; m; m &= m - 1)
    sure = std::max(sure, popcount(s.hand(__builtin_ctz(m)) & top));
  return sure;
}

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
