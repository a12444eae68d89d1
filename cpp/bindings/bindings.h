// One registration function per area; module.cc calls them all.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/typing.h>

#include <cstddef>
#include <cstdint>
#include <optional>

#include "tricktaker/cards.h"
#include "tricktaker/play_state.h"
#include "tricktaker/solver.h"

namespace tricktaker::bindings {

// The items table[c] of the cards c of a set, in increasing order, where table is a list of 64
// items, one per card id (card actions, for instance): per-card Python objects in one call.
// Raises ValueError (check_card_table) for a table of another length.
void check_card_table(const pybind11::typing::List<pybind11::object>& table);
pybind11::typing::List<pybind11::object> card_items(
    CardSet cards, const pybind11::typing::List<pybind11::object>& table);

// Checked integer arguments (args.cc): a Python int in [lo, hi], else tricktaker::Error naming
// the range (TypeError for a bool); a seat of the state; a thread count 0..kMaxThreads; a table
// size 1..Solver::kMaxMemoryMb; the search limits of a solver call (None: no limit).
std::int64_t int_in_range(const pybind11::int_& value, const char* name, std::int64_t lo,
                          std::int64_t hi);
int seat_arg(const PlayState& state, const pybind11::int_& seat);
int threads_arg(const pybind11::int_& threads);
std::size_t memory_mb_arg(const pybind11::int_& memory_mb);
SearchLimits limits_arg(const std::optional<pybind11::int_>& max_nodes,
                        const std::optional<double>& time_limit);

// A fresh zero-filled one-dimensional numpy array of `size` items of numpy type `npy_type`
// (fresh_array.cc); `data` receives its buffer.
pybind11::object fresh_zeros(int npy_type, pybind11::ssize_t size, std::size_t item_size,
                             void** data);

void bind_cards(pybind11::module_& m);
void bind_rules(pybind11::module_& m);
void bind_play_state(pybind11::module_& m);
void bind_klaverjas(pybind11::module_& m);
void bind_klaverjas_tensor(pybind11::module_& m);
void bind_action_flags(pybind11::module_& m);
void bind_kirves(pybind11::module_& m);
void bind_kiksas(pybind11::module_& m);
void bind_allfours(pybind11::module_& m);
void bind_playout(pybind11::module_& m);
void bind_sampling(pybind11::module_& m);
void bind_solver(pybind11::module_& m);
void bind_card_heuristic(pybind11::module_& m);
void bind_deal_step(pybind11::module_& m);
void bind_trick_gate(pybind11::module_& m);  // trick_gate.h

}  // namespace tricktaker::bindings
