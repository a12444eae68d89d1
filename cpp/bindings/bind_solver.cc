#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "tricktaker/games/allfours_objective.h"
#include "tricktaker/games/kiksas_objective.h"
#include "tricktaker/games/kirves_objective.h"
#include "tricktaker/games/klaverjas_objective.h"
#include "tricktaker/games/whist.h"
#include "tricktaker/parallel.h"
#include "tricktaker/solver.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {

Hands4 to_hands(const std::vector<CardSet>& hands) {
  if (hands.size() != 4)
    throw Error("a whist deal has 4 hands (N, E, S, W), got " + std::to_string(hands.size()));
  return Hands4{hands[0], hands[1], hands[2], hands[3]};
}

py::array_t<int> table_array(const std::vector<DdTable>& tables, bool single) {
  std::vector<py::ssize_t> shape;
  if (!single) shape.push_back(static_cast<py::ssize_t>(tables.size()));
  shape.push_back(kNumStrains);
  shape.push_back(4);
  py::array_t<int> out(shape);
  int* data = out.mutable_data();
  for (const DdTable& t : tables)
    for (int s = 0; s < kNumStrains; ++s)
      for (int d = 0; d < 4; ++d) *data++ = t[s][d];
  return out;
}

// The Python Objective names every game's question in one enum, and every game's parameters by
// keyword; the solver's Objective holds the generic count and the game's own objective, built
// from them (to_objective()).
enum class ObjectiveQuestion : std::uint8_t {
  kTricks = 0,
  kPoints = 1,
  kMargin = 2,
  kKlaverjasMade = 3,
  kKirvesWin = 4,
  kKiksasRace = 5,
  kKiksasAkis = 6,
};
enum class ObjectiveScoring : std::uint8_t { kPlain = 0, kKlaverjas = 1, kAllFours = 2 };

struct ObjectiveSpec {
  ObjectiveQuestion kind = ObjectiveQuestion::kPoints;
  int side = -1;
  ObjectiveScoring scoring = ObjectiveScoring::kPlain;
  int playing_team = 0;
  KlaverjasScoringOptions klaverjas;
  std::array<int, 2> kiksas_targets{};
  AkisKind akis = AkisKind::kNone;
  int akis_side = 0;
  AllFoursDealScoring allfours;
  Objective objective;  // the solver's, from the fields above
};

Objective to_objective(const ObjectiveSpec& a) {
  Objective o;
  o.side = a.side;
  const auto klaverjas = [&](bool made) {
    return KlaverjasObjective(a.playing_team, a.klaverjas, made);
  };
  switch (a.kind) {
    case ObjectiveQuestion::kTricks:
    case ObjectiveQuestion::kPoints:
    case ObjectiveQuestion::kMargin:
      o.kind = static_cast<ObjectiveKind>(a.kind);
      if (a.scoring == ObjectiveScoring::kKlaverjas) {
        o.game = std::make_shared<KlaverjasObjective>(klaverjas(false));
      } else if (a.scoring == ObjectiveScoring::kAllFours) {
        o.game = std::make_shared<AllFoursObjective>(a.allfours);
      }
      return o;
    case ObjectiveQuestion::kKlaverjasMade:
      o.kind = ObjectiveKind::kMargin;
      o.game = std::make_shared<KlaverjasObjective>(klaverjas(true));
      return o;
    case ObjectiveQuestion::kKirvesWin:
      o.game = std::make_shared<KirvesWinObjective>();
      break;
    case ObjectiveQuestion::kKiksasRace:
      o.game = std::make_shared<KiksasRaceObjective>(a.kiksas_targets);
      break;
    case ObjectiveQuestion::kKiksasAkis:
      o.game = std::make_shared<KiksasAkisObjective>(a.akis, a.akis_side);
      break;
  }
  if (a.scoring == ObjectiveScoring::kKlaverjas)
    o.game = with_klaverjas_check(o.game, a.playing_team, a.klaverjas);
  return o;
}

// A solver call on copies of the state and objective, taken while the GIL is held, so that
// another Python thread changing them cannot reach the search, which runs without it.
template <auto Method, typename... More>
auto without_gil(Solver& solver, const PlayState& state, const ObjectiveSpec& objective,
                 const SearchLimits& limits, More... more) {
  const PlayState own_state = state;
  const Objective own_objective = objective.objective;
  py::gil_scoped_release release;
  return (solver.*Method)(own_state, own_objective, more..., limits);
}

using MaxNodes = std::optional<py::int_>;
using TimeLimit = std::optional<double>;

constexpr const char* kLimitsDoc =
    " max_nodes (search nodes) and time_limit (seconds, looked at every 1024 nodes) bound the "
    "call: reaching one raises SearchLimitExceeded and leaves the solver exact for later calls.";

ObjectiveSpec default_objective() {
  ObjectiveSpec o;
  o.objective = to_objective(o);
  return o;
}

}  // namespace

void bind_solver(py::module_& m) {
  py::enum_<ObjectiveQuestion>(m, "ObjectiveKind")
      .value("TRICKS", ObjectiveQuestion::kTricks)
      .value("POINTS", ObjectiveQuestion::kPoints)
      .value("MARGIN", ObjectiveQuestion::kMargin)
      .value("KLAVERJAS_MADE", ObjectiveQuestion::kKlaverjasMade)
      .value("KIRVES_WIN", ObjectiveQuestion::kKirvesWin)
      .value("KIKSAS_RACE", ObjectiveQuestion::kKiksasRace)
      .value("KIKSAS_AKIS", ObjectiveQuestion::kKiksasAkis);
  py::enum_<ObjectiveScoring>(m, "Scoring")
      .value("PLAIN", ObjectiveScoring::kPlain)
      .value("KLAVERJAS", ObjectiveScoring::kKlaverjas)
      .value("ALLFOURS", ObjectiveScoring::kAllFours);

  py::class_<ObjectiveSpec>(m, "Objective", "What the solver maximizes, and for which side.")
      .def(py::init([](ObjectiveQuestion kind, int side, ObjectiveScoring scoring, int playing_team,
                       bool pit_for_any_team, bool tie_is_nat, std::array<int, 2> kiksas_targets,
                       AkisKind akis, int akis_side, const AllFoursScoringOptions& allfours,
                       int dealer, int bidding_side, int bid) {
             if (side < -1 || side >= kMaxPlayers)
               throw Error("side must be -1 (the side to move) or a side 0.." +
                           std::to_string(kMaxPlayers - 1));
             ObjectiveSpec o;
             o.kind = kind;
             o.side = side;
             o.scoring = scoring;
             o.playing_team = playing_team;
             o.klaverjas.pit_for_any_team = pit_for_any_team;
             o.klaverjas.tie_is_nat = tie_is_nat;
             o.kiksas_targets = kiksas_targets;
             o.akis = akis;
             o.akis_side = akis_side;
             o.allfours.options = allfours;
             o.allfours.dealer = dealer;
             o.allfours.bidding_side = bidding_side;
             o.allfours.bid = bid;
             o.objective = to_objective(o);
             return o;
           }),
           py::kw_only(), py::arg("kind") = ObjectiveQuestion::kPoints, py::arg("side") = -1,
           py::arg("scoring") = ObjectiveScoring::kPlain, py::arg("playing_team") = 0,
           py::arg("pit_for_any_team") = true, py::arg("tie_is_nat") = true,
           py::arg("kiksas_targets") = std::array<int, 2>{0, 0}, py::arg("akis") = AkisKind::kNone,
           py::arg("akis_side") = 0, py::arg("allfours") = AllFoursScoringOptions{},
           py::arg("dealer") = 0, py::arg("bidding_side") = -1, py::arg("bid") = 0)
      .def_readonly("kind", &ObjectiveSpec::kind)
      .def_readonly("side", &ObjectiveSpec::side)
      .def_readonly("scoring", &ObjectiveSpec::scoring)
      .def_readonly("playing_team", &ObjectiveSpec::playing_team)
      .def_property_readonly("pit_for_any_team",
                             [](const ObjectiveSpec& o) { return o.klaverjas.pit_for_any_team; })
      .def_property_readonly("tie_is_nat",
                             [](const ObjectiveSpec& o) { return o.klaverjas.tie_is_nat; })
      .def_readonly("kiksas_targets", &ObjectiveSpec::kiksas_targets)
      .def_readonly("akis", &ObjectiveSpec::akis)
      .def_readonly("akis_side", &ObjectiveSpec::akis_side)
      .def_property_readonly("allfours", [](const ObjectiveSpec& o) { return o.allfours.options; })
      .def_property_readonly("dealer", [](const ObjectiveSpec& o) { return o.allfours.dealer; })
      .def_property_readonly("bidding_side",
                             [](const ObjectiveSpec& o) { return o.allfours.bidding_side; })
      .def_property_readonly("bid", [](const ObjectiveSpec& o) { return o.allfours.bid; });

  py::class_<SolveResult>(m, "SolveResult")
      .def_readonly("value", &SolveResult::value)
      .def_readonly("side", &SolveResult::side)
      .def_readonly("best", &SolveResult::best)
      .def_readonly("can_fold", &SolveResult::can_fold)
      .def_readonly("fold_value", &SolveResult::fold_value)
      .def_readonly("nodes", &SolveResult::nodes)
      .def_property_readonly("cards", [](const SolveResult& r) {
        std::vector<std::pair<int, int>> out;
        for (const CardValue& cv : r.cards) out.emplace_back(cv.card, cv.value);
        return out;
      });

  py::class_<Solver>(m, "Solver",
                     "A double-dummy solver that owns its transposition table. Calls from "
                     "several threads on one solver take turns; one per thread runs them at "
                     "once.")
      .def(py::init([](const py::int_& memory_mb) { return Solver(memory_mb_arg(memory_mb)); }),
           py::kw_only(), py::arg("memory_mb") = Solver::kDefaultMemoryMb,
           "memory_mb: the transposition table's size, 1..65536.")
      .def(
          "value",
          [](Solver& solver, const PlayState& state, const ObjectiveSpec& objective,
             const MaxNodes& max_nodes, const TimeLimit& time_limit) {
            return without_gil<&Solver::value>(solver, state, objective,
                                               limits_arg(max_nodes, time_limit));
          },
          py::arg("state"), py::arg("objective") = default_objective(), py::kw_only(),
          py::arg("max_nodes") = py::none(), py::arg("time_limit") = py::none(),
          (std::string("The value of the position for the objective's side.") + kLimitsDoc).c_str())
      .def(
          "solve",
          [](Solver& solver, const PlayState& state, const ObjectiveSpec& objective,
             const MaxNodes& max_nodes, const TimeLimit& time_limit) {
            return without_gil<&Solver::solve>(solver, state, objective,
                                               limits_arg(max_nodes, time_limit));
          },
          py::arg("state"), py::arg("objective") = default_objective(), py::kw_only(),
          py::arg("max_nodes") = py::none(), py::arg("time_limit") = py::none(),
          (std::string("The value and the value of every legal card.") + kLimitsDoc).c_str())
      .def(
          "reaches",
          [](Solver& solver, const PlayState& state, const ObjectiveSpec& objective, int target,
             const MaxNodes& max_nodes, const TimeLimit& time_limit) {
            return without_gil<&Solver::reaches, int>(solver, state, objective,
                                                      limits_arg(max_nodes, time_limit), target);
          },
          py::arg("state"), py::arg("objective"), py::arg("target"), py::kw_only(),
          py::arg("max_nodes") = py::none(), py::arg("time_limit") = py::none(),
          (std::string("Whether the side reaches at least target.") + kLimitsDoc).c_str())
      .def("clear", &Solver::clear, py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("nodes", &Solver::nodes)
      .def_property_readonly("memory_bytes", &Solver::memory_bytes);

  m.def(
      "solve_many",
      [](const std::vector<PlayState>& states, const ObjectiveSpec& objective,
         const py::int_& threads, const py::int_& memory_mb, bool card_values,
         const MaxNodes& max_nodes, const TimeLimit& time_limit) -> py::object {
        const int n_threads = threads_arg(threads);
        const std::size_t mb = memory_mb_arg(memory_mb);
        const SearchLimits limits = limits_arg(max_nodes, time_limit);
        std::vector<int> values, cards;
        {
          py::gil_scoped_release release;
          values = solve_many(states, objective.objective, n_threads, mb,
                              card_values ? &cards : nullptr, -32768, limits);
        }
        py::array_t<int> v(static_cast<py::ssize_t>(values.size()));
        std::copy(values.begin(), values.end(), v.mutable_data());
        if (!card_values) return std::move(v);
        py::array_t<int> c({static_cast<py::ssize_t>(values.size()), py::ssize_t{64}});
        std::copy(cards.begin(), cards.end(), c.mutable_data());
        return py::make_tuple(v, c);
      },
      py::arg("states"), py::arg("objective") = default_objective(), py::kw_only(),
      py::arg("threads") = 0, py::arg("memory_mb") = Solver::kDefaultMemoryMb,
      py::arg("card_values") = false, py::arg("max_nodes") = py::none(),
      py::arg("time_limit") = py::none(),
      "Values of many states on `threads` threads (0..256, 0 = one per hardware thread), one "
      "solver of memory_mb (1..65536) each. max_nodes bounds each state's search, time_limit "
      "(seconds) the whole batch: reaching one raises SearchLimitExceeded.");

  m.attr("MAX_THREADS") = kMaxThreads;

  m.def("whist_rules", &whist_rules, py::arg("trump"), py::arg("ranks_per_suit") = 13);
  m.def("whist_deck", &whist_deck, py::arg("ranks_per_suit") = 13);
  m.def(
      "parse_pbn",
      [](std::string_view text) {
        const Hands4 h = parse_pbn(text);
        return std::vector<CardSet>(h.begin(), h.end());
      },
      py::arg("text"), "Hands by seat (N, E, S, W) as card masks.");
  m.def(
      "format_pbn",
      [](const std::vector<CardSet>& hands, int first) {
        if (first < 0 || first > 3) throw Error("first must be a seat 0..3");
        return format_pbn(to_hands(hands), first);
      },
      py::arg("hands"), py::arg("first") = 0);
  m.def(
      "ranks_needed",
      [](const std::vector<CardSet>& hands) { return ranks_needed(to_hands(hands)); },
      py::arg("hands"));
  m.def(
      "whist_state",
      [](const std::vector<CardSet>& hands, int trump, int leader, int ranks_per_suit) {
        return whist_state(to_hands(hands), trump, leader, ranks_per_suit);
      },
      py::arg("hands"), py::arg("trump"), py::arg("leader"), py::arg("ranks_per_suit") = 13);
  m.def("quick_tricks", &quick_tricks, py::arg("state"),
        "Tricks the leader's side is sure to win from a trick boundary (the bound the solver "
        "uses for trick counts).");
  m.def(
      "whist_dd_table",
      [](const std::vector<CardSet>& hands, int ranks_per_suit, Solver& solver,
         const MaxNodes& max_nodes, const TimeLimit& time_limit) {
        const Hands4 h = to_hands(hands);
        const SearchLimits limits = limits_arg(max_nodes, time_limit);
        DdTable t;
        {
          py::gil_scoped_release release;
          t = whist_dd_table(h, ranks_per_suit, solver, limits);
        }
        return table_array({t}, true);
      },
      py::arg("hands"), py::arg("ranks_per_suit"), py::arg("solver"), py::kw_only(),
      py::arg("max_nodes") = py::none(), py::arg("time_limit") = py::none(),
      "Tricks per [strain S H D C NT][declarer N E S W], the declarer's left-hand opponent on "
      "lead. max_nodes and time_limit (seconds) bound the whole table: reaching one raises "
      "SearchLimitExceeded.");
  m.def(
      "whist_dd_tables",
      [](const std::vector<std::vector<CardSet>>& deals, int ranks_per_suit,
         const py::int_& threads, const py::int_& memory_mb, const MaxNodes& max_nodes,
         const TimeLimit& time_limit) {
        const int n_threads = threads_arg(threads);
        const std::size_t mb = memory_mb_arg(memory_mb);
        const SearchLimits limits = limits_arg(max_nodes, time_limit);
        std::vector<Hands4> hands;
        hands.reserve(deals.size());
        for (const auto& d : deals) hands.push_back(to_hands(d));
        std::vector<DdTable> tables;
        {
          py::gil_scoped_release release;
          tables = whist_dd_tables(hands, ranks_per_suit, n_threads, mb, limits);
        }
        return table_array(tables, false);
      },
      py::arg("deals"), py::arg("ranks_per_suit") = 13, py::kw_only(), py::arg("threads") = 0,
      py::arg("memory_mb") = Solver::kDefaultMemoryMb, py::arg("max_nodes") = py::none(),
      py::arg("time_limit") = py::none(),
      "Tables of many deals on `threads` threads (0..256, 0 = one per hardware thread), one "
      "solver of memory_mb (1..65536) each. max_nodes bounds each deal's table, time_limit "
      "(seconds) the whole batch: reaching one raises SearchLimitExceeded.");
}

}  // namespace tricktaker::bindings
