// A fresh one-dimensional numpy array made through numpy's C API directly: the arrays an RL step
// hands out (the observation tensor, the action mask) are small, and pybind11's general array
// constructor (shape and stride vectors, a dtype object per call) costs more than filling them.
#include <pybind11/numpy.h>

#include <cstring>

#include "bindings.h"

namespace py = pybind11;

namespace tricktaker::bindings {

py::object fresh_zeros(int npy_type, py::ssize_t size, std::size_t item_size, void** data) {
  const auto& api = py::detail::npy_api::get();
  PyObject* descr = api.PyArray_DescrFromType_(npy_type);  // a new reference, which the call steals
  if (descr == nullptr) throw py::error_already_set();
  const Py_intptr_t dims[1] = {static_cast<Py_intptr_t>(size)};
  PyObject* array =
      api.PyArray_NewFromDescr_(api.PyArray_Type_, descr, 1, dims, nullptr, nullptr, 0, nullptr);
  if (array == nullptr) throw py::error_already_set();
  auto out = py::reinterpret_steal<py::object>(array);
  *data = py::detail::array_proxy(array)->data;
  std::memset(*data, 0, item_size * static_cast<std::size_t>(size));
  return out;
}

}  // namespace tricktaker::bindings
