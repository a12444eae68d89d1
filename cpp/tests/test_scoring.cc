// Each game's scoring on a worked example.
#include <array>

#include "test.h"
#include "tricktaker/games/allfours.h"
#include "tricktaker/games/kiksas.h"
#include "tricktaker/games/kirves.h"
#include "tricktaker/games/klaverjas.h"
#include "tricktaker/play_state.h"

using namespace tricktaker;

namespace {
CardSet cards(std::initializer_list<const char*> texts) {
  CardSet out = 0;
  for (const char* t : texts) out |= bit(parse_card(t));
  return out;
}
}  // namespace

TEST(scoring, klaverjas_roem) {
  // A run of three, of four, stuk (the king and queen of trumps), four jacks, four nines.
  CHECK_EQ(klaverjas_roem_of_set(cards({"7H", "8H", "9H", "AS"}), kSpades), 20);
  CHECK_EQ(klaverjas_roem_of_set(cards({"7H", "8H", "9H", "TH"}), kSpades), 50);
  CHECK_EQ(klaverjas_roem_of_set(cards({"KS", "QS", "7H", "9C"}), kSpades), 20);
  CHECK_EQ(klaverjas_roem_of_set(cards({"JS", "QS", "KS", "7H"}), kSpades), 40);  // run + stuk
  CHECK_EQ(klaverjas_roem_of_set(cards({"JS", "JH", "JD", "JC"}), kSpades), 200);
  CHECK_EQ(klaverjas_roem_of_set(cards({"9S", "9H", "9D", "9C"}), kSpades), 0);
  CHECK_EQ(klaverjas_roem_of_set(cards({"7H", "9H", "JH", "KH"}), kSpades), 0);
}

TEST(scoring, klaverjas_deal) {
  const KlaverjasScoringOptions options;  // pit for any team, a tie is nat
  // The playing team (0) has more: made, each team scores its own.
  KlaverjasDealScore s = klaverjas_score_totals({90, 72}, {20, 0}, -1, 0, options, -1);
  CHECK(s.made);
  CHECK_EQ(s.score[0], 110);
  CHECK_EQ(s.score[1], 72);
  // Playing team 1 has less: nat, the defenders score everything.
  s = klaverjas_score_totals({90, 72}, {20, 0}, -1, 1, options, -1);
  CHECK(!s.made);
  CHECK_EQ(s.score[1], 0);
  CHECK_EQ(s.score[0], 182);
  // Every trick: the pit bonus of 100.
  s = klaverjas_score_totals({162, 0}, {0, 0}, 0, 0, options, -1);
  CHECK_EQ(s.pit[0], 100);
  CHECK_EQ(s.score[0], 262);
  // A tie is nat.
  s = klaverjas_score_totals({81, 81}, {0, 0}, -1, 0, options, -1);
  CHECK(!s.made);
}

TEST(scoring, kirves_winner) {
  const std::uint8_t three[] = {0, 1, 0, 2, 0};
  KirvesWinner w = kirves_winner(three, 5);
  CHECK_EQ(w.player, 0);
  CHECK(w.rule == KirvesWinRule::kThreeTricks);
  // Seat 1 is first to two tricks, and no one else can reach three.
  const std::uint8_t two[] = {1, 1, 2, 2, 3};
  w = kirves_winner(two, 5);
  CHECK_EQ(w.player, 1);
  CHECK(w.rule == KirvesWinRule::kFirstToTwo);
  // Undecided after two tricks of two seats.
  const std::uint8_t early[] = {1, 2};
  CHECK_EQ(kirves_winner(early, 2).player, -1);
}

TEST(scoring, kiksas_writing_deal) {
  KiksasDealContext context;
  context.type = KiksasDealType::kWriting;
  context.writing_side = 0;
  KiksasTrickSummary tricks;
  tricks.total_tricks = 6;
  tricks.played = 6;
  const std::uint16_t points[6] = {30, 25, 20, 23, 15, 25};
  for (int t = 0; t < 6; ++t) {
    tricks.winner_side[t] = 0;
    tricks.points[t] = points[t];
  }
  // The writers took every trick: an egg for the others.
  KiksasDealResult r = kiksas_evaluate_tricks(tricks, context);
  CHECK(r.outcome == KiksasOutcome::kWriterEgg);
  CHECK_EQ(r.points[0], 138);
  CHECK_EQ(r.tricks[0], 6);
  // Split tricks: the points are written, no figure.
  tricks.winner_side[2] = 1;
  r = kiksas_evaluate_tricks(tricks, context);
  CHECK(r.outcome == KiksasOutcome::kWritten);
  CHECK_EQ(r.points[1], 20);
  CHECK_EQ(r.figure_side, -1);
}

TEST(scoring, allfours_one_trick) {
  // Hearts trump, one card each: N leads the ace, E the two, S the jack, W the ten of spades.
  AllFoursRulesOptions rules;
  rules.deck = allfours_deck(0x1FFF, false);
  PlayStateSetup setup;
  setup.rules = allfours_rules(kHearts, rules);
  setup.hands[0] = cards({"AH"});
  setup.hands[1] = cards({"2H"});
  setup.hands[2] = cards({"JH"});
  setup.hands[3] = cards({"TS"});
  for (int p = 0; p < 4; ++p) setup.side[p] = static_cast<std::uint8_t>(p & 1);
  PlayState s(setup);
  for (int i = 0; i < 4; ++i) s.play(lowest_card(s.hand(s.to_move())));
  REQUIRE(s.is_terminal());
  AllFoursScoringOptions options;  // hang jack, Low to its holder, a tie of Game to nobody
  const AllFoursDealScore score = allfours_score(s, options, 3, -1, 0);
  // N-S: High (held), Jack (their own, captured), Game (4 + 1 + 10 against 0); E-W: Low.
  CHECK_EQ(score.points[0], 3);
  CHECK_EQ(score.points[1], 1);
  CHECK_EQ(score.game_values[0], 15);
  CHECK_EQ(score.all_tricks_side, 0);
}
