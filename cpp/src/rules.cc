#include "tricktaker/rules.h"

namespace tricktaker {

RulesTable make_plain_rules(CardSet deck) {
  RulesTable t{};
  for (int id = 0; id < 64; ++id) {
    t.effective_suit[id] = -1;
    t.strength[id] = 0;
    t.points[id] = 0;
  }
  for (Card c : cards_of{deck & ~kJokerMask}) {
    t.effective_suit[c] = static_cast<std::int8_t>(printed_suit(c));
    t.strength[c] = static_cast<std::uint8_t>(printed_rank(c) + 1);
  }
  t.deck = deck;
  t.last_trick_bonus = 0;
  t.trick_bonus = TrickBonus::kNone;
  t.policy = FollowPolicy{};
  finalize_suits(t, -1);
  return t;
}

void finalize_suits(RulesTable& t, int trump) {
  t.trump = static_cast<std::int8_t>(trump);
  for (int s = 0; s < kNumSuits; ++s) t.suit_cards[s] = 0;
  for (Card c : cards_of{t.deck})
    if (t.effective_suit[c] >= 0) t.suit_cards[t.effective_suit[c]] |= bit(c);
  t.trump_cards = trump >= 0 ? t.suit_cards[trump] : 0;
  for (int id = 0; id < 64; ++id) {
    t.stronger[id] = 0;
    const int suit = t.effective_suit[id];
    if (suit < 0 || !((t.deck >> id) & 1u)) continue;
    for (Card d : cards_of{t.suit_cards[suit]})
      if (t.strength[d] > t.strength[id]) t.stronger[id] |= bit(d);
  }
}

CardSet piquet_deck() {
  CardSet deck = 0;
  for (int s = 0; s < kNumSuits; ++s)
    for (int r = kSeven; r <= kAce; ++r) deck |= bit(make_card(s, r));
  return deck;
}

}  // namespace tricktaker
