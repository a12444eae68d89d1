// Integer arguments that cross the binding: taken as Python ints and checked here, so that an
// index out of range (2**63 included) is a tricktaker.Error naming the allowed range rather
// than a read outside an array or an overflow in the conversion to a C++ int.
#include <pybind11/pybind11.h>

#include <cmath>
#include <limits>
#include <string>

#include "bindings.h"
#include "tricktaker/parallel.h"

namespace py = pybind11;

namespace tricktaker::bindings {

std::int64_t int_in_range(const py::int_& value, const char* name, std::int64_t lo,
                          std::int64_t hi) {
  // bool is an int in Python; a seat or a count given as True is a mistake, not seat 1.
  if (PyBool_Check(value.ptr()))
    throw py::type_error(std::string(name) + " must be an int, not bool");
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow != 0 || v < lo || v > hi)
    throw Error(std::string(name) + " must be " + std::to_string(lo) + ".." + std::to_string(hi) +
                ", got " + std::string(py::str(value)));
  return v;
}

int seat_arg(const PlayState& state, const py::int_& seat) {
  return static_cast<int>(int_in_range(seat, "seat", 0, state.num_players() - 1));
}

int threads_arg(const py::int_& threads) {
  return static_cast<int>(
      int_in_range(threads, "threads (0 = one per hardware thread)", 0, kMaxThreads));
}

std::size_t memory_mb_arg(const py::int_& memory_mb) {
  return static_cast<std::size_t>(
      int_in_range(memory_mb, "memory_mb", 1, static_cast<std::int64_t>(Solver::kMaxMemoryMb)));
}

SearchLimits limits_arg(const std::optional<py::int_>& max_nodes,
                        const std::optional<double>& time_limit) {
  std::uint64_t nodes = 0;
  if (max_nodes)
    nodes = static_cast<std::uint64_t>(
        int_in_range(*max_nodes, "max_nodes", 1, std::numeric_limits<std::int64_t>::max()));
  double seconds = 0;
  if (time_limit) {
    if (!(*time_limit > 0) || std::isinf(*time_limit))
      throw Error("time_limit must be a positive number of seconds, got " +
                  std::string(py::str(py::float_(*time_limit))));
    seconds = *time_limit;
  }
  return SearchLimits::within(nodes, seconds);
}

}  // namespace tricktaker::bindings
