// The Klaverjas observation tensor written in one call from the play state and the deal's few
// Python facts (python/tricktaker/games/klaverjas/direct_tensor.py): a reinforcement-learning
// step asks for one tensor per action, and writing it float by float from Python costs more
// than the step itself. The layout (offsets, scales, card places) comes from the Python spec,
// which stays its one definition; this file only fills the floats the spec places.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/typing.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "tricktaker/cards.h"
#include "tricktaker/play_state.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {

constexpr int kSeats = 4;

// Where each part of the tensor starts (the Python spec's segment offsets) and each card's
// place in a card plane (-1 for a card the pack lacks).
struct KlaverjasTensorPlan {
  int size = 0;
  int me = 0, phase = 0, to_move = 0, dealer = 0, declarer = 0, trump = 0, proposed_suit = 0;
  int passed = 0, hand = 0, hand_sizes = 0, trick_leader = 0, card_points = 0, roem = 0;
  std::array<int, kSeats> trick{};
  std::array<int, kSeats> played{};
  double hand_scale = 1, points_scale = 1, roem_scale = 1;
  std::array<int, 64> place{};
  std::vector<std::string> phases;  // the phase names, in the order of the phase segment
  bool last_trick_only = false;     // trick_history_visible = last_trick_only
  bool roem_auto = true;            // roem counted automatically (else the claimed roem)
};

int offset_of(const py::typing::Dict<py::str, py::int_>& offsets, const char* name) {
  if (!offsets.contains(name)) throw Error(std::string("tensor plan: no offset for ") + name);
  return offsets[name].cast<int>();
}

KlaverjasTensorPlan make_plan(int size, const py::typing::Dict<py::str, py::int_>& offsets,
                              const std::array<double, 3>& scales, const std::array<int, 64>& place,
                              const std::vector<std::string>& phases, bool last_trick_only,
                              bool roem_auto) {
  KlaverjasTensorPlan plan;
  plan.size = size;
  plan.me = offset_of(offsets, "me");
  plan.phase = offset_of(offsets, "phase");
  plan.to_move = offset_of(offsets, "to_move");
  plan.dealer = offset_of(offsets, "dealer");
  plan.declarer = offset_of(offsets, "declarer");
  plan.trump = offset_of(offsets, "trump");
  plan.proposed_suit = offset_of(offsets, "proposed_suit");
  plan.passed = offset_of(offsets, "passed");
  plan.hand = offset_of(offsets, "hand");
  plan.hand_sizes = offset_of(offsets, "hand_sizes");
  plan.trick_leader = offset_of(offsets, "trick_leader");
  plan.card_points = offset_of(offsets, "card_points");
  plan.roem = offset_of(offsets, "roem");
  for (int k = 0; k < kSeats; ++k) {
    plan.trick[k] = offset_of(offsets, ("trick_" + std::to_string(k)).c_str());
    plan.played[k] = offset_of(offsets, ("played_" + std::to_string(k)).c_str());
  }
  plan.hand_scale = scales[0];
  plan.points_scale = scales[1];
  plan.roem_scale = scales[2];
  plan.place = place;
  plan.phases = phases;
  plan.last_trick_only = last_trick_only;
  plan.roem_auto = roem_auto;
  if (phases.size() != 4) throw Error("tensor plan: four phases");
  // Every index the writer can reach must lie in the vector: checked once here, not per call.
  int last = 0;
  for (int p : place) last = std::max(last, p);
  const int ends[] = {plan.me + kSeats,
                      plan.phase + 4,
                      plan.to_move + kSeats,
                      plan.dealer + kSeats,
                      plan.declarer + kSeats,
                      plan.trump + kNumSuits,
                      plan.proposed_suit + 4,
                      plan.passed + kSeats,
                      plan.hand + last + 1,
                      plan.hand_sizes + kSeats,
                      plan.trick_leader + kSeats,
                      plan.card_points + 2,
                      plan.roem + 2};
  int reach = 0;
  for (int e : ends) reach = std::max(reach, e);
  for (int k = 0; k < kSeats; ++k) {
    reach = std::max(reach, plan.trick[k] + last + 1);
    reach = std::max(reach, plan.played[k] + last + 1);
  }
  int lowest = 0;
  for (int e : ends) lowest = std::min(lowest, e);
  if (size <= 0 || reach > size || lowest < 0)
    throw Error("tensor plan: offsets outside the vector");
  return plan;
}

// The seat `seat` as seen from `me`: 0 = me, 1 = the next to play after me, ...
inline int relative(int seat, int me) {
  return (seat - me + kSeats) % kSeats;
}

// The facts of a deal a seat's tensor reads besides its play state: seats and suits are -1
// where the deal has none; `passed` is the mask of the seats that passed in trump selection.
struct DealFacts {
  const PlayState* state = nullptr;     // none before trumps are chosen
  std::array<CardSet, kSeats> dealt{};  // the hands as dealt (read while there is no state)
  int phase = 0, to_move = -1, dealer = 0, declarer = -1, trump = -1, proposed = -1;
  int passed = 0;
  std::array<int, 2> claimed{};  // the roem claimed by each team (manual claims)
};

// An attribute of the deal by an interned name (made once: a name made per call costs more
// than reading the attribute).
struct Name {
  explicit Name(const char* text) : key(PyUnicode_InternFromString(text)) {}
  PyObject* key;  // never freed: lives as long as the module
};

py::object attribute(PyObject* deal, const Name& name) {
  py::object value = py::reinterpret_steal<py::object>(PyObject_GetAttr(deal, name.key));
  if (!value) throw py::error_already_set();
  return value;
}

// An int attribute of the deal, or -1 for None (a suit is an IntEnum: an int too).
int int_or_none(PyObject* deal, const Name& name) {
  py::object value = attribute(deal, name);
  if (value.is_none()) return -1;
  const long v = PyLong_AsLong(value.ptr());
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return static_cast<int>(v);
}

// The facts as the Klaverjas deal keeps them (python/tricktaker/games/klaverjas/observation.py
// declares them): the play state, the dealt hands' masks, the phase's name, the seats, the
// suits, the calls of trump selection and the claimed roem.
DealFacts read_facts(const KlaverjasTensorPlan& plan, PyObject* deal) {
  static const Name kState("state"), kHandMasks("_hand_masks"), kPhase("_phase"),
      kToMove("_to_move"), kDealer("dealer"), kDeclarer("declarer"), kTrump("trump"),
      kProposed("proposed_suit"), kCalls("calls"), kClaimed("_claimed");
  DealFacts f;
  py::object state = attribute(deal, kState);
  if (!state.is_none()) {
    f.state = state.cast<const PlayState*>();
    if (f.state->num_players() != kSeats) throw Error("klaverjas tensor: a four-seat play state");
  } else {
    py::object dealt = attribute(deal, kHandMasks);
    if (!PyList_Check(dealt.ptr()) || PyList_GET_SIZE(dealt.ptr()) != kSeats)
      throw Error("klaverjas tensor: four dealt hands");
    for (int p = 0; p < kSeats; ++p)
      f.dealt[p] = py::handle(PyList_GET_ITEM(dealt.ptr(), p)).cast<CardSet>();
  }
  py::object phase = attribute(deal, kPhase);
  f.phase = -1;
  for (std::size_t i = 0; i < plan.phases.size(); ++i)
    if (PyUnicode_Check(phase.ptr()) &&
        PyUnicode_CompareWithASCIIString(phase.ptr(), plan.phases[i].c_str()) == 0)
      f.phase = static_cast<int>(i);
  if (f.phase < 0) throw Error("klaverjas tensor: a phase the tensor does not know");
  f.to_move = int_or_none(deal, kToMove);
  f.dealer = int_or_none(deal, kDealer);
  f.declarer = int_or_none(deal, kDeclarer);
  f.trump = int_or_none(deal, kTrump);
  f.proposed = int_or_none(deal, kProposed);
  if (f.dealer < 0 || f.dealer >= kSeats || f.to_move >= kSeats || f.declarer >= kSeats ||
      f.trump >= kNumSuits || f.proposed >= kNumSuits)
    throw Error("klaverjas tensor: a seat or suit out of range");
  py::object calls = attribute(deal, kCalls);  // [(seat, call), ...]
  if (!PyList_Check(calls.ptr())) throw Error("klaverjas tensor: calls must be a list");
  for (py::ssize_t i = 0; i < PyList_GET_SIZE(calls.ptr()); ++i) {
    PyObject* call = PyList_GET_ITEM(calls.ptr(), i);
    if (!PyTuple_Check(call) || PyTuple_GET_SIZE(call) != 2)
      throw Error("klaverjas tensor: a call is (seat, name)");
    PyObject* name = PyTuple_GET_ITEM(call, 1);
    if (PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, "pass") == 0) {
      const long seat = PyLong_AsLong(PyTuple_GET_ITEM(call, 0));
      if (seat < 0 || seat >= kSeats) {
        PyErr_Clear();
        throw Error("klaverjas tensor: a call's seat out of range");
      }
      f.passed |= 1 << seat;
    }
  }
  if (!plan.roem_auto) {
    py::object claimed = attribute(deal, kClaimed);
    if (!PyList_Check(claimed.ptr()) || PyList_GET_SIZE(claimed.ptr()) != 2)
      throw Error("klaverjas tensor: the claimed roem of two teams");
    for (int t = 0; t < 2; ++t)
      f.claimed[t] = py::handle(PyList_GET_ITEM(claimed.ptr(), t)).cast<int>();
  }
  return f;
}

// One seat's tensor from the deal's facts.
py::array_t<float> write_tensor(const KlaverjasTensorPlan& plan, const DealFacts& f, int me) {
  const PlayState* state = f.state;
  void* data = nullptr;
  py::object out = fresh_zeros(py::detail::npy_api::NPY_FLOAT_, plan.size, sizeof(float), &data);
  float* v = static_cast<float*>(data);
  const auto& place = plan.place;
  v[plan.me + me] = 1;
  v[plan.phase + f.phase] = 1;
  v[plan.dealer + relative(f.dealer, me)] = 1;
  if (f.to_move >= 0) v[plan.to_move + relative(f.to_move, me)] = 1;
  if (f.declarer >= 0) v[plan.declarer + relative(f.declarer, me)] = 1;
  if (f.trump >= 0) v[plan.trump + f.trump] = 1;
  if (f.proposed >= 0) v[plan.proposed_suit + f.proposed] = 1;
  for (int p = 0; p < kSeats; ++p)
    if (f.passed >> p & 1) v[plan.passed + relative(p, me)] = 1;
  std::array<int, kSeats> sizes{};
  auto mark = [&](int at, int card) {
    if (place[card] < 0) throw Error("klaverjas tensor: a card outside the pack");
    v[at + place[card]] = 1;
  };
  if (state == nullptr) {
    for (int p = 0; p < kSeats; ++p) sizes[p] = popcount(f.dealt[p]);
    for (Card c : cards_of{f.dealt[me]}) mark(plan.hand, c);
  } else {
    for (int p = 0; p < kSeats; ++p) sizes[p] = popcount(state->hand(p));
    for (Card c : cards_of{state->hand(me)}) mark(plan.hand, c);
    // Every trick has four cards (no seat sits out or folds): the history is the completed
    // tricks, then the trick on the table.
    const int played = state->cards_played();
    const int completed = played - state->trick_len();
    if (completed < played) {
      v[plan.trick_leader + relative(state->history_player(completed), me)] = 1;
      for (int i = completed; i < played; ++i)
        mark(plan.trick[relative(state->history_player(i), me)], state->history_card(i));
    }
    const int first = plan.last_trick_only ? std::max(0, completed - kSeats) : 0;
    for (int i = first; i < completed; ++i)
      mark(plan.played[relative(state->history_player(i), me)], state->history_card(i));
  }
  // The values as Python writes them: a double quotient rounded once to float.
  for (int r = 0; r < kSeats; ++r)
    v[plan.hand_sizes + r] =
        static_cast<float>(static_cast<double>(sizes[(r + me) % kSeats]) / plan.hand_scale);
  if (state != nullptr) {
    const int team = me % 2;
    const int roem_own = plan.roem_auto ? state->side_bonus(team) : f.claimed[team];
    const int roem_other = plan.roem_auto ? state->side_bonus(1 - team) : f.claimed[1 - team];
    v[plan.card_points] =
        static_cast<float>(static_cast<double>(state->side_points(team)) / plan.points_scale);
    v[plan.card_points + 1] =
        static_cast<float>(static_cast<double>(state->side_points(1 - team)) / plan.points_scale);
    v[plan.roem] = static_cast<float>(static_cast<double>(roem_own) / plan.roem_scale);
    v[plan.roem + 1] = static_cast<float>(static_cast<double>(roem_other) / plan.roem_scale);
  }
  return py::reinterpret_steal<py::array_t<float>>(out.release());
}

}  // namespace

void bind_klaverjas_tensor(py::module_& m) {
  py::class_<KlaverjasTensorPlan>(
      m, "KlaverjasTensorPlan",
      "Where the Klaverjas observation tensor's parts lie (from the Python spec); write() "
      "fills a seat's tensor in one call.")
      .def(py::init(&make_plan), py::arg("size"), py::arg("offsets"), py::arg("scales"),
           py::arg("place"), py::arg("phases"), py::arg("last_trick_only"), py::arg("roem_auto"),
           "offsets: segment name -> offset (trick_k and played_k per relative seat); scales: "
           "hand sizes, card points, roem; place: each card id's index in a card plane, -1 "
           "for a card outside the pack; phases: the phase names in segment order; the "
           "options that change what a seat sees.")
      .def_readonly("size", &KlaverjasTensorPlan::size)
      .def(
          "write",
          [](const KlaverjasTensorPlan& plan, const py::object& deal, int me) {
            if (me < 0 || me >= kSeats) throw Error("seat must be 0..3");
            return write_tensor(plan, read_facts(plan, deal.ptr()), me);
          },
          py::arg("deal"), py::arg("me"),
          "The tensor (float32) of seat `me` of a Klaverjas deal, read from the deal's play "
          "state and facts.");
}

}  // namespace tricktaker::bindings
