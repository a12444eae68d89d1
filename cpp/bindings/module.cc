#include <pybind11/pybind11.h>

#include <exception>
#include <stdexcept>

#include "bindings.h"
#include "tricktaker/play_state.h"
#include "tricktaker/solver.h"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  m.doc() = "tricktaker's C++ core: cards, rules tables, the play state and game evaluation";
  // Registered base first: pybind11 tries the latest translator first, so a subclass is
  // raised as itself and any other tricktaker::Error as Error.
  auto error = py::register_exception<tricktaker::Error>(m, "Error", PyExc_ValueError);
  // The core's older checks throw std::invalid_argument: a rejection like any other, so it is
  // raised as Error too (pybind11 alone would raise a plain ValueError). Registered after
  // Error, so tried before the translators above and after the ones below.
  static PyObject* error_type = error.ptr();  // the module keeps it alive
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const tricktaker::Error&) {
      throw;  // the translator of Error (or of its subclass) raises it
    } catch (const std::invalid_argument& e) {
      PyErr_SetString(error_type, e.what());
    }
  });
  py::register_exception<tricktaker::IllegalAction>(m, "IllegalAction", error.ptr());
  py::register_exception<tricktaker::SearchLimitExceeded>(m, "SearchLimitExceeded", error.ptr());
  tricktaker::bindings::bind_cards(m);
  tricktaker::bindings::bind_rules(m);
  tricktaker::bindings::bind_play_state(m);
  tricktaker::bindings::bind_klaverjas(m);
  tricktaker::bindings::bind_klaverjas_tensor(m);
  tricktaker::bindings::bind_action_flags(m);
  tricktaker::bindings::bind_trick_gate(m);  // before the families' gates (its subclasses)
  tricktaker::bindings::bind_kirves(m);
  tricktaker::bindings::bind_kiksas(m);
  tricktaker::bindings::bind_allfours(m);
  tricktaker::bindings::bind_playout(m);
  tricktaker::bindings::bind_sampling(m);
  tricktaker::bindings::bind_solver(m);
  tricktaker::bindings::bind_card_heuristic(m);
  tricktaker::bindings::bind_deal_step(m);
}
