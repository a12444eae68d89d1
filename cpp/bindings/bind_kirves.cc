#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.h"
#include "tricktaker/games/kirves.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {
void check_card(int c) {
  if (!is_valid_card(c)) throw Error("not a card id: " + std::to_string(c));
}
void check_suit(int s) {
  if (s < 0 || s >= kNumSuits) throw Error("trump must be a suit 0..3");
}
std::vector<int> first(const std::array<std::uint8_t, kMaxPlayers>& a, int n) {
  return std::vector<int>(a.begin(), a.begin() + n);
}
}  // namespace

void bind_kirves(py::module_& m) {
  m.attr("KIRVES_ALWAYS_TRUMPS") = kKirvesAlwaysTrumps;
  m.attr("KIRVES_PAAKOT") = kKirvesPaakot;
  m.def("kirves_deck", &kirves_deck, "The 54 cards of Kirves as a mask.");
  m.def(
      "kirves_rules",
      [](int trump, bool overtake_required, bool overtake_exempts_partner,
         bool must_trump_when_void) {
        check_suit(trump);
        KirvesRulesOptions options;
        options.overtake_required = overtake_required;
        options.overtake_exempts_partner = overtake_exempts_partner;
        options.must_trump_when_void = must_trump_when_void;
        return kirves_rules(trump, options);
      },
      py::arg("trump"), py::kw_only(), py::arg("overtake_required") = false,
      py::arg("overtake_exempts_partner") = false, py::arg("must_trump_when_void") = false);
  m.def(
      "kirves_trump_strength",
      [](int card, int trump) {
        check_card(card);
        check_suit(trump);
        return kirves_trump_strength(static_cast<Card>(card), trump);
      },
      py::arg("card"), py::arg("trump"));
  m.def(
      "kirves_named_suit",
      [](int card) {
        check_card(card);
        return kirves_named_suit(static_cast<Card>(card));
      },
      py::arg("card"), "The suit a turned card names (RJ hearts, BJ spades).");

  m.def(
      "kirves_kiellonvara",
      [](int suit) {
        check_suit(suit);
        return kirves_kiellonvara(suit);
      },
      py::arg("suit"), "R5.4: the natural cards (2-10, Q, K, A) of a suit, as a mask.");

  py::enum_<KirvesDealKind>(m, "KirvesDealKind")
      .value("NORMAL", KirvesDealKind::kNormal)
      .value("CUT_JACK", KirvesDealKind::kCutJack)
      .value("FREE_FOR_ALL", KirvesDealKind::kFreeForAll);
  py::enum_<KirvesWinRule>(m, "KirvesWinRule")
      .value("UNDECIDED", KirvesWinRule::kUndecided)
      .value("THREE_TRICKS", KirvesWinRule::kThreeTricks)
      .value("FIRST_TO_TWO", KirvesWinRule::kFirstToTwo)
      .value("LAST_TRICK", KirvesWinRule::kLastTrick);

  py::class_<KirvesDealRoles>(m, "KirvesDealRoles")
      .def(py::init([](KirvesDealKind kind, int trump_maker, int cutter, int dealer,
                       std::uint16_t participants) {
             return KirvesDealRoles{kind, trump_maker, cutter, dealer, participants};
           }),
           py::kw_only(), py::arg("kind"), py::arg("trump_maker") = -1, py::arg("cutter") = -1,
           py::arg("dealer") = -1, py::arg("participants"))
      .def_readonly("kind", &KirvesDealRoles::kind)
      .def_readonly("trump_maker", &KirvesDealRoles::trump_maker)
      .def_readonly("cutter", &KirvesDealRoles::cutter)
      .def_readonly("dealer", &KirvesDealRoles::dealer)
      .def_readonly("participants", &KirvesDealRoles::participants);

  py::class_<KirvesWinner>(m, "KirvesWinner")
      .def_readonly("player", &KirvesWinner::player)
      .def_readonly("rule", &KirvesWinner::rule);

  py::class_<KirvesDealOutcome>(m, "KirvesDealOutcome")
      .def_readonly("winner", &KirvesDealOutcome::winner)
      .def_readonly("winning_side", &KirvesDealOutcome::winning_side)
      .def_readonly("principal_won", &KirvesDealOutcome::principal_won)
      .def_property_readonly("marks", [](const KirvesDealOutcome& o) {
        return std::vector<int>(o.marks.begin(), o.marks.end());
      });

  m.def(
      "kirves_sides",
      [](const KirvesDealRoles& roles, int num_players) {
        return first(kirves_sides(roles, num_players), num_players);
      },
      py::arg("roles"), py::arg("num_players"));
  m.def(
      "kirves_winner",
      [](const std::vector<int>& trick_winners) {
        if (trick_winners.size() > 5) throw Error("a Kirves deal has 5 tricks");
        std::uint8_t w[5];
        for (std::size_t i = 0; i < trick_winners.size(); ++i) {
          if (trick_winners[i] < 0 || trick_winners[i] >= kMaxPlayers)
            throw Error("trick winners must be seats 0..9");
          w[i] = static_cast<std::uint8_t>(trick_winners[i]);
        }
        return kirves_winner(w, static_cast<int>(trick_winners.size()));
      },
      py::arg("trick_winners"), "R9.1 / D23 on the seats that won the tricks so far.");
  m.def("kirves_winner", py::overload_cast<const PlayState&>(&kirves_winner), py::arg("state"));
  m.def("kirves_decided", &kirves_decided, py::arg("state"));
  m.def("kirves_outcome", &kirves_outcome, py::arg("state"), py::arg("roles"),
        py::arg("folded_players_score_with_side") = false);
  // The deal's end reads the outcome's fields and every trick's record, each a binding call
  // that makes an object (the records a list of them): here one call gives them as tuples.
  m.def(
      "kirves_outcome_fields",
      [](const PlayState& state, const KirvesDealRoles& roles, bool folded_players_score_with_side)
          -> py::typing::Tuple<int, int, py::typing::Tuple<int, py::ellipsis>, bool,
                               py::typing::Tuple<int, py::ellipsis>> {
        const KirvesDealOutcome out = kirves_outcome(state, roles, folded_players_score_with_side);
        const int n = state.num_players();
        py::tuple marks(n);
        for (int p = 0; p < n; ++p) marks[p] = py::int_(int(out.marks[p]));
        const int tricks = state.tricks_played();
        py::tuple winners(tricks);
        for (int t = 0; t < tricks; ++t) winners[t] = py::int_(int(state.trick_record(t).winner));
        return py::make_tuple(int(out.winner.player), int(out.winner.rule), marks,
                              out.principal_won, winners);
      },
      py::arg("state"), py::arg("roles"), py::arg("folded_players_score_with_side"),
      "kirves_outcome as (winning player, its KirvesWinRule's number, marks per seat, "
      "principal_won), then the winner of each trick played.");
  m.def(
      "kirves_concession_marks",
      [](const KirvesDealRoles& roles, int num_players, int folder, std::uint16_t folded,
         bool folded_players_score_with_side) {
        return first(kirves_concession_marks(roles, num_players, folder, folded,
                                             folded_players_score_with_side),
                     num_players);
      },
      py::arg("roles"), py::arg("num_players"), py::arg("folder"), py::arg("folded") = 0,
      py::arg("folded_players_score_with_side") = false);
}

}  // namespace tricktaker::bindings
