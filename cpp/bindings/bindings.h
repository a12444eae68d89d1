// One registration function per area; module.cc calls them all.
#pragma once

#include <pybind11/pybind11.h>

namespace tricktaker::bindings {

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
