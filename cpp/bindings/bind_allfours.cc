#include <pybind11/stl.h>

#include <vector>

#include "bindings.h"
#include "tricktaker/games/allfours.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {
AllFoursScoringOptions scoring_options(bool hang_jack, bool low_to_captor, bool game_tie_non_dealer,
                                       bool jick, bool jokers, int five, bool trey, bool last_trick,
                                       bool shoot_the_moon, bool moon_requires_bid) {
  if (five != 0 && five != 1 && five != 5) throw Error("five must be 0 (off), 1 or 5");
  AllFoursScoringOptions o;
  o.jack_scoring = hang_jack ? JackScoring::kHangJack : JackScoring::kCaptor1;
  o.low_award = low_to_captor ? LowAward::kCaptor : LowAward::kHolder;
  o.game_tie = game_tie_non_dealer ? GameTie::kNonDealerSide : GameTie::kNobody;
  o.jick = jick;
  o.jokers = jokers;
  o.five = five;
  o.trey = trey;
  o.last_trick = last_trick;
  o.shoot_the_moon = shoot_the_moon;
  o.moon_requires_bid = moon_requires_bid;
  return o;
}

template <typename T>
std::vector<int> head(const std::array<T, kMaxPlayers>& values, int n) {
  return std::vector<int>(values.begin(), values.begin() + n);
}
}  // namespace

void bind_allfours(py::module_& m) {
  m.def(
      "allfours_deck",
      [](int rank_mask, bool jokers) {
        if (rank_mask <= 0 || rank_mask > kAllRanks)
          throw Error("rank_mask must be a non-empty set of ranks 0..12");
        return allfours_deck(static_cast<std::uint16_t>(rank_mask), jokers);
      },
      py::arg("rank_mask") = int(kAllRanks), py::arg("jokers") = false,
      "The cards of the ranks in rank_mask (bit r = rank r, 0 = two) in every suit, plus RJ "
      "(Joker-H) and BJ (Joker-L) when jokers.");
  m.attr("SET_BACK_RANKS") = int(kSetBackRanks);
  m.def(
      "jick_of",
      [](int trump) {
        if (trump < 0 || trump >= kNumSuits) throw Error("trump must be a suit 0..3");
        return int(jick_of(trump));
      },
      py::arg("trump"), "The jack of the other suit of the trump colour.");

  m.def(
      "allfours_rules",
      [](int trump, CardSet deck, bool jick, bool may_trump_when_able_to_follow, bool no_undertrump,
         bool must_head_trump) {
        if (trump < 0 || trump >= kNumSuits) throw Error("trump must be a suit 0..3");
        AllFoursRulesOptions o;
        o.deck = deck;
        o.jick = jick;
        o.may_trump_when_able_to_follow = may_trump_when_able_to_follow;
        o.no_undertrump = no_undertrump;
        o.must_head_trump = must_head_trump;
        return allfours_rules(trump, o);
      },
      py::arg("trump"), py::arg("deck"), py::arg("jick") = false,
      py::arg("may_trump_when_able_to_follow") = true, py::arg("no_undertrump") = false,
      py::arg("must_head_trump") = false);

  py::enum_<AllFoursItem>(m, "AllFoursItem")
      .value("HIGH", AllFoursItem::kHigh)
      .value("LOW", AllFoursItem::kLow)
      .value("JACK", AllFoursItem::kJack)
      .value("JICK", AllFoursItem::kJick)
      .value("JOKER_HIGH", AllFoursItem::kJokerHigh)
      .value("JOKER_LOW", AllFoursItem::kJokerLow)
      .value("TREY", AllFoursItem::kTrey)
      .value("FIVE", AllFoursItem::kFive)
      .value("LAST", AllFoursItem::kLast)
      .value("GAME", AllFoursItem::kGame)
      .value("MOON", AllFoursItem::kMoon);

  py::class_<AllFoursScoringOptions>(
      m, "AllFoursScoringOptions",
      "The scoring items of an All Fours / Pitch deal, as allfours_score takes them (for a "
      "solver objective).")
      .def(py::init(&scoring_options), py::kw_only(), py::arg("hang_jack") = true,
           py::arg("low_to_captor") = false, py::arg("game_tie_non_dealer") = false,
           py::arg("jick") = false, py::arg("jokers") = false, py::arg("five") = 0,
           py::arg("trey") = false, py::arg("last_trick") = false,
           py::arg("shoot_the_moon") = false, py::arg("moon_requires_bid") = false)
      .def_property_readonly(
          "hang_jack",
          [](const AllFoursScoringOptions& o) { return o.jack_scoring == JackScoring::kHangJack; })
      .def_property_readonly(
          "low_to_captor",
          [](const AllFoursScoringOptions& o) { return o.low_award == LowAward::kCaptor; })
      .def_property_readonly(
          "game_tie_non_dealer",
          [](const AllFoursScoringOptions& o) { return o.game_tie == GameTie::kNonDealerSide; })
      .def_readonly("jick", &AllFoursScoringOptions::jick)
      .def_readonly("jokers", &AllFoursScoringOptions::jokers)
      .def_readonly("five", &AllFoursScoringOptions::five)
      .def_readonly("trey", &AllFoursScoringOptions::trey)
      .def_readonly("last_trick", &AllFoursScoringOptions::last_trick)
      .def_readonly("shoot_the_moon", &AllFoursScoringOptions::shoot_the_moon)
      .def_readonly("moon_requires_bid", &AllFoursScoringOptions::moon_requires_bid);

  py::class_<AllFoursAward>(m, "AllFoursAward")
      .def_readonly("item", &AllFoursAward::item)
      .def_property_readonly("side", [](const AllFoursAward& a) { return int(a.side); })
      .def_property_readonly("points", [](const AllFoursAward& a) { return int(a.points); })
      .def_property_readonly("card",
                             [](const AllFoursAward& a) { return a.card == kNoCard ? -1 : a.card; })
      .def_property_readonly("holder", [](const AllFoursAward& a) { return int(a.holder); })
      .def_property_readonly("captor", [](const AllFoursAward& a) { return int(a.captor); });

  py::class_<AllFoursDealScore>(m, "AllFoursDealScore")
      .def_readonly("num_sides", &AllFoursDealScore::num_sides)
      .def_property_readonly("awards",
                             [](const AllFoursDealScore& s) {
                               return std::vector<AllFoursAward>(s.awards.begin(),
                                                                 s.awards.begin() + s.num_awards);
                             })
      .def_property_readonly("points",
                             [](const AllFoursDealScore& s) { return head(s.points, s.num_sides); })
      .def_property_readonly(
          "game_values",
          [](const AllFoursDealScore& s) { return head(s.game_values, s.num_sides); })
      .def_property_readonly("score",
                             [](const AllFoursDealScore& s) { return head(s.score, s.num_sides); })
      .def_readonly("moon_side", &AllFoursDealScore::moon_side)
      .def_readonly("all_tricks_side", &AllFoursDealScore::all_tricks_side)
      .def_readonly("bidding_side", &AllFoursDealScore::bidding_side)
      .def_readonly("bid", &AllFoursDealScore::bid)
      .def_readonly("made", &AllFoursDealScore::made);

  // The deal's last card reads the score's fields, each a binding call (the awards a list of
  // objects, each field of each its own call): together they cost several times the scoring.
  // Here one call gives them as tuples, the options object made once per option set.
  m.def(
      "allfours_score_fields",
      [](const PlayState& state, int dealer, int bidding_side, int bid,
         const AllFoursScoringOptions& options)
          -> py::typing::Tuple<
              py::typing::Tuple<int, py::ellipsis>, py::typing::Tuple<int, py::ellipsis>, bool,
              py::typing::Optional<int>, py::typing::Optional<int>,
              py::typing::Tuple<py::typing::Tuple<int, int, int, int>, py::ellipsis>> {
        const AllFoursDealScore s = allfours_score(state, options, dealer, bidding_side, bid);
        auto sides = [&](const std::array<int, kMaxPlayers>& values) {
          py::tuple out(s.num_sides);
          for (int i = 0; i < s.num_sides; ++i) out[i] = py::int_(values[i]);
          return out;
        };
        auto side_or_none = [](int side) -> py::object {
          return side < 0 ? py::object(py::none()) : py::object(py::int_(side));
        };
        py::tuple awards(s.num_awards);
        for (int i = 0; i < s.num_awards; ++i) {
          const AllFoursAward& a = s.awards[i];
          awards[i] = py::make_tuple(int(a.item), int(a.side), int(a.points),
                                     a.card == kNoCard ? -1 : int(a.card));
        }
        return py::make_tuple(sides(s.points), sides(s.game_values), s.made,
                              side_or_none(s.all_tricks_side), side_or_none(s.moon_side), awards);
      },
      py::arg("state"), py::arg("dealer"), py::arg("bidding_side"), py::arg("bid"),
      py::arg("options"),
      "allfours_score as (points, game_values, made, all_tricks_side, moon_side, awards): "
      "per-side tuples, a side or None, and each award as (item number, side, points, card id "
      "or -1) in crediting order.");

  m.def(
      "allfours_max_points",
      [](bool jick, bool jokers, int five, bool trey, bool last_trick) {
        return allfours_max_points(scoring_options(true, false, false, jick, jokers, five, trey,
                                                   last_trick, false, false));
      },
      py::arg("jick") = false, py::arg("jokers") = false, py::arg("five") = 0,
      py::arg("trey") = false, py::arg("last_trick") = false);

  m.def(
      "allfours_score",
      [](const PlayState& state, int dealer, int bidding_side, int bid, bool hang_jack,
         bool low_to_captor, bool game_tie_non_dealer, bool jick, bool jokers, int five, bool trey,
         bool last_trick, bool shoot_the_moon, bool moon_requires_bid) {
        const AllFoursScoringOptions o =
            scoring_options(hang_jack, low_to_captor, game_tie_non_dealer, jick, jokers, five, trey,
                            last_trick, shoot_the_moon, moon_requires_bid);
        return allfours_score(state, o, dealer, bidding_side, bid);
      },
      py::arg("state"), py::arg("dealer"), py::arg("bidding_side") = -1, py::arg("bid") = 0,
      py::arg("hang_jack") = true, py::arg("low_to_captor") = false,
      py::arg("game_tie_non_dealer") = false, py::arg("jick") = false, py::arg("jokers") = false,
      py::arg("five") = 0, py::arg("trey") = false, py::arg("last_trick") = false,
      py::arg("shoot_the_moon") = false, py::arg("moon_requires_bid") = false,
      "Evaluate a finished All Fours / Pitch deal: the items in crediting order, points per "
      "side, and with a bidding side the contract (P9).");
}

}  // namespace tricktaker::bindings
