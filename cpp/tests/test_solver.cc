// The solver against brute force: every value and every card's value of small endings (the
// last three tricks of random deals), for tricks, points and margin, plain and under a game's
// own scoring, and the made/nat question.
#include <algorithm>
#include <array>
#include <chrono>
#include <functional>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <thread>

#include "test.h"
#include "tricktaker/games/kiksas.h"
#include "tricktaker/games/kiksas_objective.h"
#include "tricktaker/games/kirves.h"
#include "tricktaker/games/kirves_objective.h"
#include "tricktaker/games/klaverjas.h"
#include "tricktaker/games/klaverjas_objective.h"
#include "tricktaker/games/whist.h"
#include "tricktaker/rng.h"
#include "tricktaker/solver.h"

using namespace tricktaker;

namespace {

// The final value of a finished play for `side`.
using Final = std::function<int(const PlayState&, int side)>;

// Plain minimax over every legal card: the side's seats maximize, the others minimize.
int brute_force(PlayState& s, int side, const Final& final_value) {
  if (s.is_terminal()) return final_value(s, side);
  const bool maxing = s.side(s.to_move()) == side;
  int best = maxing ? -1000000 : 1000000;
  for (Card c : cards_of{s.legal_moves()}) {
    s.play(c);
    const int v = brute_force(s, side, final_value);
    s.undo();
    best = maxing ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

int points_of_side(const PlayState& s, int side) {
  return s.side_points(side) + s.side_bonus(side);
}

// A random deal of four hands of `hand_size` cards (every card of the deck with 0) in sides
// `sides`, played at random to its last `tricks_left` tricks.
PlayState ending(Rng& rng, const RulesTable& rules, int tricks_left, int hand_size = 0,
                 std::array<std::uint8_t, 4> sides = {0, 1, 0, 1}) {
  Card cards[64];
  int n = 0;
  for (Card c : cards_of{rules.deck}) cards[n++] = c;
  for (int i = n - 1; i > 0; --i) std::swap(cards[i], cards[rng.below(i + 1)]);
  if (hand_size > 0) n = 4 * hand_size;
  PlayStateSetup setup;
  setup.rules = rules;
  for (int i = 0; i < n; ++i) setup.hands[i % 4] |= bit(cards[i]);
  for (int p = 0; p < 4; ++p) setup.side[p] = sides[p];
  setup.leader = static_cast<int>(rng.below(4));
  PlayState s(setup);
  while (s.total_tricks() - s.tricks_played() > tricks_left) {
    const CardSet legal = s.legal_moves();
    s.play(select_card(legal, static_cast<int>(rng.below(popcount(legal)))));
  }
  return s;
}

// Checks the value and every card's value of `o` for side 0 and 1 against brute force: the
// solver reports final - base, base being what the side holds already (`base`).
void check_objective(Solver& solver, const PlayState& root, ObjectiveKind kind,
                     std::shared_ptr<const GameObjective> game, const Final& final_value,
                     const Final& base) {
  for (int side = 0; side < 2; ++side) {
    Objective o;
    o.kind = kind;
    o.side = side;
    o.game = game;
    PlayState s = root;
    const int want = brute_force(s, side, final_value) - base(root, side);
    CHECK_EQ(solver.value(root, o), want);
    const SolveResult r = solver.solve(root, o);
    CHECK_EQ(r.value, want);
    for (const CardValue& cv : r.cards) {
      s.play(cv.card);
      CHECK_EQ(cv.value, brute_force(s, side, final_value) - base(root, side));
      s.undo();
    }
  }
}

}  // namespace

TEST(solver, whist_tricks_against_brute_force) {
  Rng rng(21);
  Solver solver(4);
  for (int deal = 0; deal < 40; ++deal) {
    const PlayState s = ending(rng, whist_rules(deal % 5 - 1, 13), 3);
    check_objective(
        solver, s, ObjectiveKind::kTricks, nullptr,
        [](const PlayState& e, int side) { return e.side_tricks(side); },
        [](const PlayState& e, int side) { return e.side_tricks(side); });
  }
}

TEST(solver, klaverjas_points_against_brute_force) {
  Rng rng(22);
  Solver solver(4);
  for (int deal = 0; deal < 40; ++deal) {
    const KlaverjasPlayRules play =
        deal % 2 ? KlaverjasPlayRules::kRotterdam : KlaverjasPlayRules::kAmsterdam;
    const PlayState s = ending(rng, klaverjas_rules(deal & 3, KlaverjasRulesOptions{play}), 3);
    const Final points = [](const PlayState& e, int side) { return points_of_side(e, side); };
    const Final margin = [](const PlayState& e, int side) {
      return points_of_side(e, side) - points_of_side(e, 1 - side);
    };
    check_objective(solver, s, ObjectiveKind::kPoints, nullptr, points, points);
    check_objective(solver, s, ObjectiveKind::kMargin, nullptr, margin, margin);
    check_objective(
        solver, s, ObjectiveKind::kTricks, nullptr,
        [](const PlayState& e, int side) { return e.side_tricks(side); },
        [](const PlayState& e, int side) { return e.side_tricks(side); });
  }
}

TEST(solver, klaverjas_scoring_against_brute_force) {
  Rng rng(23);
  Solver solver(4);
  for (int deal = 0; deal < 30; ++deal) {
    const PlayState s = ending(rng, klaverjas_rules(deal & 3, KlaverjasRulesOptions{}), 3);
    const int team = deal % 2;
    KlaverjasScoringOptions scoring;
    scoring.pit_for_any_team = deal % 3 != 0;
    const auto objective = std::make_shared<KlaverjasObjective>(team, scoring, false);
    const Final total = [&](const PlayState& e, int side) {
      const std::array<int, 2> roem = {e.side_bonus(0), e.side_bonus(1)};
      return klaverjas_score(e, team, roem, scoring, -1).total[side];
    };
    check_objective(solver, s, ObjectiveKind::kPoints, objective, total,
                    [](const PlayState& e, int side) { return points_of_side(e, side); });
    // Made or nat: 1 when the playing team makes it, for the playing team; the reverse for
    // the defenders.
    Objective made;
    made.kind = ObjectiveKind::kMargin;
    made.game = std::make_shared<KlaverjasObjective>(team, scoring, true);
    PlayState copy = s;
    const bool makes = brute_force(copy, team, [&](const PlayState& e, int) {
                         const std::array<int, 2> roem = {e.side_bonus(0), e.side_bonus(1)};
                         return klaverjas_score(e, team, roem, scoring, -1).made ? 1 : 0;
                       }) == 1;
    for (int side = 0; side < 2; ++side) {
      made.side = side;
      CHECK_EQ(solver.value(s, made), side == team ? makes : !makes);
    }
  }
}

TEST(solver, deal_winning_objectives_against_brute_force) {
  Rng rng(25);
  Solver solver(4);
  for (int deal = 0; deal < 30; ++deal) {
    // Kirves: the trump maker (seat 0) against the rest; who wins the deal (R9.1).
    const PlayState kirves =
        ending(rng, kirves_rules(deal & 3, KirvesRulesOptions{}), 3, 5, {0, 1, 1, 1});
    check_objective(
        solver, kirves, ObjectiveKind::kPoints, std::make_shared<KirvesWinObjective>(),
        [](const PlayState& e, int side) { return e.side(kirves_winner(e).player) == side; },
        [](const PlayState&, int) { return 0; });
    // Kiksas writing off: the first side to its target.
    const std::array<int, 2> targets = {60 + deal, 78 - deal};
    const PlayState kiksas = ending(rng, kiksas_rules(deal & 3, KiksasRulesOptions{}), 3);
    KiksasDealContext context;
    context.type = KiksasDealType::kWritingOff;
    context.targets = targets;
    check_objective(
        solver, kiksas, ObjectiveKind::kPoints, std::make_shared<KiksasRaceObjective>(targets),
        [&](const PlayState& e, int side) {
          return kiksas_evaluate(e, context).race_winner == side;
        },
        [](const PlayState&, int) { return 0; });
  }
}

TEST(solver, objective_checks) {
  Rng rng(24);
  Solver solver(1);
  const PlayState s = ending(rng, klaverjas_rules(0, KlaverjasRulesOptions{}), 3);
  Objective o;
  o.side = 5;  // no seat has side 5
  CHECK_THROWS(solver.value(s, o), std::invalid_argument);
  o.side = 0;
  o.game = std::make_shared<KlaverjasObjective>(2, KlaverjasScoringOptions{}, false);
  CHECK_THROWS(solver.value(s, o), std::invalid_argument);
}

// Every seat left in the play on one side (the others folded): nobody can take a trick from
// it, and the trick bounds must not divide by the other side's count of seats (zero).
TEST(solver, one_side_left_after_folds) {
  PlayStateSetup setup;
  setup.rules = whist_rules(0, 13);  // spades trump
  const auto cards = [](std::initializer_list<const char*> names) {
    CardSet out = 0;
    for (const char* name : names) out |= bit(parse_card(name));
    return out;
  };
  setup.hands = {cards({"AS", "KS", "QS"}), cards({"AH", "KH", "QH"}), cards({"JS", "TS", "9S"}),
                 cards({"AD", "KD", "QD"})};
  setup.side = {0, 1, 0, 1};
  setup.leader = 1;
  setup.folding = true;
  PlayState s(setup);
  s.fold();  // E: no trump, no points
  s.play(parse_card("JS"));
  s.fold();  // W
  Solver solver(1);
  Objective tricks;
  tricks.kind = ObjectiveKind::kTricks;
  CHECK_EQ(solver.value(s, tricks), 3);
  tricks.side = 1;  // the side that folded out
  CHECK_THROWS(solver.value(s, tricks), std::invalid_argument);
}

// A search that reaches its node limit stops with SearchLimitExceeded within a node of it, and
// leaves the solver's table exact: the same solver then gives the values of a fresh one.
TEST(solver, search_limits_stop_cleanly) {
  Rng rng(7);
  const RulesTable rules = klaverjas_rules(1, KlaverjasRulesOptions{});
  Objective points;
  for (int deal = 0; deal < 4; ++deal) {
    const PlayState s = ending(rng, rules, 6);
    Solver fresh(1);
    const SolveResult want = fresh.solve(s, points);
    Solver solver(1);
    SearchLimits limits;
    limits.max_nodes = std::max<std::uint64_t>(1, want.nodes / 3);
    CHECK_THROWS(solver.solve(s, points, limits), SearchLimitExceeded);
    CHECK(solver.nodes() <= limits.max_nodes + 1);
    const SolveResult got = solver.solve(s, points);
    CHECK_EQ(got.value, want.value);
    CHECK_EQ(got.cards.size(), want.cards.size());
    for (std::size_t i = 0; i < got.cards.size(); ++i)
      CHECK_EQ(got.cards[i].value, want.cards[i].value);
  }
  SearchLimits past = SearchLimits::within(0, 1e-9);
  std::this_thread::sleep_for(std::chrono::milliseconds(1));
  Solver solver(1);
  CHECK_THROWS(solver.value(ending(rng, rules, 6), points, past), SearchLimitExceeded);
  CHECK_THROWS(Solver(0), Error);
  CHECK_THROWS(Solver(Solver::kMaxMemoryMb + 1), Error);
}
