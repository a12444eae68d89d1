#include <pybind11/stl.h>

#include <vector>

#include "bindings.h"
#include "trick_gate.h"
#include "tricktaker/games/kiksas.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {

// The tricks a Kiksas deal's Python must see (games/kiksas/deal.py, _after_trick): the first
// under the trump-count announcement, one after which the deal ends, one at which a side
// reaches its target (the TargetReached event), and one that opens "Su dviem" or a declined
// last lead. After any other trick the deal only goes on with the next card, which the card
// step does itself. The context is the deal's own (copied: it stays as the gate was made).
class KiksasTrickGate final : public TrickGate {
 public:
  KiksasTrickGate(const KiksasDealContext& context, bool su_dviem, bool decline_last_lead,
                  bool announce_first_trick)
      : context_(context),
        su_dviem_(su_dviem),
        decline_last_lead_(decline_last_lead),
        announce_first_trick_(announce_first_trick) {}

  bool hands_back(const PlayState& state) const override {
    const int no = state.tricks_played();
    if (no == 1 && announce_first_trick_) return true;
    const KiksasDealResult r = kiksas_evaluate(state, context_);
    if (r.over || r.reached_at[0] == no || r.reached_at[1] == no) return true;
    if (su_dviem_ && kiksas_su_dviem_available(state, context_)) return true;
    return decline_last_lead_ && kiksas_may_decline_last_lead(state, context_);
  }

  const KiksasDealContext& context() const { return context_; }

 private:
  KiksasDealContext context_;
  bool su_dviem_;
  bool decline_last_lead_;
  bool announce_first_trick_;
};

}  // namespace

void bind_kiksas(py::module_& m) {
  m.def("kiksas_deck", &kiksas_deck, "The 24-card deck (9 to A of every suit) as a mask.");
  m.def(
      "kiksas_trump_queen",
      [](int trump) {
        if (trump < 0 || trump >= kNumSuits) throw Error("trump must be a suit 0..3");
        return static_cast<int>(kiksas_trump_queen(trump));
      },
      py::arg("trump"));
  m.def(
      "kiksas_rules",
      [](int trump, bool must_overtrump, bool must_head_in_suit, bool partner_exemption) {
        KiksasRulesOptions options;
        options.must_overtrump = must_overtrump;
        options.must_head_in_suit = must_head_in_suit;
        options.partner_exemption = partner_exemption;
        return kiksas_rules(trump, options);
      },
      py::arg("trump"), py::arg("must_overtrump") = false, py::arg("must_head_in_suit") = false,
      py::arg("partner_exemption") = false,
      "The rules table of a deal: trump 0..3, or -1 for a no-trump Akis.");

  py::enum_<KiksasDealType>(m, "KiksasDealType")
      .value("FIRST", KiksasDealType::kFirst)
      .value("WRITING", KiksasDealType::kWriting)
      .value("WRITING_OFF", KiksasDealType::kWritingOff);
  py::enum_<AkisKind>(m, "AkisKind")
      .value("NONE", AkisKind::kNone)
      .value("OWN_TRUMPS", AkisKind::kOwnTrumps)
      .value("NO_TRUMPS_ALL", AkisKind::kNoTrumpsAll)
      .value("NO_TRUMPS_NONE", AkisKind::kNoTrumpsNone);
  py::enum_<FigureKind>(m, "FigureKind")
      .value("NONE", FigureKind::kNone)
      .value("STROKE", FigureKind::kStroke)
      .value("EGG", FigureKind::kEgg)
      .value("CROSS", FigureKind::kCross);
  py::enum_<KiksasOutcome>(m, "KiksasOutcome")
      .value("UNDECIDED", KiksasOutcome::kUndecided)
      .value("WRITTEN", KiksasOutcome::kWritten)
      .value("WRITER_EGG", KiksasOutcome::kWriterEgg)
      .value("WRITING_OFF_SWEEP", KiksasOutcome::kWritingOffSweep)
      .value("RACE_WON", KiksasOutcome::kRaceWon)
      .value("RACE_SWEEP_EGG", KiksasOutcome::kRaceSweepEgg)
      .value("CONCEDED", KiksasOutcome::kConceded)
      .value("SU_DVIEM_MADE", KiksasOutcome::kSuDviemMade)
      .value("SU_DVIEM_FAILED", KiksasOutcome::kSuDviemFailed)
      .value("SELF_EGG", KiksasOutcome::kSelfEgg)
      .value("AKIS_MADE", KiksasOutcome::kAkisMade)
      .value("AKIS_FAILED", KiksasOutcome::kAkisFailed);

  py::class_<KiksasDealContext>(m, "KiksasDealContext",
                                "What the deal evaluation needs besides the play state.")
      .def(py::init<>())
      .def_readwrite("type", &KiksasDealContext::type)
      .def_readwrite("writing_side", &KiksasDealContext::writing_side)
      .def_readwrite("targets", &KiksasDealContext::targets)
      .def_readwrite("su_dviem", &KiksasDealContext::su_dviem)
      .def_readwrite("last_lead_declined", &KiksasDealContext::last_lead_declined)
      .def_readwrite("akis", &KiksasDealContext::akis)
      .def_readwrite("akis_side", &KiksasDealContext::akis_side)
      .def_readwrite("writing_off_end_when_decided",
                     &KiksasDealContext::writing_off_end_when_decided)
      .def_readwrite("sweep_egg_to_o", &KiksasDealContext::sweep_egg_to_o)
      .def_readwrite("sweep_egg_to_w", &KiksasDealContext::sweep_egg_to_w)
      .def_readwrite("akis_play_out", &KiksasDealContext::akis_play_out)
      .def_readwrite("su_dviem_made_strokes", &KiksasDealContext::su_dviem_made_strokes);

  py::class_<KiksasDealResult>(m, "KiksasDealResult")
      .def_readonly("points", &KiksasDealResult::points)
      .def_readonly("tricks", &KiksasDealResult::tricks)
      .def_readonly("reached_at", &KiksasDealResult::reached_at)
      .def_readonly("race_winner", &KiksasDealResult::race_winner)
      .def_readonly("outcome", &KiksasDealResult::outcome)
      .def_readonly("decided", &KiksasDealResult::decided)
      .def_readonly("over", &KiksasDealResult::over)
      .def_readonly("figure_side", &KiksasDealResult::figure_side)
      .def_readonly("figure_kind", &KiksasDealResult::figure_kind)
      .def_readonly("figure_count", &KiksasDealResult::figure_count);

  m.def("kiksas_evaluate", &kiksas_evaluate, py::arg("state"), py::arg("context"),
        "Points, the race, the outcome and the figures of a deal in progress or finished.");
  m.def(
      "kiksas_evaluate_tricks",
      [](const std::vector<int>& winner_sides, const std::vector<int>& points, int total_tricks,
         const KiksasDealContext& context, bool trick_open) {
        if (winner_sides.size() != points.size())
          throw Error("winner_sides and points must have one entry per trick");
        if (winner_sides.size() > kKiksasMaxTricks)
          throw Error("a Kiksas deal has at most 8 tricks");
        KiksasTrickSummary summary;
        summary.total_tricks = total_tricks;
        summary.played = static_cast<int>(winner_sides.size());
        summary.trick_open = trick_open;
        for (std::size_t i = 0; i < winner_sides.size(); ++i) {
          if (winner_sides[i] != 0 && winner_sides[i] != 1)
            throw Error("winner_sides must be 0 or 1");
          if (points[i] < 0 || points[i] > kKiksasDeckPoints)
            throw Error("trick points must be 0..138");
          summary.winner_side[i] = static_cast<std::uint8_t>(winner_sides[i]);
          summary.points[i] = static_cast<std::uint16_t>(points[i]);
        }
        return kiksas_evaluate_tricks(summary, context);
      },
      py::arg("winner_sides"), py::arg("points"), py::arg("total_tricks"), py::arg("context"),
      py::arg("trick_open") = false,
      "The evaluation from the completed tricks alone: each trick's winning side and points.");
  // After each trick the deal reads the evaluation's fields (each a binding call; the pairs a
  // new list at every read) and asks for the calls the trick opens: here one call gives them.
  m.def(
      "kiksas_evaluate_fields",
      [](const PlayState& state, const KiksasDealContext& context, bool su_dviem,
         bool decline_last_lead) {
        const KiksasDealResult r = kiksas_evaluate(state, context);
        auto pair = [](const std::array<int, 2>& a) { return py::make_tuple(a[0], a[1]); };
        const bool su = !r.over && su_dviem && kiksas_su_dviem_available(state, context);
        const bool last =
            !r.over && !su && decline_last_lead && kiksas_may_decline_last_lead(state, context);
        return py::make_tuple(r.over, int(r.outcome), pair(r.points), pair(r.tricks),
                              pair(r.reached_at), r.race_winner, r.figure_side, int(r.figure_kind),
                              r.figure_count, su, last);
      },
      py::arg("state"), py::arg("context"), py::arg("su_dviem"), py::arg("decline_last_lead"),
      "kiksas_evaluate as (over, outcome number, points, tricks, reached_at, race_winner, "
      "figure_side, figure kind number, figure_count), then, where the deal goes on, whether "
      "\"Su dviem\" may be declared now (asked only with su_dviem) and, if not, whether the last "
      "lead may be declined (asked only with decline_last_lead).");
  py::class_<KiksasTrickGate, TrickGate>(
      m, "KiksasTrickGate",
      "Which completed tricks of a Kiksas deal's card step go back to the deal's Python: the "
      "first under the trump-count announcement (announce_first_trick), one that ends the deal "
      "or at which a side reaches its target, one that opens \"Su dviem\" (with su_dviem) or a "
      "declined last lead (with decline_last_lead), as kiksas_evaluate_fields says. The context "
      "is copied.")
      .def(py::init<const KiksasDealContext&, bool, bool, bool>(), py::arg("context"),
           py::arg("su_dviem"), py::arg("decline_last_lead"), py::arg("announce_first_trick"))
      .def("hands_back", &KiksasTrickGate::hands_back, py::arg("state"),
           "Whether the trick just completed in state goes back to the deal.");
  m.def("kiksas_su_dviem_available", &kiksas_su_dviem_available, py::arg("state"),
        py::arg("context"));
  m.def("kiksas_may_decline_last_lead", &kiksas_may_decline_last_lead, py::arg("state"),
        py::arg("context"));

  py::class_<KiksasTrumpCount>(m, "KiksasTrumpCount")
      .def_readonly("announcer", &KiksasTrumpCount::announcer)
      .def_readonly("announced", &KiksasTrumpCount::announced)
      .def_readonly("partner", &KiksasTrumpCount::partner)
      .def_readonly("partner_trumps", &KiksasTrumpCount::partner_trumps)
      .def_readonly("total", &KiksasTrumpCount::total);
  m.def("kiksas_trump_count", &kiksas_trump_count, py::arg("state"), py::arg("partner"),
        "The announcement after trick 1: the winner's count and the partner's addition.");
}

}  // namespace tricktaker::bindings
