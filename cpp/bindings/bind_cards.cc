#include <pybind11/stl.h>
#include <pybind11/typing.h>

#include <vector>

#include "bindings.h"
#include "tricktaker/cards.h"
#include "tricktaker/rng.h"

namespace py = pybind11;

namespace tricktaker::bindings {

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
}

}  // namespace tricktaker::bindings
