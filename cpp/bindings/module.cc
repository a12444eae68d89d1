#include <pybind11/pybind11.h>

#include "bindings.h"
#include "tricktaker/play_state.h"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  m.doc() = "tricktaker's C++ core: cards, rules tables, the play state and game evaluation";
  // Registered base first: pybind11 tries the latest translator first, so a subclass is
  // raised as itself and any other tricktaker::Error as Error.
  auto error = py::register_exception<tricktaker::Error>(m, "Error", PyExc_ValueError);
  py::register_exception<tricktaker::IllegalAction>(m, "IllegalAction", error.ptr());
  tricktaker::bindings::bind_cards(m);
  tricktaker::bindings::bind_rules(m);
  tricktaker::bindings::bind_play_state(m);
  tricktaker::bindings::bind_klaverjas(m);
  tricktaker::bindings::bind_kirves(m);
  tricktaker::bindings::bind_kiksas(m);
  tricktaker::bindings::bind_allfours(m);
  tricktaker::bindings::bind_playout(m);
  tricktaker::bindings::bind_sampling(m);
  tricktaker::bindings::bind_solver(m);
}
