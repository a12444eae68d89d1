#include <pybind11/stl.h>
#include <pybind11/typing.h>

#include <vector>

#include "bindings.h"
#include "tricktaker/cards.h"
#include "tricktaker/rng.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {

// A pack dealt from a seed in one call: the dealer drawn (or given), the pack shuffled, its
// places read out seat by seat as the dealer's packets give them, and a suit drawn, with the
// draws of Rng(seed).below / shuffled in the order the games' Python dealing makes them. The
// places of every dealer are made once per packet rule (a game's own facts, in its folder).
class DealPlan {
 public:
  DealPlan(std::vector<int> pack, std::vector<std::vector<std::vector<int>>> places)
      : pack_(std::move(pack)), places_(std::move(places)) {
    if (places_.empty()) throw Error("places: need the places of at least one dealer");
    for (int id : pack_)
      if (!is_valid_card(id)) throw Error("pack: not a card id: " + std::to_string(id));
    const int size = static_cast<int>(pack_.size());
    for (const auto& seats : places_)
      for (const auto& hand : seats)
        for (int place : hand)
          if (place < 0 || place >= size)
            throw Error("places: " + std::to_string(place) + " is not a place of the pack");
  }

  // (dealer, hands as tuples of card ids, hands as bit masks, suit): `dealer` < 0 draws the
  // dealer below the number of dealers; `suits` > 0 draws a suit below it after the shuffle
  // (else the suit is -1).
  using Dealt = py::typing::Tuple<int, py::typing::List<py::typing::Tuple<int, py::ellipsis>>,
                                  py::typing::List<int>, int>;

  Dealt deal(std::uint64_t seed, int dealer, std::uint64_t suits) const {
    Rng rng(seed);
    const auto dealers = static_cast<int>(places_.size());
    if (dealer < 0) {
      dealer = static_cast<int>(rng.below(static_cast<std::uint64_t>(dealers)));
    } else if (dealer >= dealers) {
      throw Error("dealer: " + std::to_string(dealer) + " is not a dealer of the plan");
    }
    std::vector<int> order = pack_;
    rng.shuffle(order.data(), static_cast<int>(order.size()));
    const auto& seats = places_[static_cast<std::size_t>(dealer)];
    const auto n = static_cast<py::ssize_t>(seats.size());
    py::list hands(n);
    py::list masks(n);
    for (py::ssize_t s = 0; s < n; ++s) {
      const auto& hand = seats[static_cast<std::size_t>(s)];
      py::tuple ids(static_cast<py::ssize_t>(hand.size()));
      CardSet mask = 0;
      for (std::size_t k = 0; k < hand.size(); ++k) {
        const int id = order[static_cast<std::size_t>(hand[k])];
        mask |= CardSet{1} << id;
        PyTuple_SET_ITEM(ids.ptr(), static_cast<py::ssize_t>(k), PyLong_FromLong(id));
      }
      PyList_SET_ITEM(hands.ptr(), s, ids.release().ptr());
      PyList_SET_ITEM(masks.ptr(), s, PyLong_FromUnsignedLongLong(mask));
    }
    const int suit = suits > 0 ? static_cast<int>(rng.below(suits)) : -1;
    return py::reinterpret_steal<Dealt>(
        py::make_tuple(dealer, std::move(hands), std::move(masks), suit).release());
  }

 private:
  std::vector<int> pack_;
  std::vector<std::vector<std::vector<int>>> places_;
};

}  // namespace

void check_card_table(const py::typing::List<py::object>& table) {
  const py::ssize_t size = PyList_GET_SIZE(table.ptr());
  if (size != 64) throw Error("table: need 64 items, one per card id, got " + std::to_string(size));
}

py::typing::List<py::object> card_items(CardSet cards, const py::typing::List<py::object>& table) {
  check_card_table(table);
  auto out = py::reinterpret_steal<py::typing::List<py::object>>(PyList_New(popcount(cards)));
  if (!out) throw py::error_already_set();
  py::ssize_t i = 0;
  for (Card c : cards_of{cards}) {
    PyObject* item = PyList_GET_ITEM(table.ptr(), c);
    Py_INCREF(item);
    PyList_SET_ITEM(out.ptr(), i++, item);
  }
  return out;
}

void bind_cards(py::module_& m) {
  m.def("card_to_string", [](int id) {
    if (!is_valid_card(id)) throw Error("not a card id: " + std::to_string(id));
    return card_to_string(static_cast<Card>(id));
  });
  m.def("parse_card", [](std::string_view text) { return static_cast<int>(parse_card(text)); });
  m.def(
      "mask_to_ids",
      [](CardSet mask) {
        std::vector<int> ids;
        ids.reserve(popcount(mask));
        for (Card c : cards_of{mask}) ids.push_back(c);
        return ids;
      },
      py::arg("mask"), "The card ids of a bit mask, in increasing order.");
  m.def("mask_to_items", &card_items, py::arg("mask"), py::arg("table"),
        "The items table[c] of the card ids c of a bit mask, in increasing order, where table "
        "holds 64 items, one per card id: per-card objects (card actions) in one call.");
  m.attr("RED_JOKER") = static_cast<int>(kRedJoker);
  m.attr("BLACK_JOKER") = static_cast<int>(kBlackJoker);
  m.attr("ALL_CARDS") = kAllCards;

  py::class_<Rng>(m, "Rng", "The portable generator behind every seeded shuffle.")
      .def(py::init<std::uint64_t>(), py::arg("seed"))
      .def("next", &Rng::next)
      .def("__copy__", [](const Rng& rng) { return Rng(rng); })
      .def(
          "__deepcopy__", [](const Rng& rng, py::dict) { return Rng(rng); }, py::arg("memo"))
      .def(
          "below",
          [](Rng& rng, std::uint64_t n) {
            if (n == 0) throw Error("below(n) needs n >= 1");
            return rng.below(n);
          },
          py::arg("n"))
      .def(
          "shuffled",
          [](Rng& rng, std::vector<int> items) {
            rng.shuffle(items.data(), static_cast<int>(items.size()));
            return items;
          },
          py::arg("items"), "A shuffled copy of the list (Fisher-Yates, top down).");

  py::class_<DealPlan>(m, "DealPlan",
                       "A pack dealt from a seed in one call, as Rng(seed) deals it in Python.")
      .def(py::init<std::vector<int>, std::vector<std::vector<std::vector<int>>>>(),
           py::arg("pack"), py::arg("places"),
           "pack: the card ids in their order before the shuffle; places[dealer][seat]: the "
           "places in the shuffled pack (top first) of the seat's cards when that seat deals.")
      .def("deal", &DealPlan::deal, py::arg("seed"), py::arg("dealer"), py::arg("suits"),
           "(dealer, hands, masks, suit) of the seed: the dealer drawn first with "
           "Rng(seed).below(len(places)) when dealer < 0, the pack shuffled (Rng.shuffled), "
           "each seat's cards as a tuple of ids and as a bit mask, then a suit drawn with "
           "below(suits) when suits > 0 (else -1).");
}

}  // namespace tricktaker::bindings
