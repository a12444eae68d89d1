// Trick counts: the order of the leads by the pattern of each suit (after DDS's lead weights):
// how long the opponents are in it (a smaller tree), whether the side wins the trick with it
// (its own top card, the partner's, a ruff), where the suit's three highest cards lie, and the
// lead's rank among the suit's remaining cards. Internal to the solver: move_order.cc includes
// it, so that generate_moves() inlines it. Measurements: bench/README.md ("lead patterns").
#pragma once

#include <algorithm>

#include "search.h"

namespace tricktaker::solver_detail {

// What the lead weights read of one suit, from the leader's seat (strength space).
struct LeadSuit {
  CardSet cards = 0;  // the suit's cards still in the hands
  int top = -1;       // its highest card
  int second = -1;    // its second highest card (-1: none)
  // The seats holding its three highest cards (-1: none).
  int holder[3] = {-1, -1, -1};
  int len_me = 0, len_partner = 0, len_left = 0, len_right = 0;
  // The highest card of the suit that the partner, left or right opponent holds (-1: none).
  int high_partner = -1, high_left = -1, high_right = -1;
  // The opponents' choices: their lengths, a void counting the tricks left.
  int opp_choices = 0;
  bool trump = false;  // the suit is trumps
  // What no single card changes, read once per suit: whether trumps are in play, whether the
  // side wins the trick with the top card or with another card, and the suit's weight when it
  // wins and when it loses (lead_weight() adds each card's own part).
  bool trumps_in_play = false;
  bool wins_top = false, wins_other = false;
  int weight_win = 0, weight_lose = 0;
};

// The weights, in units of lead_weight() (larger: tried earlier).
namespace lead_weight {
// Each of the opponents' choices costs this, with trumps in play or not (tuned on our own
// deals: the same cost both ways took fewer nodes than DDS's dearer choices where trumps are in
// play; bench/README.md, "the weights of the suit patterns' leads").
inline constexpr int kChoiceCost = 8;
// Through a seat that may ruff; towards a partner who may (and the right opponent follows);
// a short suit whose top card the partner holds, the leader keeping a trump for the return.
inline constexpr int kOppRuffs = -12, kPartnerRuffs = 17, kRuffReturn = 19;
// The killer and the table's best lead, by whether the side wins the trick.
inline constexpr int kKillerWin = 126, kHintWin = 32, kKillerLose = 47, kHintLose = 19;
inline constexpr int kKillerWinTrump = 55, kHintWinTrump = 18, kKillerLoseTrump = 18;
}  // namespace lead_weight

// A unit of lead_weight() in generate()'s scores: the history of cut-offs (below one unit) only
// breaks ties.
inline constexpr int kLeadWeightUnit = 1 << 12;

inline LeadSuit Search::lead_suit(int seg) const {
  const int me = st_.to_move();
  const int partner = (me + 2) & 3, left = (me + 1) & 3, right = (me + 3) & 3;
  const CardSet mask = seg_mask_[seg];
  LeadSuit s;
  s.cards = (side_s_[0] | side_s_[1]) & mask;
  CardSet m = s.cards;
  for (int k = 0; k < 3 && m; ++k) {
    const int h = highest_card(m);
    if (k == 0) s.top = h;
    if (k == 1) s.second = h;
    s.holder[k] = owner_[h];
    m &= ~bit(static_cast<Card>(h));
  }
  const CardSet p = sh_[partner] & mask, l = sh_[left] & mask, r = sh_[right] & mask;
  s.len_me = popcount(sh_[me] & mask);
  s.len_partner = popcount(p);
  s.len_left = popcount(l);
  s.len_right = popcount(r);
  s.high_partner = p ? highest_card(p) : -1;
  s.high_left = l ? highest_card(l) : -1;
  s.high_right = r ? highest_card(r) : -1;
  const int tricks_left = st_.total_tricks() - st_.tricks_played();
  s.opp_choices =
      (s.len_left ? s.len_left : tricks_left) + (s.len_right ? s.len_right : tricks_left);
  s.trump = st_.rules().trump == seg;
  suit_weights(&s, me);
  return s;
}

inline void Search::suit_weights(LeadSuit* sp, int me) const {
  namespace w = lead_weight;
  LeadSuit& s = *sp;
  const int partner = (me + 2) & 3, left = (me + 1) & 3, right = (me + 3) & 3;
  const bool partner_over_opps = s.high_partner > std::max(s.high_left, s.high_right);
  const int trump = st_.rules().trump;
  s.trumps_in_play = trump >= 0 && (seg_mask_[trump] & (side_s_[0] | side_s_[1]));
  if (!s.trumps_in_play) {
    int d = -s.opp_choices * w::kChoiceCost;
    if (!s.len_partner) d -= 9;
    s.wins_top = true;
    s.wins_other = partner_over_opps;
    // The side wins the trick: better while the second highest card is not behind it.
    int win = d;
    if (s.holder[1] == right) {
      if (s.len_right != 1) win -= 1;
    } else if (s.holder[1] == left) {
      win += s.len_left != 1 ? 22 : 16;
    }
    const bool second_falls =
        (s.holder[1] != left || s.len_left == 1) && (s.holder[1] != right || s.len_right == 1);
    s.weight_win = win + (second_falls ? 45 : 18);
    // The opponents win it: better through the right opponent's top cards, towards the
    // partner's second highest under the left opponent's top, or where the side holds the
    // second and third highest cards (it wins the next round of the suit).
    int lose = d;
    if (s.holder[0] == right || s.holder[1] == right) {
      if (s.len_right != 1) lose -= 10;
    } else if (s.holder[0] == left && s.holder[1] == partner) {
      if (s.len_partner != 1) lose += 31;
    }
    if (s.holder[1] == partner && s.holder[2] == partner) {
      lose += 35;
    } else if (s.len_partner > 1 && ((s.holder[1] == me && s.holder[2] == partner) ||
                                     (s.holder[1] == partner && s.holder[2] == me))) {
      lose += 25;
    }
    s.weight_lose = lose;
    return;
  }
  const CardSet tm = seg_mask_[trump];
  auto trumps_of = [&](int p) { return popcount(sh_[p] & tm); };
  auto high_trump = [&](int p) { return (sh_[p] & tm) ? highest_card(sh_[p] & tm) : -1; };
  const bool left_ruffs = !s.trump && !s.len_left && trumps_of(left);
  const bool right_ruffs = !s.trump && !s.len_right && trumps_of(right);
  const bool partner_ruffs = !s.trump && !s.len_partner && trumps_of(partner);
  int bonus = 0;
  if (left_ruffs || right_ruffs) bonus = w::kOppRuffs;
  if (partner_ruffs && s.len_right) bonus += w::kPartnerRuffs;
  if (s.holder[0] == right || s.holder[1] == right) {
    if (s.len_right != 1) bonus -= 12;
  } else if (s.holder[0] == left && s.holder[1] == partner) {
    if (s.len_partner != 1) bonus += 27;
  }
  if (!s.trump && s.len_me == 1 && trumps_of(me) && s.len_partner > 1 && s.holder[0] == partner)
    bonus += w::kRuffReturn;
  const int d = bonus - s.opp_choices * w::kChoiceCost;
  // Does the side win the trick: with the top card or the partner's higher card where no
  // opponent ruffs, or with the partner's ruff above the opponents' ruffs?
  const bool no_opp_ruff = !left_ruffs && !right_ruffs;
  bool partner_overruffs = false;
  if (partner_ruffs) {
    const int pt = high_trump(partner);
    partner_overruffs =
        (!left_ruffs || pt > high_trump(left)) && (!right_ruffs || pt > high_trump(right));
  }
  s.wins_top = s.trump || !partner_ruffs ? no_opp_ruff : partner_overruffs;
  s.wins_other = partner_over_opps ? no_opp_ruff : partner_ruffs && partner_overruffs;
  s.weight_win = d;
  int lose = d;
  if (s.holder[1] == partner && s.holder[2] == partner) {
    lose += 20;
  } else if (s.len_partner > 1 && ((s.holder[1] == me && s.holder[2] == partner) ||
                                   (s.holder[1] == partner && s.holder[2] == me))) {
    lose += 13;
  }
  s.weight_lose = lose;
}

inline int Search::lead_weight(const LeadSuit& s, int b, bool killer, bool hint) const {
  namespace w = lead_weight;
  const int me = st_.to_move();
  const int partner = (me + 2) & 3, left = (me + 1) & 3, right = (me + 3) & 3;
  // The lead's place among the suit's cards, counted from the top (1: the top card): a larger
  // count is a lower card.
  const int from_top = popcount(s.cards & ~((1ULL << b) - 1));
  // The lead stands for touching lower cards of the leader's too (a sequence).
  const CardSet below = s.cards & ((1ULL << b) - 1);
  const bool sequence = below && ((sh_[me] >> highest_card(below)) & 1);
  const bool second_of_sequence = sequence && b == s.second;
  const bool singleton_top_opp =
      (s.len_left == 1 && s.holder[0] == left) || (s.len_right == 1 && s.holder[0] == right);
  const bool wins = b == s.top ? s.wins_top : s.wins_other;
  int v;
  if (!s.trumps_in_play) {
    if (wins) return s.weight_win + from_top + (killer ? w::kKillerWin : hint ? w::kHintWin : 0);
    const int d = s.weight_lose;
    if (singleton_top_opp) {
      v = d + 28 + from_top;
    } else if (s.holder[0] == me) {
      v = d - 17 + from_top;
    } else if (!sequence) {
      v = d + 12 + from_top;
    } else if (second_of_sequence) {
      v = d + 48;
    } else {
      v = d + 29 - from_top;
    }
    return v + (killer ? w::kKillerLose : hint ? w::kHintLose : 0);
  }
  if (wins) {
    const int d = s.weight_win;
    if (singleton_top_opp) {
      v = d + 35 + from_top;  // a ruff of an opponent's single top card
    } else if (s.holder[0] == me) {
      v = s.holder[1] == partner ? d + 48 + from_top : b == s.top ? d + 31 : d - 3 + from_top;
    } else if (s.holder[0] == partner) {
      v = s.holder[1] == me ? d + 42 + from_top : d + 28 + from_top;
    } else if (second_of_sequence) {
      v = d + 40;
    } else if (sequence) {
      v = d + 22 + from_top;
    } else {
      v = d + 11 + from_top;
    }
    return v + (killer ? w::kKillerWinTrump : hint ? w::kHintWinTrump : 0);
  }
  const int d = s.weight_lose;
  if (singleton_top_opp) {
    v = d + 2 + from_top;
  } else if (s.holder[0] == me) {
    v = s.holder[1] == partner ? d + 33 + from_top : b == s.top ? d + 38 : d - 14 + from_top;
  } else if (s.holder[0] == partner) {
    v = d + 34 + from_top;
  } else if (second_of_sequence) {
    v = d + 35;
  } else {
    v = d + 17 - srank_[b];
  }
  return v + (killer ? w::kKillerLoseTrump : 0);
}

}  // namespace tricktaker::solver_detail
