// All Fours as the solver sees it. The final value comes from the game's own scoring
// (allfours_score), so the solver and the scoring agree by construction. The value is not a sum
// over tricks, so base() is 0 and state_key() carries everything about the tricks already played
// that the rest of the deal can still turn on.
#include "tricktaker/games/allfours_objective.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "solver/evaluator.h"

namespace tricktaker {

namespace solver_detail {
namespace {

class AllFoursEvaluator final : public EvaluatorBase {
 public:
  AllFoursEvaluator(const PlayState& s, const AllFoursDealScoring& o, bool margin, int side)
      : EvaluatorBase(s, side), o_(o), points_(per_rules<CardPoints>(s)) {
    margin_ = margin;
    const RulesTable& r = rules_;
    if (r.trump < 0 || r.trump >= kNumSuits)
      throw std::invalid_argument("All Fours scoring needs a deal with a trump suit");
    if (o.dealer < 0 || o.dealer >= s.num_players())
      throw std::invalid_argument("All Fours scoring: dealer " + std::to_string(o.dealer) +
                                  " is not a seat");
    int sides = 0;
    for (int p = 0; p < s.num_players(); ++p) sides = std::max(sides, s.side(p) + 1);
    if (o.bidding_side >= sides)
      throw std::invalid_argument("All Fours scoring: bidding side " +
                                  std::to_string(o.bidding_side) + " is not a side");
    const auto& a = o.options;
    if (a.five != 0 && a.five != 1 && a.five != 5)
      throw std::invalid_argument("All Fours scoring: five must be 0 (off), 1 or 5");
    // The cards every item turns on, for this deal: the highest and lowest trump in play (High
    // and Low), the jack, and the extras that are on.
    CardSet dealt = remaining_cards(s) | s.trick_cards();
    for (int i = 0; i < s.cards_played(); ++i) dealt |= bit(s.history_card(i));
    const CardSet trumps = dealt & r.trump_cards;
    for (Card c : cards_of{trumps}) {
      if (high_ == kNoCard || r.strength[c] > r.strength[high_]) high_ = c;
      if (low_ == kNoCard || r.strength[c] < r.strength[low_]) low_ = c;
    }
    if (high_ != kNoCard) items_ |= bit(high_) | bit(low_);
    items_ |= bit(make_card(r.trump, kJack));
    if (a.jick) items_ |= bit(jick_of(r.trump));
    if (a.jokers) items_ |= kJokerMask;
    if (a.trey) items_ |= bit(make_card(r.trump, kThree));
    if (a.five) items_ |= bit(make_card(r.trump, kFive));
    items_ &= dealt;
    jack_ = make_card(r.trump, kJack);
    auto extra = [&](Card c, int points) {
      if (!((items_ >> c) & 1)) return;
      extras_[n_extras_] = c;
      extra_points_[n_extras_++] = points;
    };
    if (a.jick) extra(jick_of(r.trump), 1);
    if (a.jokers) extra(kRedJoker, 1);
    if (a.jokers) extra(kBlackJoker, 1);
    if (a.trey) extra(make_card(r.trump, kThree), 3);
    if (a.five) extra(make_card(r.trump, kFive), a.five);
    // Holders are fixed by the deal: the seat that holds a card, or played it.
    for (int p = 0; p < s.num_players(); ++p)
      for (Card c : cards_of{s.hand(p) & items_}) holder_side_[c] = s.side(p);
    for (int i = 0; i < s.cards_played(); ++i)
      if ((items_ >> s.history_card(i)) & 1)
        holder_side_[s.history_card(i)] = s.side(s.history_player(i));
    n_sides_ = sides;
    // The distinct non-zero game values, highest first, and the cards of each.
    for (Card c : cards_of{r.deck}) {
      const int v = r.points[c];
      if (v <= 0) continue;
      int i = 0;
      while (i < n_values_ && values_[i] > v) ++i;
      if (i == n_values_ || values_[i] != v) {
        for (int j = n_values_; j > i; --j) {
          values_[j] = values_[j - 1];
          value_cards_[j] = value_cards_[j - 1];
        }
        values_[i] = v;
        value_cards_[i] = 0;
        ++n_values_;
      }
      value_cards_[i] |= bit(c);
    }
    // Once no trump is left, does the play follow plain whist rules (follow suit if able, else
    // any card) with the quick-trick count's layout: four seats in crossed partnerships, the
    // plain cards in their own suits ranked by rank?
    plain_without_trumps_ = s.num_players() == 4 && s.trick_size() == 4 && s.side(0) == s.side(2) &&
                            s.side(1) == s.side(3) && s.side(0) != s.side(1) &&
                            s.fixed_leader() < 0 && !r.policy.head_in_suit &&
                            !r.policy.must_beat_trick;
    for (Card c : cards_of{r.deck & ~r.trump_cards}) {
      const int suit = c >> 4;
      if (suit >= kNumSuits || r.effective_suit[c] != suit || ((kJokerMask >> c) & 1))
        plain_without_trumps_ = false;
      else
        for (Card d : cards_of{r.deck & ~r.trump_cards & kSuitMask[suit]})
          if (d != c && (r.strength[d] > r.strength[c]) != (d > c)) plain_without_trumps_ = false;
    }
  }

  int terminal(const PlayState& s) const override {
    const AllFoursDealScore score =
        allfours_score(s, o_.options, o_.dealer, o_.bidding_side, o_.bid);
    if (!margin_) return score.score[side_];
    int v = 0;
    for (int k = 0; k < score.num_sides; ++k) v += k == side_ ? score.score[k] : -score.score[k];
    return v;
  }
  int base(const PlayState&) const override { return 0; }
  std::uint8_t card_label(Card c) const override {
    return ((items_ >> c) & 1) ? kIdentityLabel : points_.label(c);
  }
  bool has_identity() const override { return true; }
  CardSet identity_cards(const PlayState&, CardSet in_play) const override {
    return items_ & in_play;
  }
  // The item cards of this deal; for each one already in a trick, the sides of its holder and
  // of its captor; the game values each side has taken; which sides have taken every trick.
  std::uint64_t state_key(const PlayState& s) const override {
    std::uint64_t h = combine(static_cast<std::uint64_t>(high_), static_cast<std::uint64_t>(low_));
    for (int i = 0; i < s.tricks_played() * s.trick_size(); ++i) {
      const Card c = s.history_card(i);
      if (!((items_ >> c) & 1)) continue;
      int captor = -1;
      for (int p = 0; p < s.num_players() && captor < 0; ++p)
        if ((s.cards_won(p) >> c) & 1) captor = p;
      h = combine(h, static_cast<std::uint64_t>(c) |
                         static_cast<std::uint64_t>(s.side(s.history_player(i))) << 8 |
                         static_cast<std::uint64_t>(s.side(captor)) << 16);
    }
    // Game values matter only while Game is open; the all-tricks flags only for the moon.
    // With two sides the game values are the order instead (see order()).
    const int game_side = game_winner(s, remaining_cards(s));
    std::uint64_t values = static_cast<std::uint64_t>(game_side + 1);
    for (int k = 0; k < n_sides_; ++k) {
      if (game_side < 0 && n_sides_ != 2)
        values = values << 8 | static_cast<std::uint64_t>(s.side_points(k));
      if (o_.options.shoot_the_moon)
        values = values << 1 | static_cast<std::uint64_t>(s.side_tricks(k) == s.tricks_played());
    }
    return combine(h, values);
  }
  // With two sides, positions that differ only in how the game values taken so far split
  // (the cards still in play being the same, so is their sum) share entries: a larger lead of
  // the side can only win it Game, never lose it, and every score (contract, margin, the moon)
  // rises with the side's Game. Once Game is decided the order is 0 (state_key() holds the
  // winner).
  bool has_order() const override { return n_sides_ == 2; }
  int order(const PlayState& s) const override {
    if (game_winner(s, remaining_cards(s)) >= 0) return 0;
    return s.side_points(side_) - s.side_points(1 - side_);
  }
  // Points per side already decided, and at most `open` more for anyone: High (and Low won
  // by its holder) are the holder's from the start, the other item cards their captor's once
  // a trick takes them, Game once no side can catch the leader, Last at the end.
  void bounds(const PlayState& s, CardSet in_play, int, int* lo, int* hi) const override {
    const AllFoursScoringOptions& a = o_.options;
    int decided[kMaxPlayers] = {};
    int open = 0;
    CardSet captured = 0;
    int captor_side[64];
    for (int p = 0; p < s.num_players(); ++p) {
      const CardSet won = s.cards_won(p) & items_;
      captured |= won;
      for (Card c : cards_of{won}) captor_side[c] = s.side(p);
    }
    // With two sides, at a trick boundary: cards sure to fall to a side (top trumps, cashable
    // winners) are as good as captured, for the items and for Game.
    CardSet sure[2] = {0, 0};
    if (n_sides_ == 2 && s.trick_len() == 0 && !s.is_terminal()) {
      sure[side_] = sure_cards(s, in_play, mine_);
      sure[1 - side_] = sure_cards(s, in_play, theirs_);
      for (int k = 0; k < 2; ++k) {
        const CardSet items = sure[k] & items_ & ~captured;
        captured |= items;
        for (Card c : cards_of{items}) captor_side[c] = k;
      }
    }
    auto to_captor = [&](Card c, int points) {
      if ((captured >> c) & 1)
        decided[captor_side[c]] += points;
      else
        open += points;
    };
    if (high_ != kNoCard) {
      decided[holder_side_[high_]] += 1;
      if (a.low_award == LowAward::kHolder)
        decided[holder_side_[low_]] += 1;
      else
        to_captor(low_, 1);
    }
    if ((items_ >> jack_) & 1) {
      if ((captured >> jack_) & 1) {
        const bool hang =
            a.jack_scoring == JackScoring::kHangJack && holder_side_[jack_] != captor_side[jack_];
        decided[captor_side[jack_]] += hang ? 3 : 1;
      } else {
        open += a.jack_scoring == JackScoring::kHangJack ? 3 : 1;
      }
    }
    for (int k = 0; k < n_extras_; ++k) to_captor(extras_[k], extra_points_[k]);
    if (a.last_trick) open += 1;
    // Game: decided for a side, or out of the reach of some sides (they can at best tie it,
    // and the tie is not theirs).
    int game_side = game_winner(s, in_play);
    bool game_reach[kMaxPlayers];
    for (int k = 0; k < n_sides_; ++k) game_reach[k] = true;
    if (game_side < 0 && n_sides_ == 2) game_race(s, in_play, sure, &game_side, game_reach);
    if (game_side >= 0) decided[game_side] += 1;
    int score_lo[kMaxPlayers], score_hi[kMaxPlayers];
    const int moon = allfours_max_points(a) + 1;
    for (int k = 0; k < n_sides_; ++k) {
      int pts_hi = decided[k] + open + (game_side < 0 && game_reach[k] ? 1 : 0);
      if (a.shoot_the_moon && s.side_tricks(k) == s.tricks_played())
        pts_hi = std::max(pts_hi, moon);
      score_lo[k] = contract(k, decided[k]);
      score_hi[k] = contract(k, pts_hi);
    }
    if (!margin_) {
      *lo = score_lo[side_];
      *hi = score_hi[side_];
      return;
    }
    *lo = score_lo[side_];
    *hi = score_hi[side_];
    for (int k = 0; k < n_sides_; ++k) {
      if (k == side_) continue;
      *lo -= score_hi[k];
      *hi -= score_lo[k];
    }
  }
  std::uint64_t context_key() const override {
    const AllFoursScoringOptions& a = o_.options;
    std::uint64_t k =
        static_cast<std::uint64_t>(a.jack_scoring) | static_cast<std::uint64_t>(a.low_award) << 2 |
        static_cast<std::uint64_t>(a.game_tie) << 4 | static_cast<std::uint64_t>(a.jick) << 6 |
        static_cast<std::uint64_t>(a.jokers) << 7 | static_cast<std::uint64_t>(a.five) << 8 |
        static_cast<std::uint64_t>(a.trey) << 12 | static_cast<std::uint64_t>(a.last_trick) << 13 |
        static_cast<std::uint64_t>(a.shoot_the_moon) << 14 |
        static_cast<std::uint64_t>(a.moon_requires_bid) << 15;
    k = combine(k, static_cast<std::uint64_t>(o_.dealer) |
                       static_cast<std::uint64_t>(o_.bidding_side + 1) << 8 |
                       static_cast<std::uint64_t>(o_.bid) << 16);
    return k;
  }

 private:
  AllFoursDealScoring o_;
  const CardPoints& points_;  // shared by every call on the same rules
  bool margin_ = false;
  Card high_ = kNoCard, low_ = kNoCard;
  CardSet items_ = 0;
  Card jack_ = kNoCard;
  Card extras_[5] = {};  // jick, jokers, trey, five: each scores for its captor
  int extra_points_[5] = {};
  int n_extras_ = 0;
  int holder_side_[64] = {};
  int n_sides_ = 0;
  bool plain_without_trumps_ = false;
  int values_[64] = {};  // the distinct non-zero game values, highest first
  CardSet value_cards_[64] = {};
  int n_values_ = 0;

  // The side sure to score Game (its game values beat every other side's even if that side
  // took everything still in play), or -1.
  int game_winner(const PlayState& s, CardSet in_play) const {
    const int left = points_.points(in_play);
    for (int k = 0; k < n_sides_; ++k) {
      bool ahead = true;
      for (int j = 0; j < n_sides_; ++j)
        if (j != k && s.side_points(j) + left >= s.side_points(k)) ahead = false;
      if (ahead) return k;
    }
    return -1;
  }

  // The game values still to come, with two sides at a trick boundary, bounded per side: the
  // sure cards of a side (all of one strategy of that side) fall to it, and so do the tricks
  // they win; the other side takes at most the tricks left beside them, and in each such trick
  // at most one card of every hand. Sets *game_side when a side is sure to score Game and
  // clears game_reach[k] for a side that cannot.
  void game_race(const PlayState& s, CardSet in_play, const CardSet* sure, int* game_side,
                 bool* game_reach) const {
    const int left = points_.points(in_play);
    int gain_lo[2], gain_hi[2];
    for (int k = 0; k < 2; ++k) {
      gain_lo[k] = points_.points(sure[k]);
      gain_hi[k] = left - points_.points(sure[1 - k]);
    }
    // Every card in play ends in a trick of one of the two sides (a fold removes only cards
    // without game values, but it removes tricks too, so the counts hold without folding).
    if (!s.folding() && s.trick_len() == 0 && !s.is_terminal() && every_card_played_ &&
        (sure[0] | sure[1])) {
      const int tricks_left = s.total_tricks() - s.tricks_played();
      // Tricks each side is sure of: one per sure card of a single hand.
      int sure_tricks[2] = {0, 0};
      for (int p = 0; p < s.num_players(); ++p) {
        const int k = s.side(p);
        sure_tricks[k] = std::max(sure_tricks[k], popcount(s.hand(p) & sure[k]));
      }
      for (int k = 0; k < 2; ++k) {
        const int o = 1 - k;
        if (sure_tricks[k] > 0) {
          // Into each of those tricks every hand of the other side gives a card.
          int given = 0;
          for (int p = 0; p < s.num_players(); ++p)
            if (s.side(p) == o) given += low_values(s.hand(p), sure_tricks[k]);
          gain_lo[k] = std::max(gain_lo[k], points_.points(sure[k]) + given);
        }
        if (sure_tricks[o] == 0) continue;
        const int most = tricks_left - sure_tricks[o];
        int cap = 0;
        for (int p = 0; p < s.num_players(); ++p) cap += top_values(s.hand(p) & ~sure[o], most);
        gain_hi[k] = std::min(gain_hi[k], cap);
      }
      if (!(in_play & rules_.trump_cards) && plain_without_trumps_ && s.active() == 0xF &&
          (s.first_lead_cards() == 0 || s.cards_played() > 0)) {
        // No trump left: the play is plain follow suit, and the leader's side is sure of its
        // quick tricks. With no trump left every item but Game (and Last) is decided, so this
        // strategy of the leader's side need not agree with the one behind its sure cards.
        const int k = s.side(s.leader()), o = 1 - k;
        const int quick = QuickTricks::count(s, nullptr);
        if (quick > 0) {
          int given = 0, cap = 0;
          for (int p = 0; p < s.num_players(); ++p) {
            if (s.side(p) == o) given += low_values(s.hand(p), quick);
            cap += top_values(s.hand(p), tricks_left - quick);
          }
          gain_lo[k] = std::max(gain_lo[k], given);
          gain_hi[o] = std::min(gain_hi[o], cap);
        }
      }
      for (int k = 0; k < 2; ++k) gain_lo[k] = std::max(gain_lo[k], left - gain_hi[1 - k]);
      for (int k = 0; k < 2; ++k) gain_hi[k] = std::min(gain_hi[k], left - gain_lo[1 - k]);
    }
    const AllFoursScoringOptions& a = o_.options;
    for (int k = 0; k < 2; ++k) {
      const int o = 1 - k;
      const int best = s.side_points(k) + gain_hi[k], worst_other = s.side_points(o) + gain_lo[o];
      if (s.side_points(k) + gain_lo[k] > s.side_points(o) + gain_hi[o]) *game_side = k;
      const bool tie_is_mine = a.game_tie == GameTie::kNonDealerSide && s.side(o_.dealer) != k;
      if (best < worst_other || (best == worst_other && !tie_is_mine)) game_reach[k] = false;
    }
  }

  // The sum of the `n` lowest game values among `cards` (at most as many as there are).
  int low_values(CardSet cards, int n) const {
    const int held = popcount(cards);
    if (n >= held) return points_.points(cards);
    return points_.points(cards) - top_values(cards, held - n);
  }

  // The sum of the `n` highest game values among `cards`.
  int top_values(CardSet cards, int n) const {
    if (n <= 0) return 0;
    if (popcount(cards) <= n) return points_.points(cards);
    int t = 0;
    for (int i = 0; i < n_values_ && n > 0; ++i) {
      const int take = std::min(n, popcount(cards & value_cards_[i]));
      t += take * values_[i];
      n -= take;
    }
    return t;
  }

  // A side's score for `points` under the contract (P9): a set bidder scores minus the bid.
  int contract(int side, int points) const {
    if (side != o_.bidding_side) return points;
    return points >= o_.bid ? points : -o_.bid;
  }
};

}  // namespace
}  // namespace solver_detail

std::unique_ptr<solver_detail::Evaluator> AllFoursObjective::evaluator(const PlayState& s,
                                                                       ObjectiveKind kind,
                                                                       int side) const {
  if (kind == ObjectiveKind::kTricks) return nullptr;
  return std::make_unique<solver_detail::AllFoursEvaluator>(s, scoring_,
                                                            kind == ObjectiveKind::kMargin, side);
}

}  // namespace tricktaker
