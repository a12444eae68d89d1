// The action mask of a reinforcement-learning step in one call (python/tricktaker/rl/layout.py):
// a flag per action index, from the list of legal actions a deal gives. Looking each action up
// from Python and setting the flags through numpy cost more than the rest of the mask.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/typing.h>

#include <cstdint>
#include <cstring>
#include <optional>

#include "bindings.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {

// An int8 vector of `size` with 1 at index[action.name] for each action of `actions`; None
// (and the caller's own path, which names what is wrong) when an item is not of `action_type`
// or its name is not in `index`.
std::optional<py::array_t<std::int8_t>> action_flags(
    const py::typing::List<py::object>& actions, const py::typing::Dict<py::str, py::int_>& index,
    const py::type& action_type, int size) {
  if (size < 0) throw Error("action_flags: size must be >= 0");
  static PyObject* const name_key = PyUnicode_InternFromString("name");
  void* data = nullptr;
  py::object array = fresh_zeros(py::detail::npy_api::NPY_BYTE_, size, 1, &data);
  auto out = py::reinterpret_steal<py::array_t<std::int8_t>>(array.release());
  auto* flags = static_cast<std::int8_t*>(data);
  const py::ssize_t n = PyList_GET_SIZE(actions.ptr());
  for (py::ssize_t i = 0; i < n; ++i) {
    PyObject* action = PyList_GET_ITEM(actions.ptr(), i);
    if (Py_TYPE(action) != reinterpret_cast<PyTypeObject*>(action_type.ptr())) return std::nullopt;
    PyObject* name = PyObject_GetAttr(action, name_key);
    if (name == nullptr) throw py::error_already_set();
    PyObject* where = PyDict_GetItemWithError(index.ptr(), name);  // borrowed
    Py_DECREF(name);
    if (where == nullptr) {
      if (PyErr_Occurred()) throw py::error_already_set();
      return std::nullopt;
    }
    const long at = PyLong_AsLong(where);
    if (at == -1 && PyErr_Occurred()) throw py::error_already_set();
    if (at < 0 || at >= size) return std::nullopt;
    flags[at] = 1;
  }
  return out;
}

}  // namespace

void bind_action_flags(py::module_& m) {
  m.def("action_flags", &action_flags, py::arg("actions"), py::arg("index"), py::arg("action_type"),
        py::arg("size"),
        "An int8 vector of `size` with 1 at index[a.name] for each action a of the list; None "
        "when an item is not of action_type or its name is not in index.");
}

}  // namespace tricktaker::bindings
