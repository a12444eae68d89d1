// Cards and card sets: the bit layout, the text form, select_card.
#include <stdexcept>

#include "test.h"
#include "tricktaker/cards.h"
#include "tricktaker/rng.h"

using namespace tricktaker;

TEST(cards, layout) {
  CHECK_EQ(make_card(kHearts, kAce), 28);
  CHECK_EQ(printed_suit(make_card(kClubs, kTwo)), kClubs);
  CHECK_EQ(printed_rank(make_card(kDiamonds, kTen)), kTen);
  CHECK(is_joker(kRedJoker));
  CHECK(is_joker(kBlackJoker));
  CHECK_EQ(printed_suit(kBlackJoker), kNoSuit);
  CHECK_EQ(popcount(kAllCards), 54);
  CHECK(!is_valid_card(13 + 16));  // a spare bit of the hearts lane
  CHECK_EQ(popcount(kSuitMask[kSpades] & kAllCards), 13);
}

TEST(cards, text_round_trip) {
  for (Card c : cards_of{kAllCards}) CHECK_EQ(parse_card(card_to_string(c)), c);
  CHECK(card_to_string(make_card(kSpades, kTen)) == "TS");
  CHECK(card_to_string(kRedJoker) == "RJ");
  CHECK_EQ(parse_card("10h"), make_card(kHearts, kTen));
  CHECK_EQ(parse_card("jc"), make_card(kClubs, kJack));
  CHECK_THROWS(parse_card("ZZ"), std::invalid_argument);
  CHECK_THROWS(parse_card(""), std::invalid_argument);
}

TEST(cards, iteration_and_select) {
  Rng rng(7);
  for (int round = 0; round < 200; ++round) {
    const CardSet set = rng.next() & kAllCards;
    int k = 0;
    for (Card c : cards_of{set}) {
      CHECK_EQ(select_card(set, k), c);
      ++k;
    }
    CHECK_EQ(k, popcount(set));
    if (set) {
      CHECK_EQ(lowest_card(set), select_card(set, 0));
      CHECK_EQ(highest_card(set), select_card(set, popcount(set) - 1));
    }
  }
}
