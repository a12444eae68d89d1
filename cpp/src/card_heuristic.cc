// The shared card-play heuristic (card_heuristic.h). Each helper follows the step of the same
// name in the doc of python/tricktaker/protocol/card_heuristics.py; where several cards tie on
// a key, the lowest card id wins, as the first of Python's min and max does.
#include "tricktaker/card_heuristic.h"

#include <array>
#include <stdexcept>

#include "tricktaker/sampling.h"

namespace tricktaker {

namespace {

using Key = std::array<int, 5>;

class Heuristic {
 public:
  Heuristic(const HeuristicView& view, const HeuristicStyle& style)
      : v_(view), s_(style), r_(*view.rules) {}

  Card choose() const {
    const CardSet legal = v_.legal;
    if (legal == 0) throw std::invalid_argument("choose_card: there is no legal card");
    if ((legal & (legal - 1)) == 0) return lowest(legal);
    if (v_.trick_len == 0) return lead();
    const int win = winner_index();
    const int win_seat = v_.trick_seat[win];
    const Card win_card = v_.trick_card[win];
    int later[kMaxPlayers];
    const int num_later = still_to_play(later);
    int opponents[kMaxPlayers];
    int num_opponents = 0;
    for (int i = 0; i < num_later; ++i)
      if (!friendly(later[i])) opponents[num_opponents++] = later[i];
    int at_stake = s_.trick_worth;
    for (int i = 0; i < v_.trick_len; ++i) at_stake += value(v_.trick_card[i]);
    if (friendly(win_seat)) {
      if (num_opponents == 0 || stands(win_card, opponents, num_opponents)) return smear(legal);
      // partner may be beaten: take over safely if we can and it is worth it
      CardSet winners = 0;
      for (Card c : cards_of{legal})
        if (would_win(c) && safe_win(c)) winners |= bit(c);
      if (winners && at_stake >= s_.gamble_from) return cheapest_winner(winners);
      return discard(legal);
    }
    CardSet winners = 0;
    for (Card c : cards_of{legal})
      if (would_win(c)) winners |= bit(c);
    if (winners) {
      CardSet sure = 0;
      for (Card c : cards_of{winners})
        if (safe_win(c)) sure |= bit(c);
      if (sure) {
        const Card card = cheapest_winner(sure);
        const int cost = is_trump(card) ? value(card) : 0;
        if (at_stake + value(card) > 0 || cost == 0 || num_later == 0) return card;
      } else if (at_stake >= s_.gamble_from) {
        return pick_max(winners, [&](Card c) { return Key{r_.strength[c], -s_.bonus[c]}; });
      }
    }
    return discard(legal);
  }

 private:
  const HeuristicView& v_;
  const HeuristicStyle& s_;
  const RulesTable& r_;

  static Card lowest(CardSet cards) { return static_cast<Card>(__builtin_ctzll(cards)); }

  template <typename F>
  static Card pick_min(CardSet cards, F key) {
    Card best = lowest(cards);
    Key best_key = key(best);
    for (Card c : cards_of{cards & (cards - 1)}) {
      const Key k = key(c);
      if (k < best_key) best = c, best_key = k;
    }
    return best;
  }

  template <typename F>
  static Card pick_max(CardSet cards, F key) {
    Card best = lowest(cards);
    Key best_key = key(best);
    for (Card c : cards_of{cards & (cards - 1)}) {
      const Key k = key(c);
      if (k > best_key) best = c, best_key = k;
    }
    return best;
  }

  int suit(Card c) const { return r_.effective_suit[c]; }
  CardSet suit_cards(int suit) const {
    if (suit < 0 || suit >= kNumSuits) throw std::invalid_argument("suit must be 0..3");
    return r_.suit_cards[suit];
  }
  bool has_trump() const { return r_.trump >= 0; }
  bool is_trump(Card c) const { return has_trump() && suit(c) == r_.trump; }
  bool friendly(int seat) const { return v_.sides[seat] == v_.sides[v_.me]; }
  int value(Card c) const { return r_.points[c] + s_.bonus[c]; }
  int led_suit() const { return v_.trick_len ? suit(v_.trick_card[0]) : -1; }
  bool known(int seat) const { return (v_.has_known >> seat) & 1u; }

  int winner_index() const {
    int best = 0;
    const int led = suit(v_.trick_card[0]);
    for (int i = 1; i < v_.trick_len; ++i)
      if (r_.beats(v_.trick_card[i], v_.trick_card[best], led)) best = i;
    return best;
  }

  int still_to_play(int* out) const {
    int i = 0;
    while (i < v_.num_active && v_.active[i] != v_.me) ++i;
    if (i == v_.num_active) throw std::invalid_argument("choose_card: the seat does not play");
    const int size = v_.num_active;
    const int left = size - v_.trick_len - 1;
    for (int k = 1; k <= left; ++k) out[k - 1] = v_.active[(i + k) % size];
    return left < 0 ? 0 : left;
  }

  bool is_void(int seat, int s) const {
    if (s < 0 || (v_.known[seat] & suit_cards(s))) return false;
    return (v_.unseen & suit_cards(s) & ~v_.excluded[seat]) == 0;
  }

  CardSet others_cards(const int* seats, int n) const {
    CardSet mask = 0;
    for (int i = 0; i < n; ++i) {
      const int seat = seats[i];
      mask |= v_.known[seat];
      CardSet allowed = v_.unseen & ~v_.excluded[seat];
      if (known(seat) && v_.hidden[seat] == 0) allowed = 0;
      mask |= allowed;
    }
    return mask;
  }

  bool would_win(Card c) const {
    if (v_.trick_len == 0) return true;
    return r_.beats(c, v_.trick_card[winner_index()], led_suit());
  }

  bool safe_win(Card card) const {
    if (!would_win(card)) return false;
    int later[kMaxPlayers];
    const int num_later = still_to_play(later);
    int opponents[kMaxPlayers];
    int n = 0;
    for (int i = 0; i < num_later; ++i)
      if (!friendly(later[i])) opponents[n++] = later[i];
    if (n == 0) return true;
    const CardSet threats = others_cards(opponents, n);
    const int led = v_.trick_len ? led_suit() : suit(card);
    for (Card c : cards_of{threats})
      if (r_.beats(c, card, led) && (suit(c) == led || is_trump(c))) return false;
    return true;
  }

  bool is_boss(Card card) const {
    CardSet rivals = v_.unseen;
    for (int s = 0; s < v_.num_seats; ++s) rivals |= v_.known[s];
    rivals &= suit_cards(suit(card)) & ~v_.hand;
    const int mine = r_.strength[card];
    for (Card c : cards_of{rivals})
      if (r_.strength[c] >= mine) return false;
    return true;
  }

  bool stands(Card card, const int* opponents, int n) const {
    const CardSet threats = others_cards(opponents, n);
    const int led = led_suit();
    for (Card c : cards_of{threats})
      if (r_.beats(c, card, led) && (suit(c) == led || is_trump(c))) return false;
    return true;
  }

  // The card to give a partner who wins the trick: the most points, keeping trumps if we can.
  Card smear(CardSet cards) const {
    return pick_max(cards, [&](Card c) {
      const int keep = int(is_trump(c)) * (s_.bonus[c] == 0 ? 1 : 3);
      const int boss = int(is_boss(c) && !is_trump(c) && r_.points[c] >= 10);
      return Key{-keep - boss, r_.points[c] + s_.bonus[c], -int(r_.strength[c])};
    });
  }

  Card cheapest_winner(CardSet cards) const {
    return pick_min(cards, [&](Card c) {
      return Key{int(is_trump(c)), s_.bonus[c], r_.strength[c], r_.points[c]};
    });
  }

  // A card to throw to a trick the opponents win: worthless, from a short suit if possible.
  Card discard(CardSet cards) const {
    return pick_min(cards, [&](Card c) {
      const int suit_len = popcount(v_.hand & suit_cards(suit(c)));
      const int boss = int(is_boss(c) && r_.points[c] > 0);
      return Key{int(is_trump(c)), value(c), boss, suit_len, r_.strength[c]};
    });
  }

  // The card that costs least to give away: no trump if possible, least worth, weakest.
  Card cheapest(CardSet cards) const {
    return pick_min(
        cards, [&](Card c) { return Key{int(is_trump(c)), value(c), r_.strength[c], int(c)}; });
  }

  Card strongest(CardSet cards) const {
    return pick_max(cards, [&](Card c) { return Key{r_.strength[c]}; });
  }

  Card lead() const {
    const CardSet legal = v_.legal;
    const CardSet trumps = has_trump() ? legal & r_.trump_cards : 0;
    int opponents[kMaxPlayers];
    int n = 0;
    for (int i = 0; i < v_.num_active; ++i)
      if (!friendly(v_.active[i])) opponents[n++] = v_.active[i];
    const CardSet opp_cards = others_cards(opponents, n);
    const CardSet opp_trumps = has_trump() ? opp_cards & r_.trump_cards : 0;
    // 1. draw trumps with the top trump
    if (s_.pull_trumps && trumps && opp_trumps) {
      const Card top = strongest(trumps);
      if (is_boss(top)) return top;
    }
    // 2. cash a sure winner in a plain suit the opponents can still follow (or cannot trump)
    CardSet cashable = 0;
    for (Card c : cards_of{legal & ~trumps}) {
      if (!is_boss(c)) continue;
      const int s = suit(c);
      bool ruffers = false;
      for (int i = 0; i < n && !ruffers; ++i)
        ruffers = is_void(opponents[i], s) && !is_void(opponents[i], r_.trump);
      if (ruffers && opp_trumps) continue;
      cashable |= bit(c);
    }
    if (cashable) return pick_max(cashable, [&](Card c) { return Key{value(c), r_.strength[c]}; });
    // 3. a trump lead when trumps are all that is left
    const CardSet plain = legal & ~trumps;
    if (!plain) {
      const Card top = strongest(trumps);
      if (is_boss(top)) return top;
      return cheapest(trumps);
    }
    // 4. a low card, from a suit the partner wants or in which we hold no unguarded honour
    return pick_min(plain, [&](Card c) {
      const int s = suit(c);
      const bool in_prefer = s >= 0 && s < 32 && ((s_.prefer_lead >> s) & 1u);
      const bool in_avoid = s >= 0 && s < 32 && ((s_.avoid_lead >> s) & 1u);
      const int prefer = in_prefer ? 0 : (in_avoid ? 2 : 1);
      return Key{prefer, value(c), r_.strength[c], int(c)};
    });
  }
};

}  // namespace

Card choose_card(const HeuristicView& view, const HeuristicStyle& style) {
  return Heuristic(view, style).choose();
}

HeuristicView seat_view(const PlayState& state, int seat, bool exclusions) {
  HeuristicView view;
  const RulesTable& rules = state.rules();
  const int n = state.num_players();
  view.rules = &rules;
  view.num_seats = n;
  view.me = seat;
  const std::uint16_t active = state.active() ? state.active() : (1u << n) - 1;
  for (int p = 0; p < n; ++p) {
    view.sides[p] = state.side(p);
    if ((active >> p) & 1u) view.active[view.num_active++] = p;
  }
  view.hand = state.hand(seat);
  view.trick_len = state.trick_len();
  for (int i = 0; i < view.trick_len; ++i) {
    view.trick_seat[i] = state.trick_player(i);
    view.trick_card[i] = state.trick_card(i);
  }
  CardSet played = 0;
  for (int h = 0; h < state.cards_played(); ++h) played |= bit(state.history_card(h));
  view.unseen = rules.deck & ~view.hand & ~played;
  for (int p = 0; p < n; ++p) view.hidden[p] = p == seat ? 0 : popcount(state.hand(p));
  if (exclusions && state.cards_played() > 0) {
    std::array<CardSet, kMaxPlayers> known{};
    known[seat] = view.hand;
    view.excluded = play_exclusions(state, known.data(), view.unseen);
    view.excluded[seat] = 0;
  }
  return view;
}

}  // namespace tricktaker
