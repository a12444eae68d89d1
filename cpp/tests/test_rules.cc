// Rules tables: a game's table entries, the suit masks finalize_suits() derives, and the
// beaters() masks the play state's per-card path reads, against beats().
#include "test.h"
#include "tricktaker/games/allfours.h"
#include "tricktaker/games/kirves.h"
#include "tricktaker/games/klaverjas.h"
#include "tricktaker/rules.h"

using namespace tricktaker;

namespace {
// beats(c, w, led) == beaters(w) bit c, for every w that could be winning a trick led in `led`
// (a trump, or a card of the led suit).
void check_beaters(const RulesTable& r) {
  for (Card w : cards_of{r.deck}) {
    const int suit = r.effective_suit[w];
    if (suit < 0) continue;
    for (int led = 0; led < kNumSuits; ++led) {
      if (!r.is_trump(w) && led != suit) continue;
      for (Card c : cards_of{r.deck}) CHECK_EQ(r.beats(c, w, led), ((r.beaters(w) >> c) & 1) != 0);
    }
  }
}
}  // namespace

TEST(rules, plain_table) {
  const RulesTable r = make_plain_rules(piquet_deck());
  CHECK_EQ(popcount(r.deck), 32);
  CHECK_EQ(r.trump, -1);
  CHECK_EQ(r.trump_cards, CardSet{0});
  CHECK(r.strength[make_card(kHearts, kAce)] > r.strength[make_card(kHearts, kKing)]);
  CHECK_EQ(r.suit_cards[kClubs], piquet_deck() & kSuitMask[kClubs]);
  CHECK(r.trick_bonus == TrickBonus::kNone);
  check_beaters(r);
}

TEST(rules, klaverjas_table) {
  const RulesTable r = klaverjas_rules(kSpades, KlaverjasRulesOptions{});
  const Card jack = make_card(kSpades, kJack), nine = make_card(kSpades, kNine);
  CHECK_EQ(r.points[jack], 20);
  CHECK_EQ(r.points[nine], 14);
  CHECK_EQ(r.points[make_card(kHearts, kAce)], 11);
  CHECK_EQ(r.points[make_card(kHearts, kJack)], 2);
  // Trump J 9 A 10 K Q 8 7: the jack beats every other trump.
  CHECK_EQ(r.stronger[jack], CardSet{0});
  CHECK_EQ(r.stronger[nine], bit(jack));
  CHECK_EQ(r.trump_cards, piquet_deck() & kSuitMask[kSpades]);
  CHECK_EQ(static_cast<int>(r.last_trick_bonus), 10);
  CHECK(r.trick_bonus == kKlaverjasRoem);
  int total = 0;
  for (Card c : cards_of{r.deck}) total += r.points[c];
  CHECK_EQ(total + r.last_trick_bonus, 162);
  check_beaters(r);
  check_beaters(klaverjas_rules(kDiamonds, KlaverjasRulesOptions{KlaverjasPlayRules::kRotterdam}));
}

TEST(rules, other_games_tables) {
  const RulesTable kirves = kirves_rules(kHearts, KirvesRulesOptions{});
  // The jokers and the jacks are trumps whatever the trump suit.
  CHECK(kirves.is_trump(kRedJoker));
  CHECK(kirves.is_trump(make_card(kClubs, kJack)));
  CHECK(kirves.beats(kRedJoker, kBlackJoker, kHearts));
  check_beaters(kirves);
  AllFoursRulesOptions options;
  options.deck = allfours_deck(0x1FFF, false);
  const RulesTable allfours = allfours_rules(kClubs, options);
  CHECK_EQ(popcount(allfours.deck), 52);
  CHECK(allfours.policy.may_trump_when_able_to_follow);
  check_beaters(allfours);
}
