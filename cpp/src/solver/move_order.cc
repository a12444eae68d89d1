// Move ordering: the order in which a node tries its cards (the table's best lead, the killer
// lead, wins, cheap discards, leads by the opponents' choices, and the rules of each kind of
// objective). Each rule's measurements are in bench/README.md ("move ordering").
#include <algorithm>
#include <cstdint>

#include "search.h"
#include "tricktaker/trick_bonus.h"

namespace tricktaker::solver_detail {

// The helpers of generate_moves(), its only caller, are inline so that it inlines them as it
// did when the whole search was one file (lead_tops_score() apart cost trick counts about 1%
// of their instructions).

inline int Search::bonus_score(CardSet trick, bool mine, bool maxing) const {
  const RulesTable& r = st_.rules();
  const int bonus = trick_bonus_of(r.trick_bonus, trick, r.trump);
  if (!bonus) return 0;
  // The bonus counts for the maximizing side when it wins the trick, against it when the
  // others do and the objective is the margin (the points of a side count its own bonus alone).
  const bool max_wins = mine == maxing;
  const int for_max = max_wins ? bonus : (point_symmetry_ == PointSymmetry::kMargin ? -bonus : 0);
  return (maxing ? for_max : -for_max) * kBonusWeight;
}

inline int Search::lead_tops_score(int b, CardSet own, CardSet friends) const {
  const int me = st_.to_move();
  const CardSet left_opp = sh_[(me + 1) & 3], right_opp = sh_[(me + 3) & 3];
  const CardSet suit = (own | friends | left_opp | right_opp) & seg_mask_[seg_[b]];
  const CardSet opps = suit & (left_opp | right_opp);
  const CardSet above = suit & ~((2ULL << b) - 1);
  const int top = highest_card(suit);
  const CardSet below_top = suit & ~bit(static_cast<Card>(top));
  if (!below_top) return 0;
  const int second = highest_card(below_top);
  const CardSet partner_above = above & friends;
  const int partner_high = partner_above ? highest_card(partner_above) : -1;
  const bool side_tops =
      !(above & ~own) || (partner_high >= 0 && !(opps & ~((2ULL << partner_high) - 1)));
  constexpr int kUnit = 1 << 16;
  if (!side_tops) {
    if (((left_opp >> top) & 1) && ((friends >> second) & 1)) return 24 * kUnit;
    // The second highest card, led from touching cards: it drives out the opponents' top.
    const CardSet below = suit & ((1ULL << b) - 1);
    if (second == b && below && ((own >> highest_card(below)) & 1)) return 25 * kUnit;
    return 0;
  }
  if (((right_opp >> second) & 1) && popcount(right_opp & seg_mask_[seg_[b]]) != 1)
    return -20 * kUnit;
  return 0;
}

inline int Search::forcing_card(int led, CardSet own, Card winning, CardSet legal_s,
                                CardSet occupied) const {
  const CardSet fourth = sh_[(st_.to_move() + 1) & 3] & seg_mask_[led];
  const CardSet mine = own & seg_mask_[led];
  const int w = spos_[winning];
  if (popcount(fourth) < 2 || !mine || seg_[w] != led) return -1;
  const int top = highest_card(fourth);
  if (top < highest_card(mine)) return -1;  // the third seat can win it itself
  const int second = highest_card(fourth & ~bit(static_cast<Card>(top)));
  const CardSet above = mine & ~((2ULL << std::max(second, w)) - 1);
  return above ? group_top(__builtin_ctzll(above), legal_s, occupied) : -1;
}

int Search::lookahead_trick(Card c) {
  const bool maxing = is_max(st_.to_move());
  play(c);
  int played = 1;
  while (st_.trick_len() != 0) {
    const CardSet legal = st_.legal_moves();
    if (!legal) break;  // (no valid play state leaves a seat without a card mid-trick)
    Card moves[kMaxMoves];
    if (legal & (legal - 1)) {
      generate(legal, kNoCard, moves);
    } else {
      moves[0] = lowest_card(legal);
    }
    play(moves[0]);
    ++played;
  }
  int value = 0;
  if (st_.trick_len() == 0) {
    const TrickRecord& t = st_.trick_record(st_.tricks_played() - 1);
    const int points = t.points + t.bonus;
    value = is_max(t.winner) == maxing ? points : -points;
  }
  for (int i = 0; i < played; ++i) undo();
  return value;
}

inline int Search::opp_choices_to_trump(int b) const {
  const bool maxing = is_max(st_.to_move());
  const int left = st_.total_tricks() - st_.tricks_played();
  int choices = 0;
  for (int p = 0; p < st_.num_players(); ++p) {
    if (is_max(p) == maxing || !((st_.active() >> p) & 1)) continue;
    const CardSet trumps = sh_[p] & seg_mask_[seg_[b]];
    const CardSet higher = trumps & ~((2ULL << b) - 1);
    choices += higher ? popcount(higher) : trumps ? popcount(trumps) : left;
  }
  return choices;
}

inline bool Search::fourth_seat_wins(int led) const {
  const RulesTable& r = st_.rules();
  const int me = st_.to_move();
  const CardSet third = sh_[(me + 1) & 3], fourth = sh_[(me + 2) & 3];
  const CardSet suit = seg_mask_[led];
  const CardSet trumps = r.trump >= 0 ? seg_mask_[r.trump] : 0;
  const bool led_trump = (suit & trumps) != 0;
  if (!led_trump && !(third & suit) && (third & trumps)) return false;  // the third may ruff
  if (fourth & suit) {
    const int high = highest_card(fourth & suit);
    return high > spos_[st_.trick_card(0)] && !(third & suit & ~((2ULL << high) - 1));
  }
  return !led_trump && (fourth & trumps);  // a ruff the third seat cannot overruff
}

template <int kSeat>
int Search::generate_moves(CardSet legal, Card hint, Card* moves) {
  const RulesTable& r = st_.rules();
  const int me = st_.to_move();
  const bool maxing = is_max(me);
  const CardSet own = sh_[me];
  const CardSet friends_s = side_s_[maxing] & ~own;  // the partners' cards (they order the leads)
  const CardSet opponents_s = side_s_[!maxing];      // the opponents' cards
  const CardSet trick_s = trick_space();
  const CardSet occupied = side_s_[0] | side_s_[1] | trick_s;
  const CardSet legal_s = legal == st_.hand(me) ? own : to_space(legal);

  // Players may trump a suit they could follow: any trump holder can ruff.
  const bool may_trump = r.policy.may_trump_when_able_to_follow;
  const int len = st_.trick_len();
  constexpr bool leading = kSeat == 0;
  constexpr bool last = kSeat == 2;  // no lead reads it
  int led = -1;
  Card w = kNoCard;
  bool friend_winning = false;
  bool winner_sure = false;
  if (!leading) {
    led = r.effective_suit[st_.trick_card(0)];
    w = st_.trick_card(st_.current_winner_index());
    friend_winning = is_max(st_.current_winner()) == maxing;
    // Can anyone still to play beat the winning card?
    if (friend_winning && !last) {
      const int wb = spos_[w];
      const CardSet above = seg_mask_[seg_[wb]] & ~((2ULL << wb) - 1);
      CardSet later = occupied & ~own & ~trick_s;
      winner_sure = (later & above) == 0;
      if (winner_sure && !r.is_trump(w) && r.trump >= 0) {
        // A later player void in the led suit could trump.
        int p = me;
        for (int i = len + 1; i < st_.trick_size(); ++i) {
          do {
            p = p + 1 == st_.num_players() ? 0 : p + 1;
          } while (!((st_.active() >> p) & 1));
          if ((sh_[p] & seg_mask_[r.trump]) && (may_trump || !(sh_[p] & seg_mask_[led])))
            winner_sure = false;
        }
      }
    }
  }

  // Cards of the opponents still to play in this trick, and whether one of them could ruff.
  CardSet later_opp = 0;
  bool later_opp_ruff = false;
  if (!leading && !last) {
    int p = me;
    for (int i = len + 1; i < st_.trick_size(); ++i) {
      do {
        p = p + 1 == st_.num_players() ? 0 : p + 1;
      } while (!((st_.active() >> p) & 1));
      if (is_max(p) == maxing) continue;
      later_opp |= sh_[p];
      if (r.trump >= 0 && (sh_[p] & seg_mask_[r.trump]) &&
          (may_trump || !(sh_[p] & seg_mask_[led])))
        later_opp_ruff = true;
    }
  }
  // Leading: the plain suits that an opponent could ruff, and those that a partner could.
  CardSet opp_ruffs = 0, friend_ruffs = 0;
  if (leading && r.trump >= 0) {
    const CardSet trumps = seg_mask_[r.trump];
    for (int p = 0; p < st_.num_players(); ++p) {
      if (p == me || !((st_.active() >> p) & 1) || !(sh_[p] & trumps)) continue;
      CardSet voids = 0;
      for (int seg = 0; seg < 4; ++seg)
        if (seg != r.trump && (may_trump || !(sh_[p] & seg_mask_[seg]))) voids |= seg_mask_[seg];
      if (is_max(p) == maxing) {
        friend_ruffs |= voids;
      } else {
        opp_ruffs |= voids;
      }
    }
  }
  // At the last seat each card's trick bonus is known: the trick holds every other card (and
  // none is possible unless the cards played allow it).
  const CardSet trick_cards = st_.trick_cards();
  const bool bonus_known = last && r.trick_bonus != TrickBonus::kNone &&
                           trick_bonus_possible(r.trick_bonus, trick_cards, r.trump);
  // Keeping a suit's top card for later beats spending it now, among cards that win alike or
  // give points to a partner's trick: those cards sort after the others of their kind (while
  // the opponents hold cards of the suit; see keep_top).
  constexpr int kKeepTop = 1 << 18;
  // A card of suit length more outweighs any difference of rank (4 a rank).
  constexpr int kLongDiscard = 64;
  // Objectives of card points order three kinds of follow their own way; trick counts and game
  // points do better with the first way.
  const bool card_points = split_ && points_matter_;
  const int keep_top_holding = card_points || ranks_ ? 2 : 1;  // see keep_top
  const int smear_rank = card_points ? 4 : -4;
  // Card point games: ruffing a trick the partner surely wins spends a trump for points the
  // trick has anyway, and a trump is worth keeping to win a richer trick: such a ruff comes
  // after the plain cards given to the partner.
  const int ruff_partner_penalty =
      card_points && !leading && r.trump >= 0 && led != r.trump && friend_winning ? 1 << 20 : 0;
  // Four seats, second seat: the partner in the fourth seat surely wins the trick (its highest
  // card of the led suit beats the lead and every card of the third seat, or it ruffs where
  // the third seat cannot). Then trick counts play low and card point games give the trick
  // points as to a partner's sure trick. Trick counts not where the partner ruffs: a higher
  // card may still set up a winner.
  const bool partner_wins =
      len == 1 &&
      (ranks_ ? (sh_[(me + 2) & 3] & seg_mask_[led]) != 0
              : card_points && st_.num_players() == 4 && st_.active() == 0xF) &&
      fourth_seat_wins(led);
  const int led_seg = leading ? -1 : seg_[spos_[st_.trick_card(0)]];
  // Game points where a player may trump while able to follow: the trumps capture and hold the
  // cards the score reads (identity cards) and the values that count, so a trump played to a
  // plain suit's trick comes late (see the end of the loop below).
  const bool trump_keeping_order = may_trump && !card_points && !ranks_;
  const bool spend_trumps_last = trump_keeping_order && !leading && r.trump >= 0 && led != r.trump;
  bool poor_trick = false;
  if (spend_trumps_last && last) poor_trick = !(trick_s & identity_s_) && st_.trick_points() < 10;
  // Trick counts, third seat, the fourth seat holding the led suit's top card and more: the
  // lowest card above its second highest (and above the card winning so far) forces out that
  // top card; it comes first among the wins a later card takes over (DDS's third-hand order).
  const int forcing = ranks_ && len == 2 ? forcing_card(led, own, w, legal_s, occupied) : -1;
  // Leading: the opponents' choices in each suit, their length in it, or for a hand void in
  // it the tricks left (it may then play any card; where the rules make it trump, its trumps
  // if it holds any); a lead with fewer of them makes a smaller tree, so it comes first (DDS's
  // suit weight). It counts most against leading trumps into a void; where a trump lead must be
  // headed, only the higher trumps of a hand that holds one count.
  int opp_choices[5] = {0, 0, 0, 0, 0};
  if (leading) {
    const int left = st_.total_tricks() - st_.tricks_played();
    const bool must_trump = r.policy.void_trump != VoidTrumpDuty::kNever && r.trump >= 0;
    for (int p = 0; p < st_.num_players(); ++p) {
      if (is_max(p) == maxing || !((st_.active() >> p) & 1)) continue;
      const int trumps = must_trump ? popcount(sh_[p] & seg_mask_[r.trump]) : 0;
      for (int seg = 0; seg < 5; ++seg) {
        const int length = popcount(sh_[p] & seg_mask_[seg]);
        opp_choices[seg] += length ? length : seg != r.trump && trumps ? trumps : left;
      }
    }
  }
  const Card killer = leading ? killer_[killer_slot()] : kNoCard;
  int scores[kMaxMoves];
  int n = 0;
  for (CardSet m = legal_s; m; m &= m - 1) {
    const int b = __builtin_ctzll(m);
    // Skip b when the next card above it is its equivalent (the group's top is searched).
    if (equivalent_above(b, legal_s, occupied) >= 0) continue;
    // The cards still in play above b in its suit.
    const CardSet above = occupied & seg_mask_[seg_[b]] & ~((2ULL << b) - 1);
    const Card c = scard_[b];
    const int pts = spoints_[b];
    // The top card of its suit is kept for later only while the opponents hold cards of the
    // suit, for it to win one of theirs then: two for card points and trick counts, one for
    // the others. Card point games keep it also while the opponents' one card of the suit is
    // worth ten points or more, a capture worth waiting for.
    const CardSet opp_suit = opponents_s & seg_mask_[seg_[b]];
    const int opp_held = popcount(opp_suit);
    const bool rich_capture =
        card_points && opp_held == 1 && spoints_[__builtin_ctzll(opp_suit)] >= 10;
    const int keep_top = !above && (opp_held >= keep_top_holding || rich_capture) ? kKeepTop : 0;
    int score;
    if (leading) {
      // The table's best lead first; the killer is worth one kind of lead more (for follows a
      // killer or a history costs nodes).
      score = c == hint ? 1 << 28 : c == killer ? 1 << 20 : 0;
      if (!(above & ~own)) {
        // The top of its suit: cash it, with its points. A top trump is better kept (to win a
        // richer trick, or to ruff) than led now: it comes after the other top cards and the
        // leads towards a partner's top card; where card points or tricks are the objective
        // (not game points), a plain top card is cashed first of all. Since leads count the
        // opponents' choices, which weigh against trump leads already, the top trump is kept
        // by less: trick counts by 3 << 18, the other objectives by 3 << 17.
        score += (3 << 20) + pts * 1024;
        if (r.is_trump(c)) score -= ranks_ ? 3 << 18 : 3 << 17;
        if (split_ && !r.is_trump(c)) score += 1 << 19;
      } else if (above & friends_s & ~own) {
        // A partner holds a higher card: lead low towards it.
        score += (2 << 20) - pts * 1024 - b * 4;
        // The partner holds the top card: as good as cashing one's own.
        if ((friends_s >> highest_card(above)) & 1) score += 3 << 19;
      } else {
        score += (1 << 20) - pts * 1024 - b * 4;
      }
      if (ranks_) score += lead_tops_score(b, own, friends_s);
      // Card point games: a plain top card or a trump led in a suit the opponents no longer
      // hold takes none of their cards: it sorts after the leads towards a partner's higher
      // card.
      if (card_points && !(opponents_s & seg_mask_[seg_[b]]) && (r.is_trump(c) || !(above & ~own)))
        score -= 2 << 20;
      const bool headed = r.policy.head_trump_lead && r.is_trump(c);
      score -= (headed ? opp_choices_to_trump(b) : opp_choices[seg_[b]]) << 19;
      if ((opp_ruffs >> b) & 1) {
        // An opponent can ruff it: usually a lost trick and a lost card.
        score -= 2 << 20;
      } else if ((friend_ruffs >> b) & 1) {
        // A partner can ruff it.
        score += 3 << 20;
      }
    } else {
      const bool wins = r.beats(c, w, led);
      const int strength_rank = srank_[b];
      if (last) {
        if (wins && !friend_winning) {
          score = (6 << 20) + pts * 1024 - strength_rank * 4 - keep_top;
        } else if (friend_winning) {
          // The trick is the side's: give it points (taking it from the partner adds nothing);
          // among cards of equal points, card point games give the stronger.
          score = (5 << 20) + pts * 1024 + smear_rank * strength_rank - keep_top;
          if (r.is_trump(c)) score -= ruff_partner_penalty;
        } else {
          score = (2 << 20) - pts * 1024 - strength_rank * 4;
        }
        if (bonus_known) score += bonus_score(trick_cards | bit(c), wins || friend_winning, maxing);
      } else if (friend_winning && winner_sure) {
        score = (5 << 20) + pts * 1024 + smear_rank * strength_rank - keep_top;
        if (r.is_trump(c)) score -= ruff_partner_penalty;
      } else if (wins) {
        // Would it hold against the players still to come?
        bool sure = !(later_opp & above);
        if (sure && !r.is_trump(c) && r.trump >= 0 && (later_opp_ruff)) sure = false;
        // A win a later card may take over: card point games and trick counts try the
        // cheapest such card first, the others the richest.
        const bool cheapest_first = card_points || ranks_;
        score = sure ? (5 << 20) + pts * 1024 - strength_rank * 4 - keep_top
                     : (4 << 20) +
                           (cheapest_first ? -strength_rank * 4 : pts * 256 + strength_rank * 4);
        if (b == forcing) score += 1 << 16;
        // Card point games: a ruff sure to win the trick sorts among the wins a later card may
        // take over, by its points: the trump may be worth more later.
        if (sure && card_points && r.is_trump(c) && led != r.trump) score -= 1 << 20;
      } else {
        score = (2 << 20) - pts * 1024 - strength_rank * 4;
        // A discard: among cards of equal points, card point games try the shortest suit
        // first.
        if (card_points && seg_[b] != led_seg) score -= 2 * popcount(own & seg_mask_[seg_[b]]);
      }
      if (partner_wins) {
        score = card_points ? (5 << 20) + pts * 1024 + smear_rank * strength_rank - keep_top
                            : (2 << 20) - strength_rank * 4;
      }
    }
    // Trumps kept (see spend_trumps_last): a trump played to a plain suit's trick is spent only
    // after the other cards are tried: on the partner's trick after every other card, as an
    // under-ruff after the other losing cards, and as a ruff over an opponent's card after the
    // ducks, except at the last seat, where the trick's cards are all known: there only the
    // top trump on a poor trick goes after the ducks.
    if (spend_trumps_last && r.is_trump(c)) {
      if (friend_winning) {
        score -= 4 << 20;
      } else if (!r.beats(c, w, led)) {
        score -= 1 << 19;
      } else if (!last) {
        score -= 3 << 20;
      } else if (keep_top && poor_trick) {
        score -= 4 << 20;
      }
    }
    // Trumps kept: a card whose identity the score reads goes first to a trick the partner
    // surely wins, and after the other losing cards to one the opponents win.
    if (trump_keeping_order && !leading && ((identity_s_ >> b) & 1)) {
      if (friend_winning && (last || winner_sure)) {
        score += 1 << 20;
      } else if (!friend_winning && !r.beats(c, w, led)) {
        score -= 1 << 19;
      }
    }
    // Trick counts discard from the longest suit first (a short suit's cards guard its
    // higher ones).
    if (ranks_ && !leading && seg_[b] != led_seg && !r.is_trump(c))
      score += kLongDiscard * popcount(own & seg_mask_[seg_[b]]);
    // The history of cut-offs orders the leads only (the follow heuristics do better alone).
    if (leading) score += std::min(history_[me][c], (1 << 18) - 1) >> 8;
    // Card point games, the leads of the first tricks, where a wrong first lead costs the
    // largest trees: a look-ahead of one trick, each later seat playing its first card in
    // this order; what the trick is worth to the side weighs with the other rules. It costs
    // thousands of instructions a lead, so only the first tricks have it.
    if (leading && card_points && c != hint && st_.tricks_played() < kLookaheadTricks)
      score += lookahead_trick(c) * kLookaheadWeight;
    int i = n++;
    while (i > 0 && scores[i - 1] < score) {
      scores[i] = scores[i - 1];
      moves[i] = moves[i - 1];
      --i;
    }
    scores[i] = score;
    moves[i] = c;
  }
  return n;
}

template int Search::generate_moves<0>(CardSet legal, Card hint, Card* moves);
template int Search::generate_moves<1>(CardSet legal, Card hint, Card* moves);
template int Search::generate_moves<2>(CardSet legal, Card hint, Card* moves);

}  // namespace tricktaker::solver_detail
