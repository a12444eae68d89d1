// The objectives of trick and point games: tricks, points, margin (with Klaverjas scoring and
// roem), and the helpers they share. See solver.h for the contract of an evaluator.
#include <algorithm>
#include <array>
#include <stdexcept>
#include <utility>

#include "solver_evaluator.h"
#include "tricktaker/klaverjas.h"

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

// The roem combinations of one trick that can still occur. At a trick boundary the cards of
// a combination must lie in different hands (each seat plays one card to a trick); in a trick
// in progress any card still in play counts (a looser superset).
struct RoemChances {
  CardSet cards = 0;  // cards of possible combinations
  // Cards of the combinations each side could win.
  CardSet side_cards[2] = {};
  // How many tricks could score each value: four jacks (200), four of a kind (100), a run of
  // four (50), a run of three (20). Four of a kind is counted by the side it would go to
  // (index 0 and 1) and in all (index 2): the trick holding all four cards of a rank has one
  // trump, so the seat that holds the trump of that rank wins it.
  int n200[3] = {}, n100[3] = {};
  // Runs likewise by the side that could win them (at a trick boundary; in all elsewhere).
  int n50[3] = {}, n20[3] = {};
  bool stuk[3] = {};  // stuk, by the side that could win it and in all
};

// For each start of a run (its lowest card in the natural order), where the run's strongest
// card lies: top3[o] holds the starts of runs of three whose strongest card is o above the
// start, top4[o] those of runs of four.
struct RunTops {
  explicit RunTops(const RulesTable& r);
  CardSet top3[3] = {}, top4[4] = {};
  CardSet above_king = 0;  // the trumps stronger than the trump king
};

namespace {

// Runs of one suit (window starts: s3 of runs of three, s4 of runs of four) counted into
// n50/n20 at index k: the richest single run first, then what a second adds (a suit of eight
// ranks holds at most two disjoint runs), so that roem_bound()'s richest combinations never
// exceed what the suit's runs make together.
void count_runs(unsigned s3, unsigned s4, RoemChances* out, int k) {
  if (!s3) return;
  // Two disjoint runs: the first is the earliest of its length, the second starts after it.
  const int first3 = __builtin_ctz(s3);
  if (!s4) {
    ++out->n20[k];
    if (s3 >> (first3 + 3)) ++out->n20[k];  // two runs of three: 40
    return;
  }
  ++out->n50[k];
  const int first4 = __builtin_ctz(s4);
  if (s4 >> (first4 + 4)) {
    ++out->n50[k];  // two runs of four: 100
  } else if ((s4 >> (first3 + 3)) || (s3 >> (first4 + 4))) {
    ++out->n20[k];  // a run of four and one of three: 70
  }
}

}  // namespace

RunTops::RunTops(const RulesTable& r) {
  for (Card c : cards_of{r.deck}) {
    for (int len = 3; len <= 4; ++len) {
      bool whole = true;
      int top = 0;
      for (int o = 1; o < len; ++o) {
        const int d = c + o;
        if (d / 16 != c / 16 || !((r.deck >> d) & 1)) {
          whole = false;
        } else if (r.strength[d] > r.strength[c + top]) {
          top = o;
        }
      }
      if (whole) (len == 3 ? top3 : top4)[top] |= bit(c);
    }
  }
  if (r.trump >= 0) {
    const Card king = make_card(r.trump, kKing);
    for (Card c : cards_of{r.trump_cards})
      if (r.strength[c] > r.strength[king]) above_king |= bit(c);
  }
}

// With `tops` (for seats of sides 0 and 1 only), combinations are also counted by the side
// that could win them; with `only_side` (0 or 1, with `tops`) the runs only by that side (the
// other side's counts of runs and those of all are then left out).
RoemChances roem_chances(const PlayState& s, const RunTops* tops = nullptr, int only_side = -1) {
  RoemChances out;
  const RulesTable& r = s.rules();
  if (s.trick_size() != 4 || s.is_terminal()) return out;
  const bool boundary = s.trick_len() == 0;
  CardSet in_play = s.trick_cards();
  for (int p = 0; p < s.num_players(); ++p) in_play |= s.hand(p);
  // Nothing to count: no three touching cards of a suit, no rank with all four cards, not
  // both the king and queen of trumps.
  const CardSet lanes = kSuitMask[0] | kSuitMask[1] | kSuitMask[2] | kSuitMask[3];
  const CardSet touching3 = in_play & (in_play >> 1) & (in_play >> 2) & lanes;
  const CardSet all_four =
      in_play & (in_play >> 16) & (in_play >> 32) & (in_play >> 48) &
      ((1ULL << kJack) | (1ULL << kAce) | (1ULL << kTen) | (1ULL << kKing) | (1ULL << kQueen));
  const CardSet stuk_cards = klaverjas_stuk_cards(r.trump);
  if (!touching3 && !all_four && (!stuk_cards || (in_play & stuk_cards) != stuk_cards)) return out;
  // Starts b of windows where one seat holds two cards: of (b, b+1, b+2) in bad3, of
  // (b..b+3) in bad4. Lanes are 16 bits apart and ranks 13..15 are empty, so shifts never
  // join two suits.
  // The pairs of every seat are gathered first and shifted once.
  CardSet d1 = 0, d2 = 0, d3 = 0;
  for (int p = 0; p < s.num_players() && boundary; ++p) {
    const CardSet h = s.hand(p);
    d1 |= h & (h >> 1);
    d2 |= h & (h >> 2);
    d3 |= h & (h >> 3);
  }
  const CardSet bad3 = d1 | d2 | (d1 >> 1);
  const CardSet bad4 = bad3 | d3 | (d2 >> 1) | (d1 >> 2);
  const CardSet t3 = touching3 & ~bad3;
  const CardSet t4 = t3 & (in_play >> 3) & ~bad4;
  const CardSet in_runs = t3 | (t3 << 1) | (t3 << 2);
  out.cards |= in_runs;
  // The runs each side could win, at a trick boundary. The trick holding a run of four has
  // only the run's cards, so the run's strongest card wins it. A run of three leaves one card
  // to the seat holding none of the run: the trick goes to the run's strongest card or to
  // that card (a higher card or trump of the run's suit, a ruff, or the lead of a suit the
  // run's holders lack), so only those two seats' sides can score it; a run of three trumps
  // goes to its strongest card unless that card is a higher trump.
  CardSet wins3[2] = {t3, t3}, wins4[2] = {t4, t4};
  const bool by_side = boundary && tops != nullptr;
  if (by_side && in_runs) {
    // Per side: the cards its seats hold, and the starts of runs of three a seat lacks (only
    // for `only_side` where it is given).
    CardSet held[2] = {}, missing[2] = {};
    for (int p = 0; p < s.num_players(); ++p) {
      if (s.side(p) == 1 - only_side) continue;
      const CardSet h = s.hand(p);
      held[s.side(p)] |= h;
      missing[s.side(p)] |= ~(h | (h >> 1) | (h >> 2));
    }
    // A run of three trumps: the seat holding none of it adds the trick's fourth card, and
    // only a higher trump among its cards beats the run's strongest; without one, that
    // seat's side cannot score the run (Klaverjas deals: nodes -1.3%).
    for (CardSet m = t3 & r.trump_cards; m; m &= m - 1) {
      const int b = __builtin_ctzll(m);
      int o = 0;
      while (!((tops->top3[o] >> b) & 1)) ++o;
      const CardSet run = CardSet{7} << b, higher = r.stronger[b + o];
      for (int p = 0; p < s.num_players(); ++p)
        if (s.side(p) != 1 - only_side && !(s.hand(p) & (run | higher)))
          missing[s.side(p)] &= ~bit(static_cast<Card>(b));
    }
    for (int k = 0; k < 2; ++k) {
      if (k == 1 - only_side) continue;
      CardSet top3 = 0, top4 = 0;
      for (int o = 0; o < 3; ++o) top3 |= tops->top3[o] & (held[k] >> o);
      for (int o = 0; t4 && o < 4; ++o) top4 |= tops->top4[o] & (held[k] >> o);
      wins4[k] = t4 & top4;
      // A run of four also counts as a run of three towards two disjoint runs.
      wins3[k] = (t3 & (top3 | missing[k])) | wins4[k];
    }
  }
  for (int k = 0; k < 2; ++k)
    out.side_cards[k] = wins3[k] | (wins3[k] << 1) | (wins3[k] << 2) | (wins4[k] << 3);
  // Only the suits with a run.
  for (CardSet suits = t3; suits;) {
    const int suit = __builtin_ctzll(suits) / 16;
    suits &= ~kSuitMask[suit];
    const auto lane = [suit](CardSet m) {
      return static_cast<unsigned>(m >> (16 * suit)) & 0xFFFF;
    };
    if (only_side >= 0) {
      count_runs(lane(wins3[only_side]), lane(wins4[only_side]), &out, only_side);
      continue;
    }
    count_runs(lane(t3), lane(t4), &out, 2);
    for (int k = 0; k < 2; ++k) count_runs(lane(wins3[k]), lane(wins4[k]), &out, k);
  }
  // Ranks with all four cards still in play.
  for (std::uint64_t m = all_four; m; m &= m - 1) {
    const int rank = __builtin_ctzll(m);
    const CardSet four = (1ULL << rank) * 0x0001000100010001ULL;
    bool spread = true;
    if (boundary)
      for (int p = 0; p < s.num_players(); ++p)
        if (popcount(s.hand(p) & four) > 1) spread = false;
    if (!spread) continue;
    out.cards |= four;
    int* count = rank == kJack ? out.n200 : out.n100;
    ++count[2];
    // The side of the trump's holder wins that trick; either side while no seat holds it (no
    // trump, or it is already in the trick in progress).
    int winner = -1;
    if (r.trump >= 0)
      for (int p = 0; p < s.num_players(); ++p)
        if ((s.hand(p) >> make_card(r.trump, rank)) & 1) winner = s.side(p);
    if (winner == 0 || winner == 1) {
      ++count[winner];
      out.side_cards[winner] |= four;
    } else {
      ++count[0];
      ++count[1];
      out.side_cards[0] |= four;
      out.side_cards[1] |= four;
    }
  }
  if (stuk_cards) {
    const CardSet m = stuk_cards;
    bool split = (in_play & m) == m;
    if (split && boundary)
      for (int p = 0; p < s.num_players(); ++p)
        if ((s.hand(p) & m) == m) split = false;
    if (split) {
      out.cards |= m;
      out.stuk[2] = true;
      // The trick holding the king and queen of trumps goes to the king or to a higher trump
      // of one of the other two seats.
      const Card king = make_card(r.trump, kKing), queen = make_card(r.trump, kQueen);
      for (int k = 0; k < 2; ++k) {
        bool wins = !by_side;
        for (int p = 0; !wins && p < s.num_players(); ++p) {
          if (s.side(p) != k || ((s.hand(p) >> queen) & 1)) continue;
          wins = ((s.hand(p) >> king) & 1) || (s.hand(p) & tops->above_king);
        }
        if (wins) {
          out.side_cards[k] |= m;
          out.stuk[k] = true;
        }
      }
    }
  }
  return out;
}

// The roem the side `side` (or, with -1, any side) could still win.
// This is the loosest part of the Klaverjas bounds: a combination counts while its cards lie
// in different hands, though the other side mostly keeps it from falling together. Of the
// trick starts that only this bound keeps from a cut, 82-90% (seeds 1-2, 200 deals each,
// three to six tricks left) are proved below the window by their search; with no roem in the
// upper bound at all (unsound, for the measure only) nodes fall 25% in sum and 28-34% at the
// median. A search of the roem the side can force, tried as a further bound there, proved most
// of them but cost more nodes than it saved.
int roem_bound(const RoemChances& c, int tricks_left, int side) {
  // The richest combinations, one per trick left.
  const int k = side == 0 || side == 1 ? side : 2;
  int total = c.stuk[k] ? 20 : 0;
  int left = tricks_left;
  for (const auto& [count, value] : {std::pair{c.n200[k], 200}, std::pair{c.n100[k], 100},
                                     std::pair{c.n50[k], 50}, std::pair{c.n20[k], 20}}) {
    const int take = std::min(count, left);
    total += take * value;
    left -= take;
  }
  return total;
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
    // A first guess for the zero-window driver (whist), fitted to solved deals: the side's
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
      CardSet guard_sig;
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

constexpr int kPitBonus = 100;
constexpr int kAllPoints = 1 << 20;  // a need no sure points meet: find them all

// Points and margin share the bookkeeping: card points by value, trick bonuses, Klaverjas pit.
class PointsBase : public EvaluatorBase {
 public:
  PointsBase(const PlayState& s, const Objective& o, int side)
      : EvaluatorBase(s, side), o_(o), points_(rules_) {
    klaverjas_ = o.scoring == Scoring::kKlaverjas;
    bonus_ = rules_.trick_bonus != TrickBonus::kNone;
    pit_any_ = o.klaverjas.pit_for_any_team;
    for (int p = 0; p < s.num_players(); ++p) n_sides_ = std::max(n_sides_, s.side(p) + 1);
    std::array<CardSet, 256> by_points{};
    for (Card c : cards_of{rules_.deck}) by_points[rules_.points[c]] |= bit(c);
    for (int v = 0; v < 256; ++v) {
      if (!by_points[v]) continue;
      point_value_[n_point_values_] = v;
      cards_worth_[n_point_values_++] = by_points[v];
    }
  }

  std::uint8_t card_label(Card c) const override { return points_.label(c); }
  bool has_identity() const override { return bonus_; }
  int guess(const PlayState& s, CardSet in_play, int base, int lo, int hi) const override {
    if (klaverjas_ && !margin_ && s.cards_played() == 0 && s.num_players() == 4 &&
        rules_.trump >= 0 && popcount(in_play) == 32)
      return std::clamp(base + klaverjas_deal_guess(s), lo, hi);
    // Half of what is in play (the side's half for points, an even split for the margin).
    const int half = (card_points(in_play) + (s.is_terminal() ? 0 : rules_.last_trick_bonus)) / 2;
    return std::clamp(margin_ ? base : base + half, lo, hi);
  }
  CardSet identity_cards(const PlayState& s, CardSet in_play) const override {
    if (!bonus_) return 0;
    (void)in_play;
    return trick_bonus_cards(s);
  }
  std::uint64_t state_key(const PlayState& s) const override {
    if (!klaverjas_) return 0;
    const int played = s.tricks_played();
    // The side's points count only its own pit: whether the others took every trick so far
    // changes nothing (and nothing at all where the side cannot score a pit).
    if (!margin_) {
      if (!pit_any_ && side_ != o_.playing_team) return 0;
      return static_cast<std::uint64_t>(tricks_of(s, mine_) == played);
    }
    return static_cast<std::uint64_t>(tricks_of(s, mine_) == played) |
           static_cast<std::uint64_t>(tricks_of(s, theirs_) == played) << 1;
  }

 protected:
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
    for (int i = 0; n > 0 && i < n_point_values_; ++i) {
      const int take = std::min(n, popcount(cards & cards_worth_[i]));
      total += take * point_value_[i];
      n -= take;
    }
    return total;
  }
  // The side's points of a whole Klaverjas deal, from a least-squares fit to 1600 solved
  // deals (either side, Amsterdam and Rotterdam): the card points it holds, its trumps, the
  // jack and nine of trumps, its plain aces, and whether it leads. Half the errors are within
  // 17 points (39 for half of all points); a closer guess lets the aspiration window hold.
  int klaverjas_deal_guess(const PlayState& s) const {
    CardSet held = 0;
    for (unsigned m = mine_; m; m &= m - 1) held |= s.hand(__builtin_ctz(m));
    const int trump = rules_.trump;
    CardSet plain_aces = 0;
    for (int suit = 0; suit < kNumSuits; ++suit)
      if (suit != trump) plain_aces |= bit(make_card(suit, kAce));
    const double guess = -102.38 + 0.55 * card_points(held) +
                         20.03 * popcount(held & rules_.trump_cards) +
                         44.6 * ((held >> make_card(trump, kJack)) & 1) +
                         13.29 * ((held >> make_card(trump, kNine)) & 1) +
                         26.6 * popcount(held & plain_aces) + 18.35 * ((mine_ >> s.to_move()) & 1);
    return static_cast<int>(guess);
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
  // The bounds, given trick_identity()'s note on the trick bonuses.
  virtual void bounds_given(const PlayState& s, CardSet in_play, int base, int note, int* lo,
                            int* hi) const = 0;

 public:
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
  // The note holds the trick bonuses the side could still win (low 16 bits) and, for the
  // margin, those the others could (high 16 bits).
  CardSet trick_identity(const PlayState& s, CardSet in_play, int* note) const override {
    if (!bonus_ || rules_.trick_bonus != TrickBonus::kKlaverjasRoem) {
      const int any = bonus_ ? trick_bonus_bound(s) : 0;
      *note = any | any << 16;
      return identity_cards(s, in_play);
    }
    const bool two_sides = side_ < 2 && n_sides_ == 2;
    // The side's points need only the combinations it could win.
    const RoemChances c =
        roem_chances(s, n_sides_ == 2 ? &run_tops_ : nullptr, two_sides && !margin_ ? side_ : -1);
    const int left = s.total_tricks() - s.tricks_played();
    // The others' roem counts only towards the margin.
    *note = roem_bound(c, left, two_sides ? side_ : -1);
    if (margin_) *note |= roem_bound(c, left, two_sides ? 1 - side_ : -1) << 16;
    // The side's points count only the roem it wins: combinations that only the others could
    // win leave its value alone, so their cards need no identity (the margin counts both).
    if (two_sides && !margin_) return c.side_cards[side_];
    return c.cards;
  }
  void trick_bounds(const PlayState& s, CardSet in_play, int base, int note, int* lo,
                    int* hi) const override {
    bounds_given(s, in_play, base, note, lo, hi);
  }

 protected:
  // Can the side (mine) or the others still get the Klaverjas pit bonus?
  bool pit_possible(const PlayState& s, bool mine) const {
    if (!klaverjas_) return false;
    const int team = mine ? side_ : 1 - side_;
    if (!pit_any_ && team != o_.playing_team) return false;
    if (tricks_of(s, mine ? mine_ : theirs_) != s.tricks_played()) return false;
    // At a trick boundary, the other team holding the highest trump left (a trump no card
    // still in play beats) wins a trick with it.
    if (s.trick_len() != 0 || s.is_terminal() || !every_card_played_) return true;
    return sure_.top_trumps(s, remaining_cards(s), mine ? theirs_ : mine_) == 0;
  }
  std::array<int, 2> klaverjas_totals(const PlayState& s) const {
    const std::array<int, 2> roem = {s.side_bonus(0), s.side_bonus(1)};
    return klaverjas_score(s, o_.playing_team, roem, o_.klaverjas, -1).total;
  }
  // klaverjas_totals() once the last trick `t` is played.
  std::array<int, 2> klaverjas_totals_after(const PlayState& s, const TrickRecord& t) const {
    std::array<int, 2> roem = {s.side_bonus(0), s.side_bonus(1)};
    roem[s.side(t.winner)] += t.bonus;
    return klaverjas_score_after(s, t, o_.playing_team, roem, o_.klaverjas, -1).total;
  }
  // What the last trick `t` adds to the side's points (mine) or the others'.
  int last_trick_points(const TrickRecord& t, bool mine) const {
    return ((((mine ? mine_ : theirs_) >> t.winner) & 1) != 0) ? t.points + t.bonus : 0;
  }

  Objective o_;
  bool margin_ = false;
  bool klaverjas_ = false;
  bool bonus_ = false;
  bool pit_any_ = true;
  int n_sides_ = 1;
  CardPoints points_;
  RunTops run_tops_{rules_};
  // The deck's distinct card points, lowest first, and the cards worth each.
  int n_point_values_ = 0;
  int point_value_[64] = {};
  CardSet cards_worth_[64] = {};
};

class PointsEvaluator final : public PointsBase {
 public:
  using PointsBase::PointsBase;
  PointSymmetry point_symmetry() const override { return PointSymmetry::kSidePoints; }
  int terminal(const PlayState& s) const override {
    if (klaverjas_) return klaverjas_totals(s)[side_];
    return points_of(s, mine_);
  }
  int base(const PlayState& s) const override { return points_of(s, mine_); }
  bool last_trick(const PlayState& s, const TrickRecord& t, int* value) const override {
    *value = klaverjas_ ? klaverjas_totals_after(s, t)[side_]
                        : points_of(s, mine_) + last_trick_points(t, true);
    return true;
  }
  void bounds_given(const PlayState& s, CardSet in_play, int base, int note, int* lo,
                    int* hi) const override {
    const int all = card_points(in_play);
    const int sure_mine = sure_points(s, in_play, all, mine_, kAllPoints);
    const int sure_theirs = sure_points(s, in_play, all, theirs_, kAllPoints);
    *lo = base + sure_mine;
    *hi = base + points_in_play(s, all, bonus_mine(note)) - sure_theirs +
          (pit_possible(s, true) ? kPitBonus : 0);
  }
  // Sure points beyond what decides the window are not sought.
  void trick_bounds_window(const PlayState& s, CardSet in_play, int base, int note, int alpha,
                           int beta, int* lo, int* hi) const override {
    const int all = card_points(in_play);
    const int top =
        base + points_in_play(s, all, bonus_mine(note)) + (pit_possible(s, true) ? kPitBonus : 0);
    // The upper bound first: it decides more windows (Klaverjas deals: 57% of the cuts), and
    // then the lower one cannot.
    *hi = top - sure_points(s, in_play, all, theirs_, top - alpha);
    *lo = *hi <= alpha ? base : base + sure_points(s, in_play, all, mine_, beta - base);
  }
};

class MarginEvaluator final : public PointsBase {
 public:
  MarginEvaluator(const PlayState& s, const Objective& o, int side) : PointsBase(s, o, side) {
    margin_ = true;
  }
  PointSymmetry point_symmetry() const override { return PointSymmetry::kMargin; }
  int terminal(const PlayState& s) const override {
    if (klaverjas_) {
      const auto t = klaverjas_totals(s);
      return t[side_] - t[1 - side_];
    }
    return points_of(s, mine_) - points_of(s, theirs_);
  }
  int base(const PlayState& s) const override {
    return points_of(s, mine_) - points_of(s, theirs_);
  }
  bool last_trick(const PlayState& s, const TrickRecord& t, int* value) const override {
    if (klaverjas_) {
      const auto totals = klaverjas_totals_after(s, t);
      *value = totals[side_] - totals[1 - side_];
    } else {
      *value = base(s) + last_trick_points(t, true) - last_trick_points(t, false);
    }
    return true;
  }
  void bounds_given(const PlayState& s, CardSet in_play, int base, int note, int* lo,
                    int* hi) const override {
    // At worst the others win everything but the side's sure cards, at best the side does.
    const int all = card_points(in_play);
    const int all_theirs = points_in_play(s, all, bonus_theirs(note));
    const int all_mine = points_in_play(s, all, bonus_mine(note));
    const int sure_mine = sure_points(s, in_play, all, mine_, kAllPoints);
    const int sure_theirs = sure_points(s, in_play, all, theirs_, kAllPoints);
    *lo = base - (all_theirs - 2 * sure_mine) - (pit_possible(s, false) ? kPitBonus : 0);
    *hi = base + (all_mine - 2 * sure_theirs) + (pit_possible(s, true) ? kPitBonus : 0);
  }
  // Sure points beyond what decides the window are not sought.
  void trick_bounds_window(const PlayState& s, CardSet in_play, int base, int note, int alpha,
                           int beta, int* lo, int* hi) const override {
    const int all = card_points(in_play);
    const int bottom = base - points_in_play(s, all, bonus_theirs(note)) -
                       (pit_possible(s, false) ? kPitBonus : 0);
    const int top =
        base + points_in_play(s, all, bonus_mine(note)) + (pit_possible(s, true) ? kPitBonus : 0);
    // Each sure point moves a point from the others to the side: twice its worth. The upper
    // bound first, as for the points.
    *hi = top - 2 * sure_points(s, in_play, all, theirs_, (top - alpha + 1) / 2);
    *lo = *hi <= alpha ? bottom
                       : bottom + 2 * sure_points(s, in_play, all, mine_, (beta - bottom + 1) / 2);
  }
};
}  // namespace

std::unique_ptr<Evaluator> make_evaluator(const PlayState& s, const Objective& o, int side) {
  if (o.scoring == Scoring::kAllFours && o.kind != ObjectiveKind::kTricks)
    return make_game_evaluator(s, o, side);
  switch (o.kind) {
    case ObjectiveKind::kTricks:
      return std::make_unique<TricksEvaluator>(s, side);
    case ObjectiveKind::kPoints:
      return std::make_unique<PointsEvaluator>(s, o, side);
    case ObjectiveKind::kMargin:
    case ObjectiveKind::kKlaverjasMade:
      return std::make_unique<MarginEvaluator>(s, o, side);
    default:
      return make_game_evaluator(s, o, side);
  }
}

}  // namespace solver_detail

// Helpers exposed in solver.h.

using solver_detail::every_card_played;
using solver_detail::roem_bound;
using solver_detail::roem_chances;

CardSet trick_bonus_cards(const PlayState& s) {
  switch (s.rules().trick_bonus) {
    case TrickBonus::kNone:
      return 0;
    case TrickBonus::kKlaverjasRoem:
      return roem_chances(s).cards;
  }
  return kAllCards;
}

int trick_bonus_bound(const PlayState& s) {
  switch (s.rules().trick_bonus) {
    case TrickBonus::kNone:
      return 0;
    case TrickBonus::kKlaverjasRoem:
      return roem_bound(roem_chances(s), s.total_tricks() - s.tricks_played(), -1);
  }
  return 1 << 14;
}

int sure_tricks(const PlayState& s) {
  if (!every_card_played(s)) return 0;
  return popcount(solver_detail::SureCards(s.rules()).cashable_now(s));
}

int quick_tricks(const PlayState& s) {
  if (!solver_detail::QuickTricks::fits(s)) return sure_tricks(s);
  return std::max(sure_tricks(s), solver_detail::QuickTricks::count(s, nullptr));
}

}  // namespace tricktaker
