#include "bindings.h"
#include "tricktaker/games/klaverjas.h"
#include "tricktaker/rules.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {
void check_card(int c) {
  if (!is_valid_card(c)) throw Error("not a card id: " + std::to_string(c));
}
}  // namespace

void bind_rules(py::module_& m) {
  py::enum_<VoidTrumpDuty>(m, "VoidTrumpDuty")
      .value("NEVER", VoidTrumpDuty::kNever)
      .value("ALWAYS", VoidTrumpDuty::kAlways)
      .value("UNLESS_PARTNER_WINNING", VoidTrumpDuty::kUnlessPartnerWinning);
  py::enum_<OvertrumpDuty>(m, "OvertrumpDuty")
      .value("NEVER", OvertrumpDuty::kNever)
      .value("ALWAYS", OvertrumpDuty::kAlways)
      .value("UNLESS_PARTNER_WINNING", OvertrumpDuty::kUnlessPartnerWinning);
  py::enum_<TrickBonus>(m, "TrickBonus")
      .value("NONE", TrickBonus::kNone)
      .value("KLAVERJAS_ROEM", kKlaverjasRoem);

  py::class_<FollowPolicy>(m, "FollowPolicy")
      .def(py::init<>())
      .def_readwrite("void_trump", &FollowPolicy::void_trump)
      .def_readwrite("overtrump", &FollowPolicy::overtrump)
      .def_readwrite("head_trump_lead", &FollowPolicy::head_trump_lead)
      .def_readwrite("head_in_suit", &FollowPolicy::head_in_suit)
      .def_readwrite("may_trump_when_able_to_follow", &FollowPolicy::may_trump_when_able_to_follow)
      .def_readwrite("no_undertrump", &FollowPolicy::no_undertrump)
      .def_readwrite("undertrump_compulsory", &FollowPolicy::undertrump_compulsory)
      .def_readwrite("must_beat_trick", &FollowPolicy::must_beat_trick)
      .def_readwrite("must_beat_exempts_partner", &FollowPolicy::must_beat_exempts_partner);

  py::class_<RulesTable>(m, "RulesTable")
      .def_static("plain", &make_plain_rules, py::arg("deck"),
                  "A table with natural strengths, no points and no trump.")
      .def("effective_suit",
           [](const RulesTable& t, int c) {
             check_card(c);
             return static_cast<int>(t.effective_suit[c]);
           })
      .def("strength",
           [](const RulesTable& t, int c) {
             check_card(c);
             return static_cast<int>(t.strength[c]);
           })
      .def("points",
           [](const RulesTable& t, int c) {
             check_card(c);
             return static_cast<int>(t.points[c]);
           })
      .def(
          "set_card",
          [](RulesTable& t, int c, int effective_suit, int strength, int points) {
            check_card(c);
            if (effective_suit < -1 || effective_suit >= kNumSuits)
              throw Error("effective suit must be -1..3");
            if (strength < 0 || strength > 255 || points < 0 || points > 255)
              throw Error("strength and points must be 0..255");
            t.effective_suit[c] = static_cast<std::int8_t>(effective_suit);
            t.strength[c] = static_cast<std::uint8_t>(strength);
            t.points[c] = static_cast<std::uint8_t>(points);
          },
          py::arg("card"), py::arg("effective_suit"), py::arg("strength"), py::arg("points"),
          "Set one card's entries; call finalize() afterwards.")
      .def(
          "finalize",
          [](RulesTable& t, int trump) {
            if (trump < -1 || trump >= kNumSuits) throw Error("trump must be -1..3");
            finalize_suits(t, trump);
          },
          py::arg("trump"), "Set the trump suit and recompute the suit masks.")
      .def(
          "beats",
          [](const RulesTable& t, int c, int w, int led) {
            check_card(c);
            check_card(w);
            return t.beats(static_cast<Card>(c), static_cast<Card>(w), led);
          },
          py::arg("card"), py::arg("winning"), py::arg("led_suit"))
      .def_readonly("deck", &RulesTable::deck)
      .def_readonly("trump_cards", &RulesTable::trump_cards)
      .def_property_readonly("trump", [](const RulesTable& t) { return int(t.trump); })
      .def_property(
          "last_trick_bonus", [](const RulesTable& t) { return int(t.last_trick_bonus); },
          [](RulesTable& t, int v) {
            if (v < 0 || v > 255) throw Error("bonus must be 0..255");
            t.last_trick_bonus = static_cast<std::uint8_t>(v);
          })
      .def_readwrite("trick_bonus", &RulesTable::trick_bonus)
      .def_readwrite("policy", &RulesTable::policy)
      .def("suit_cards", [](const RulesTable& t, int s) {
        if (s < 0 || s >= kNumSuits) throw Error("suit must be 0..3");
        return t.suit_cards[s];
      });
}

}  // namespace tricktaker::bindings
