// The rule bots' card heuristic on hand-made Klaverjas positions, and the view of a seat made
// from a play state: it shows the seat's own hand, never excludes a card another seat holds,
// and the heuristic always picks a legal card from it.
#include <array>

#include "test.h"
#include "tricktaker/card_heuristic.h"
#include "tricktaker/games/klaverjas.h"
#include "tricktaker/rng.h"

using namespace tricktaker;

namespace {

// West (seat 3) plays last to a trick of hearts, spades trumps; the cards not in its hand nor
// played are unseen.
HeuristicView last_to_play(const RulesTable& rules, CardSet hand,
                           const std::array<Card, 3>& trick) {
  HeuristicView v;
  v.rules = &rules;
  v.num_seats = 4;
  v.me = 3;
  v.sides = {0, 1, 0, 1};
  v.active = {0, 1, 2, 3};
  v.num_active = 4;
  v.hand = hand;
  v.legal = hand & rules.suit_cards[kHearts];
  CardSet played = 0;
  for (int i = 0; i < 3; ++i) {
    v.trick_seat[i] = i;
    v.trick_card[i] = trick[i];
    played |= bit(trick[i]);
  }
  v.trick_len = 3;
  v.unseen = rules.deck & ~hand & ~played;
  v.hidden = {7, 7, 7, 0};
  return v;
}

}  // namespace

TEST(card_heuristic, takes_an_opponents_trick_with_the_cheapest_winner) {
  const RulesTable rules = klaverjas_rules(kSpades, KlaverjasRulesOptions{});
  const Card ah = make_card(kHearts, kAce), kh = make_card(kHearts, kKing);
  const HeuristicView v = last_to_play(
      rules, bit(ah) | bit(kh) | bit(make_card(kClubs, kSeven)),
      {make_card(kHearts, kTen), make_card(kHearts, kSeven), make_card(kHearts, kEight)});
  CHECK_EQ(int(choose_card(v, HeuristicStyle{})), int(ah));  // the king loses to the ten
}

TEST(card_heuristic, gives_a_sure_partner_points_but_keeps_a_plain_boss_ten) {
  const RulesTable rules = klaverjas_rules(kSpades, KlaverjasRulesOptions{});
  const Card th = make_card(kHearts, kTen), kh = make_card(kHearts, kKing);
  // East (the partner) wins with the ace; the ten is then the top heart, so it is kept.
  const HeuristicView v = last_to_play(
      rules, bit(th) | bit(kh),
      {make_card(kHearts, kSeven), make_card(kHearts, kAce), make_card(kHearts, kEight)});
  CHECK_EQ(int(choose_card(v, HeuristicStyle{})), int(kh));
}

TEST(card_heuristic, a_seat_view_shows_only_what_the_seat_may_know) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    PlayStateSetup setup;
    setup.rules = klaverjas_rules(static_cast<int>(seed % 4), KlaverjasRulesOptions{});
    Card cards[32];
    int n = 0;
    for (Card c : cards_of{piquet_deck()}) cards[n++] = c;
    for (int i = n - 1; i > 0; --i) std::swap(cards[i], cards[rng.below(i + 1)]);
    for (int i = 0; i < 32; ++i) setup.hands[i / 8] |= bit(cards[i]);
    for (int p = 0; p < 4; ++p) setup.side[p] = static_cast<std::uint8_t>(p & 1);
    PlayState state(setup);
    CardSet played = 0;
    while (!state.is_terminal()) {
      const int seat = state.to_move();
      const HeuristicView v = seat_view(state, seat, true);
      CHECK_EQ(v.hand, state.hand(seat));
      CHECK_EQ(v.unseen, state.rules().deck & ~state.hand(seat) & ~played);
      CHECK_EQ(v.trick_len, state.trick_len());
      for (int p = 0; p < 4; ++p) {
        CHECK_EQ(v.hidden[p], p == seat ? 0 : popcount(state.hand(p)));
        CHECK_EQ(v.excluded[p] & state.hand(p), CardSet{0});
      }
      HeuristicView with_legal = v;
      with_legal.legal = state.legal_moves();
      const Card c = choose_card(with_legal, HeuristicStyle{});
      CHECK((state.legal_moves() >> c) & 1u);
      played |= bit(c);
      state.play(c);
    }
  }
}
