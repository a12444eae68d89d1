#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <array>
#include <string>
#include <vector>

#include "bindings.h"
#include "tricktaker/solver.h"
#include "tricktaker/whist.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {

Hands4 to_hands(const std::vector<CardSet>& hands) {
  if (hands.size() != 4)
    throw py::value_error("a whist deal has 4 hands (N, E, S, W), got " +
                          std::to_string(hands.size()));
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

// A solver call on copies of the state and objective, taken while the GIL is held, so that
// another Python thread changing them cannot reach the search, which runs without it.
template <auto Method, typename... More>
auto without_gil(Solver& solver, const PlayState& state, const Objective& objective, More... more) {
  const PlayState own_state = state;
  const Objective own_objective = objective;
  py::gil_scoped_release release;
  return (solver.*Method)(own_state, own_objective, more...);
}

}  // namespace

void bind_solver(py::module_& m) {
  py::enum_<ObjectiveKind>(m, "ObjectiveKind")
      .value("TRICKS", ObjectiveKind::kTricks)
      .value("POINTS", ObjectiveKind::kPoints)
      .value("MARGIN", ObjectiveKind::kMargin)
      .value("KLAVERJAS_MADE", ObjectiveKind::kKlaverjasMade)
      .value("KIRVES_WIN", ObjectiveKind::kKirvesWin)
      .value("KIKSAS_RACE", ObjectiveKind::kKiksasRace)
      .value("KIKSAS_AKIS", ObjectiveKind::kKiksasAkis);
  py::enum_<Scoring>(m, "Scoring")
      .value("PLAIN", Scoring::kPlain)
      .value("KLAVERJAS", Scoring::kKlaverjas)
      .value("ALLFOURS", Scoring::kAllFours);

  py::class_<Objective>(m, "Objective", "What the solver maximizes, and for which side.")
      .def(py::init([](ObjectiveKind kind, int side, Scoring scoring, int playing_team,
                       bool pit_for_any_team, bool tie_is_nat, std::array<int, 2> kiksas_targets,
                       AkisKind akis, int akis_side, const AllFoursScoringOptions& allfours,
                       int dealer, int bidding_side, int bid) {
             if (side < -1 || side >= kMaxPlayers)
               throw py::value_error("side must be -1 (the side to move) or a side 0.." +
                                     std::to_string(kMaxPlayers - 1));
             Objective o;
             o.kind = kind;
             o.side = side;
             o.scoring = scoring;
             o.playing_team = playing_team;
             o.klaverjas.pit_for_any_team = pit_for_any_team;
             o.klaverjas.tie_is_nat = tie_is_nat;
             o.kiksas_targets = kiksas_targets;
             o.kiksas_akis = akis;
             o.kiksas_akis_side = akis_side;
             o.allfours = allfours;
             o.allfours_dealer = dealer;
             o.allfours_bidding_side = bidding_side;
             o.allfours_bid = bid;
             return o;
           }),
           py::kw_only(), py::arg("kind") = ObjectiveKind::kPoints, py::arg("side") = -1,
           py::arg("scoring") = Scoring::kPlain, py::arg("playing_team") = 0,
           py::arg("pit_for_any_team") = true, py::arg("tie_is_nat") = true,
           py::arg("kiksas_targets") = std::array<int, 2>{0, 0}, py::arg("akis") = AkisKind::kNone,
           py::arg("akis_side") = 0, py::arg("allfours") = AllFoursScoringOptions{},
           py::arg("dealer") = 0, py::arg("bidding_side") = -1, py::arg("bid") = 0)
      .def_readonly("kind", &Objective::kind)
      .def_readonly("side", &Objective::side)
      .def_readonly("scoring", &Objective::scoring)
      .def_readonly("playing_team", &Objective::playing_team)
      .def_property_readonly("pit_for_any_team",
                             [](const Objective& o) { return o.klaverjas.pit_for_any_team; })
      .def_property_readonly("tie_is_nat",
                             [](const Objective& o) { return o.klaverjas.tie_is_nat; })
      .def_readonly("kiksas_targets", &Objective::kiksas_targets)
      .def_readonly("akis", &Objective::kiksas_akis)
      .def_readonly("akis_side", &Objective::kiksas_akis_side)
      .def_readonly("allfours", &Objective::allfours)
      .def_readonly("dealer", &Objective::allfours_dealer)
      .def_readonly("bidding_side", &Objective::allfours_bidding_side)
      .def_readonly("bid", &Objective::allfours_bid);

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
      .def(py::init([](std::size_t memory_mb) {
             if (memory_mb < 1 || memory_mb > (1u << 16))
               throw py::value_error("memory_mb must be 1..65536");
             return Solver(memory_mb);
           }),
           py::kw_only(), py::arg("memory_mb") = Solver::kDefaultMemoryMb)
      .def("value", &without_gil<&Solver::value>, py::arg("state"),
           py::arg("objective") = Objective{})
      .def("solve", &without_gil<&Solver::solve>, py::arg("state"),
           py::arg("objective") = Objective{})
      .def("reaches", &without_gil<&Solver::reaches, int>, py::arg("state"), py::arg("objective"),
           py::arg("target"))
      .def("clear", &Solver::clear, py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("nodes", &Solver::nodes)
      .def_property_readonly("memory_bytes", &Solver::memory_bytes);

  m.def(
      "solve_many",
      [](const std::vector<PlayState>& states, const Objective& objective, int threads,
         std::size_t memory_mb, bool card_values) -> py::object {
        if (memory_mb < 1 || memory_mb > (1u << 16))
          throw py::value_error("memory_mb must be 1..65536");
        std::vector<int> values, cards;
        {
          py::gil_scoped_release release;
          values =
              solve_many(states, objective, threads, memory_mb, card_values ? &cards : nullptr);
        }
        py::array_t<int> v(static_cast<py::ssize_t>(values.size()));
        std::copy(values.begin(), values.end(), v.mutable_data());
        if (!card_values) return std::move(v);
        py::array_t<int> c({static_cast<py::ssize_t>(values.size()), py::ssize_t{64}});
        std::copy(cards.begin(), cards.end(), c.mutable_data());
        return py::make_tuple(v, c);
      },
      py::arg("states"), py::arg("objective") = Objective{}, py::kw_only(), py::arg("threads") = 0,
      py::arg("memory_mb") = Solver::kDefaultMemoryMb, py::arg("card_values") = false);

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
        if (first < 0 || first > 3) throw py::value_error("first must be a seat 0..3");
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
      [](const std::vector<CardSet>& hands, int ranks_per_suit, Solver& solver) {
        const Hands4 h = to_hands(hands);
        DdTable t;
        {
          py::gil_scoped_release release;
          t = whist_dd_table(h, ranks_per_suit, solver);
        }
        return table_array({t}, true);
      },
      py::arg("hands"), py::arg("ranks_per_suit"), py::arg("solver"),
      "Tricks per [strain S H D C NT][declarer N E S W], the declarer's left-hand opponent on "
      "lead.");
  m.def(
      "whist_dd_tables",
      [](const std::vector<std::vector<CardSet>>& deals, int ranks_per_suit, int threads,
         std::size_t memory_mb) {
        std::vector<Hands4> hands;
        hands.reserve(deals.size());
        for (const auto& d : deals) hands.push_back(to_hands(d));
        std::vector<DdTable> tables;
        {
          py::gil_scoped_release release;
          tables = whist_dd_tables(hands, ranks_per_suit, threads, memory_mb);
        }
        return table_array(tables, false);
      },
      py::arg("deals"), py::arg("ranks_per_suit") = 13, py::kw_only(), py::arg("threads") = 0,
      py::arg("memory_mb") = Solver::kDefaultMemoryMb);
}

}  // namespace tricktaker::bindings
