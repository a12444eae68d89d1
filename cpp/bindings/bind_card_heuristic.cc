// The shared card-play heuristic (card_heuristic.h) for the rule-based bots. The view comes as
// plain lists, dicts and masks, read with the C API: the bots call it once per decision.
#include <pybind11/pybind11.h>

#include <string>
#include <utility>
#include <vector>

#include "bindings.h"
#include "tricktaker/card_heuristic.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {

long as_long(PyObject* item, const char* name) {
  if (!PyLong_Check(item) || PyBool_Check(item))
    throw py::type_error(std::string(name) + ": expected an int");
  const long v = PyLong_AsLong(item);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return v;
}

CardSet as_mask(PyObject* item, const char* name) {
  if (!PyLong_Check(item) || PyBool_Check(item))
    throw py::type_error(std::string(name) + ": expected a card mask (an int)");
  const unsigned long long v = PyLong_AsUnsignedLongLong(item);
  if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    throw Error(std::string(name) + ": not a card mask (an int 0 .. 2**64 - 1)");
  }
  return v;
}

int as_seat(PyObject* item, int num_seats, const char* name) {
  const long v = as_long(item, name);
  if (v < 0 || v >= num_seats)
    throw Error(std::string(name) + ": seat " + std::to_string(v) + " is not 0.." +
                std::to_string(num_seats - 1));
  return static_cast<int>(v);
}

// A list or tuple: its size and items (borrowed).
struct Items {
  PyObject** items;
  Py_ssize_t size;
};

Items as_items(py::handle h, const char* name) {
  PyObject* o = h.ptr();
  if (PyList_Check(o)) return {PySequence_Fast_ITEMS(o), PyList_GET_SIZE(o)};
  if (PyTuple_Check(o)) return {PySequence_Fast_ITEMS(o), PyTuple_GET_SIZE(o)};
  throw py::type_error(std::string(name) + ": expected a list or a tuple");
}

void read_seat_masks(py::handle h, int num_seats, std::array<CardSet, kMaxPlayers>& out,
                     std::uint32_t* present, const char* name) {
  if (!PyDict_Check(h.ptr())) throw py::type_error(std::string(name) + ": expected a dict");
  PyObject *key, *value;
  Py_ssize_t pos = 0;
  while (PyDict_Next(h.ptr(), &pos, &key, &value)) {
    const int seat = as_seat(key, num_seats, name);
    out[seat] = as_mask(value, name);
    if (present != nullptr) *present |= 1u << seat;
  }
}

HeuristicStyle read_style(bool pull_trumps, int gamble_from, int trick_worth,
                          std::uint32_t prefer_lead, std::uint32_t avoid_lead, py::handle bonus);

int pick(const RulesTable& rules, int me, py::handle sides, py::handle active, CardSet hand,
         CardSet legal, py::handle trick, CardSet unseen, py::handle hidden, py::handle known,
         py::handle excluded, bool pull_trumps, int gamble_from, int trick_worth,
         std::uint32_t prefer_lead, std::uint32_t avoid_lead, py::handle bonus) {
  HeuristicView view;
  view.rules = &rules;
  const Items s = as_items(sides, "sides");
  const Py_ssize_t n = s.size;
  if (n < 1 || n > kMaxPlayers)
    throw Error("sides: need one side per seat, 1.." + std::to_string(kMaxPlayers) + " seats");
  view.num_seats = static_cast<int>(n);
  if (me < 0 || me >= n) throw Error("me: seat " + std::to_string(me) + " is not at the table");
  view.me = me;
  for (Py_ssize_t i = 0; i < n; ++i) view.sides[i] = static_cast<int>(as_long(s.items[i], "sides"));
  const Items a = as_items(active, "active");
  if (a.size > n) throw Error("active: more seats than at the table");
  view.num_active = static_cast<int>(a.size);
  for (int i = 0; i < view.num_active; ++i)
    view.active[i] = as_seat(a.items[i], view.num_seats, "active");
  view.hand = hand;
  view.legal = legal;
  const Items t = as_items(trick, "trick");
  if (t.size >= n) throw Error("trick: a full trick has no seat left to play");
  view.trick_len = static_cast<int>(t.size);
  for (int i = 0; i < view.trick_len; ++i) {
    PyObject* pair = t.items[i];
    if (!(PyTuple_Check(pair) || PyList_Check(pair)) || PySequence_Fast_GET_SIZE(pair) != 2)
      throw py::type_error("trick: expected (seat, card) pairs");
    view.trick_seat[i] = as_seat(PySequence_Fast_GET_ITEM(pair, 0), view.num_seats, "trick");
    const long c = as_long(PySequence_Fast_GET_ITEM(pair, 1), "trick");
    if (c < 0 || c > 63 || !rules.in_deck(static_cast<Card>(c)))
      throw Error("trick: card id " + std::to_string(c) + " is not in this deck");
    view.trick_card[i] = static_cast<Card>(c);
  }
  view.unseen = unseen;
  const Items h = as_items(hidden, "hidden");
  if (h.size != n) throw Error("hidden: need one count per seat");
  for (Py_ssize_t i = 0; i < n; ++i)
    view.hidden[i] = static_cast<int>(as_long(h.items[i], "hidden"));
  read_seat_masks(known, view.num_seats, view.known, &view.has_known, "known");
  read_seat_masks(excluded, view.num_seats, view.excluded, nullptr, "excluded");
  if ((hand | legal) & ~rules.deck) throw Error("hand: a card not in this deck");
  if (legal & ~hand) throw Error("legal: a legal card is not in the hand");
  if (legal == 0) throw Error("legal: there is no legal card to choose");
  return choose_card(
      view, read_style(pull_trumps, gamble_from, trick_worth, prefer_lead, avoid_lead, bonus));
}

HeuristicStyle read_style(bool pull_trumps, int gamble_from, int trick_worth,
                          std::uint32_t prefer_lead, std::uint32_t avoid_lead, py::handle bonus) {
  HeuristicStyle style;
  style.pull_trumps = pull_trumps;
  style.gamble_from = gamble_from;
  style.trick_worth = trick_worth;
  style.prefer_lead = prefer_lead;
  style.avoid_lead = avoid_lead;
  if (!bonus.is_none()) {
    const Items b = as_items(bonus, "bonus");
    if (b.size != 64) throw Error("bonus: need one value per card id (64)");
    for (int c = 0; c < 64; ++c) style.bonus[c] = static_cast<int>(as_long(b.items[c], "bonus"));
  }
  return style;
}

int pick_seen(const HeuristicView& seen, CardSet legal, bool pull_trumps, int gamble_from,
              int trick_worth, std::uint32_t prefer_lead, std::uint32_t avoid_lead,
              py::handle bonus) {
  if (legal & ~seen.hand) throw Error("legal: a legal card is not in the hand");
  if (legal == 0) throw Error("legal: there is no legal card to choose");
  HeuristicView view = seen;
  view.legal = legal;
  return choose_card(
      view, read_style(pull_trumps, gamble_from, trick_worth, prefer_lead, avoid_lead, bonus));
}

}  // namespace

void bind_card_heuristic(py::module_& m) {
  py::class_<HeuristicView>(m, "SeatView",
                            "One seat's view of the card play, made by the core from a play "
                            "state whose whole history the seat has seen: only its hand, the "
                            "trick, the cards it has not seen, the other seats' card counts and "
                            "the cards their plays show they cannot hold.")
      .def(py::init([](const PlayState& state, const py::int_& seat, bool exclusions) {
             return seat_view(state, seat_arg(state, seat), exclusions);
           }),
           py::arg("state"), py::arg("seat"), py::arg("exclusions"),
           "The view of `seat`; with `exclusions`, the cards each other seat cannot hold.")
      .def_property_readonly("me", [](const HeuristicView& v) { return v.me; })
      .def_property_readonly("hand", [](const HeuristicView& v) { return v.hand; })
      .def_property_readonly("unseen", [](const HeuristicView& v) { return v.unseen; })
      .def_property_readonly(
          "trick",
          [](const HeuristicView& v) {
            std::vector<std::pair<int, int>> out;
            for (int i = 0; i < v.trick_len; ++i)
              out.emplace_back(v.trick_seat[i], v.trick_card[i]);
            return out;
          },
          "The current trick as (seat, card) pairs.")
      .def_property_readonly(
          "hidden",
          [](const HeuristicView& v) {
            return std::vector<int>(v.hidden.begin(), v.hidden.begin() + v.num_seats);
          },
          "How many cards each other seat holds (0 for the seat itself).")
      .def_property_readonly(
          "excluded",
          [](const HeuristicView& v) {
            py::dict out;
            for (int p = 0; p < v.num_seats; ++p)
              if (v.excluded[p]) out[py::int_(p)] = py::int_(v.excluded[p]);
            return out;
          },
          "{seat: the unseen cards its plays show it cannot hold}, seats with none left out.");
  m.def("choose_card_seen", &pick_seen, py::arg("view"), py::arg("legal"), py::arg("pull_trumps"),
        py::arg("gamble_from"), py::arg("trick_worth"), py::arg("prefer_lead"),
        py::arg("avoid_lead"), py::arg("bonus"),
        "choose_card on a SeatView: the card (id) to play among `legal` (a mask of the hand).");
  m.def("choose_card", &pick, py::arg("rules"), py::arg("me"), py::arg("sides"), py::arg("active"),
        py::arg("hand"), py::arg("legal"), py::arg("trick"), py::arg("unseen"), py::arg("hidden"),
        py::arg("known"), py::arg("excluded"), py::arg("pull_trumps"), py::arg("gamble_from"),
        py::arg("trick_worth"), py::arg("prefer_lead"), py::arg("avoid_lead"), py::arg("bonus"),
        "The card (id) the shared rule-bot heuristic plays from one seat's view: sides and "
        "active seats as lists, the trick as (seat, card) tuples, hidden counts per seat, "
        "known and excluded cards as {seat: mask}, the style's fields (lead suits as suit "
        "masks) and each card's bonus (a list of 64, or None for none).");
}

}  // namespace tricktaker::bindings
