#include <pybind11/stl.h>

#include <vector>

#include "bindings.h"
#include "tricktaker/games/klaverjas.h"

namespace py = pybind11;

namespace tricktaker::bindings {

void bind_klaverjas(py::module_& m) {
  m.def(
      "klaverjas_rules",
      [](int trump, bool rotterdam, bool undertrump_compulsory) {
        if (trump < 0 || trump >= kNumSuits) throw Error("trump must be a suit 0..3");
        KlaverjasRulesOptions options;
        options.play_rules =
            rotterdam ? KlaverjasPlayRules::kRotterdam : KlaverjasPlayRules::kAmsterdam;
        options.undertrump_compulsory = undertrump_compulsory;
        return klaverjas_rules(trump, options);
      },
      py::arg("trump"), py::arg("rotterdam") = false, py::arg("undertrump_compulsory") = false);

  m.def(
      "klaverjas_roem",
      [](const std::vector<int>& cards, int trump) {
        if (cards.size() != 4) throw Error("a Klaverjas trick has four cards");
        if (trump < 0 || trump >= kNumSuits) throw Error("trump must be a suit 0..3");
        Card trick[4];
        for (int i = 0; i < 4; ++i) {
          if (!is_valid_card(cards[i])) throw Error("not a card id");
          trick[i] = static_cast<Card>(cards[i]);
        }
        return klaverjas_roem(trick, 4, trump);
      },
      py::arg("cards"), py::arg("trump"));

  py::class_<KlaverjasDealScore>(m, "KlaverjasDealScore")
      .def_readonly("card_points", &KlaverjasDealScore::card_points)
      .def_readonly("roem", &KlaverjasDealScore::roem)
      .def_readonly("pit", &KlaverjasDealScore::pit)
      .def_readonly("total", &KlaverjasDealScore::total)
      .def_readonly("score", &KlaverjasDealScore::score)
      .def_readonly("playing_team", &KlaverjasDealScore::playing_team)
      .def_readonly("made", &KlaverjasDealScore::made)
      .def_readonly("penalized", &KlaverjasDealScore::penalized)
      .def_readonly("pit_team", &KlaverjasDealScore::pit_team);

  m.def(
      "klaverjas_score_totals",
      [](std::array<int, 2> card_points, std::array<int, 2> roem, int pit_team, int playing_team,
         bool pit_for_any_team, bool tie_is_nat, int offending_team) {
        KlaverjasScoringOptions options;
        options.pit_for_any_team = pit_for_any_team;
        options.tie_is_nat = tie_is_nat;
        return klaverjas_score_totals(card_points, roem, pit_team, playing_team, options,
                                      offending_team);
      },
      py::arg("card_points"), py::arg("roem"), py::arg("pit_team"), py::arg("playing_team"),
      py::arg("pit_for_any_team") = true, py::arg("tie_is_nat") = true,
      py::arg("offending_team") = -1,
      "The scoring rule of §5 applied to team totals (card points with last trick, roem).");

  m.def(
      "klaverjas_score",
      [](const PlayState& state, int playing_team, std::array<int, 2> roem, bool pit_for_any_team,
         bool tie_is_nat, int offending_team) {
        KlaverjasScoringOptions options;
        options.pit_for_any_team = pit_for_any_team;
        options.tie_is_nat = tie_is_nat;
        return klaverjas_score(state, playing_team, roem, options, offending_team);
      },
      py::arg("state"), py::arg("playing_team"), py::arg("roem"),
      py::arg("pit_for_any_team") = true, py::arg("tie_is_nat") = true,
      py::arg("offending_team") = -1);

  // The same score as the fields of the deal's result, in one tuple: every deal is scored,
  // and reading the score object's arrays one by one (each a list, then a tuple) cost more
  // than the scoring.
  m.def(
      "klaverjas_score_fields",
      [](const PlayState& state, int playing_team, std::array<int, 2> roem, bool pit_for_any_team,
         bool tie_is_nat, int offending_team)
          -> py::typing::Tuple<py::typing::Tuple<int, int>, py::typing::Tuple<int, int>,
                               py::typing::Tuple<int, int>, py::typing::Tuple<int, int>,
                               py::typing::Tuple<int, int>, bool, int> {
        KlaverjasScoringOptions options;
        options.pit_for_any_team = pit_for_any_team;
        options.tie_is_nat = tie_is_nat;
        const KlaverjasDealScore s =
            klaverjas_score(state, playing_team, roem, options, offending_team);
        auto pair = [](const auto& a) { return py::make_tuple(a[0], a[1]); };
        return py::make_tuple(pair(s.card_points), pair(s.roem), pair(s.pit), pair(s.total),
                              pair(s.score), s.made, s.pit_team);
      },
      py::arg("state"), py::arg("playing_team"), py::arg("roem"), py::arg("pit_for_any_team"),
      py::arg("tie_is_nat"), py::arg("offending_team"),
      "klaverjas_score as (card_points, roem, pit, total, score, made, pit_team), each pair a "
      "tuple: the fields of the deal's result.");
}

}  // namespace tricktaker::bindings
