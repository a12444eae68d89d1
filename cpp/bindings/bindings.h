// One registration function per area; module.cc calls them all.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/typing.h>

#include "tricktaker/cards.h"

namespace tricktaker::bindings {

// The items table[c] of the cards c of a set, in increasing order, where table is a list of 64
// items, one per card id (card actions, for instance): per-card Python objects in one call.
// Raises ValueError (check_card_table) for a table of another length.
void check_card_table(const pybind11::typing::List<pybind11::object>& table);
pybind11::typing::List<pybind11::object> card_items(
    CardSet cards, const pybind11::typing::List<pybind11::object>& table);

void bind_cards(pybind11::module_& m);
void bind_rules(pybind11::module_& m);
void bind_play_state(pybind11::module_& m);
void bind_klaverjas(pybind11::module_& m);
void bind_kirves(pybind11::module_& m);
void bind_kiksas(pybind11::module_& m);
void bind_allfours(pybind11::module_& m);
void bind_playout(pybind11::module_& m);
void bind_sampling(pybind11::module_& m);
void bind_solver(pybind11::module_& m);

}  // namespace tricktaker::bindings
