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
};

int offset_of(const py::typing::Dict<py::str, py::int_>& offsets, const char* name) {
  if (!offsets.contains(name)) throw Error(std::string("tensor plan: no offset for ") + name);
  return offsets[name].cast<int>();
}

KlaverjasTensorPlan make_plan(int size, const py::typing::Dict<py::str, py::int_>& offsets,
                              const std::array<double, 3>& scales,
                              const std::array<int, 64>& place) {
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

// One seat's tensor. `state` is None before trumps are chosen (the hands are then the dealt
// masks); seats and suits are -1 where the deal has none; `passed` is the mask of the seats
// that passed in trump selection; the roem is the state's (counted automatically) or the
// claimed roem of each team.
py::array_t<float> write_tensor(const KlaverjasTensorPlan& plan,
                                const std::optional<py::object>& state_or_none,
                                const py::typing::List<py::int_>& dealt, int me, int phase,
                                int to_move, int dealer, int declarer, int trump, int proposed,
                                int passed, bool last_trick_only, bool roem_auto, int claimed_0,
                                int claimed_1) {
  const PlayState* state =
      state_or_none ? state_or_none->cast<const PlayState*>() : nullptr;  // TypeError if not one
  if (me < 0 || me >= kSeats) throw Error("seat must be 0..3");
  if (phase < 0 || phase >= 4 || dealer < 0 || dealer >= kSeats || to_move >= kSeats ||
      declarer >= kSeats || trump >= kNumSuits || proposed >= kNumSuits)
    throw Error("klaverjas tensor: a fact out of range");
  py::array_t<float> out(plan.size);
  float* v = out.mutable_data();
  std::memset(v, 0, sizeof(float) * static_cast<std::size_t>(plan.size));
  const auto& place = plan.place;
  v[plan.me + me] = 1;
  v[plan.phase + phase] = 1;
  v[plan.dealer + relative(dealer, me)] = 1;
  if (to_move >= 0) v[plan.to_move + relative(to_move, me)] = 1;
  if (declarer >= 0) v[plan.declarer + relative(declarer, me)] = 1;
  if (trump >= 0) v[plan.trump + trump] = 1;
  if (proposed >= 0) v[plan.proposed_suit + proposed] = 1;
  for (int p = 0; p < kSeats; ++p)
    if (passed >> p & 1) v[plan.passed + relative(p, me)] = 1;
  std::array<int, kSeats> sizes{};
  auto mark = [&](int at, int card) {
    if (place[card] < 0) throw Error("klaverjas tensor: a card outside the pack");
    v[at + place[card]] = 1;
  };
  if (state == nullptr) {
    if (PyList_GET_SIZE(dealt.ptr()) != kSeats) throw Error("klaverjas tensor: four dealt hands");
    for (int p = 0; p < kSeats; ++p) {
      const CardSet hand =
          py::reinterpret_borrow<py::object>(PyList_GET_ITEM(dealt.ptr(), p)).cast<CardSet>();
      sizes[p] = popcount(hand);
      if (p == me)
        for (Card c : cards_of{hand}) mark(plan.hand, c);
    }
  } else {
    if (state->num_players() != kSeats) throw Error("klaverjas tensor: a four-seat play state");
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
    const int first = last_trick_only ? std::max(0, completed - kSeats) : 0;
    for (int i = first; i < completed; ++i)
      mark(plan.played[relative(state->history_player(i), me)], state->history_card(i));
  }
  // The values as Python writes them: a double quotient rounded once to float.
  for (int r = 0; r < kSeats; ++r)
    v[plan.hand_sizes + r] =
        static_cast<float>(static_cast<double>(sizes[(r + me) % kSeats]) / plan.hand_scale);
  if (state != nullptr) {
    const int team = me % 2;
    const int claimed[2] = {claimed_0, claimed_1};
    const int roem_own = roem_auto ? state->side_bonus(team) : claimed[team];
    const int roem_other = roem_auto ? state->side_bonus(1 - team) : claimed[1 - team];
    v[plan.card_points] =
        static_cast<float>(static_cast<double>(state->side_points(team)) / plan.points_scale);
    v[plan.card_points + 1] =
        static_cast<float>(static_cast<double>(state->side_points(1 - team)) / plan.points_scale);
    v[plan.roem] = static_cast<float>(static_cast<double>(roem_own) / plan.roem_scale);
    v[plan.roem + 1] = static_cast<float>(static_cast<double>(roem_other) / plan.roem_scale);
  }
  return out;
}

}  // namespace

void bind_klaverjas_tensor(py::module_& m) {
  py::class_<KlaverjasTensorPlan>(
      m, "KlaverjasTensorPlan",
      "Where the Klaverjas observation tensor's parts lie (from the Python spec); write() "
      "fills a seat's tensor in one call.")
      .def(py::init(&make_plan), py::arg("size"), py::arg("offsets"), py::arg("scales"),
           py::arg("place"),
           "offsets: segment name -> offset (trick_k and played_k per relative seat); scales: "
           "hand sizes, card points, roem; place: each card id's index in a card plane, -1 "
           "for a card outside the pack.")
      .def_readonly("size", &KlaverjasTensorPlan::size)
      .def("write", &write_tensor, py::arg("state"), py::arg("dealt"), py::arg("me"),
           py::arg("phase"), py::arg("to_move"), py::arg("dealer"), py::arg("declarer"),
           py::arg("trump"), py::arg("proposed"), py::arg("passed"), py::arg("last_trick_only"),
           py::arg("roem_auto"), py::arg("claimed_0"), py::arg("claimed_1"),
           "A seat's observation tensor (float32): the play state (None before trumps are "
           "chosen, the hands then the dealt masks), the phase's index, seats and suits (-1 "
           "for none), the mask of the seats that passed, and the roem (the state's when "
           "counted automatically, else the claimed roem of team 0 and team 1).");
}

}  // namespace tricktaker::bindings
