#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <tuple>
#include <vector>

#include "bindings.h"
#include "tricktaker/parallel.h"
#include "tricktaker/sampling.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {

using ConstraintSpec = std::tuple<std::uint32_t, CardSet, std::vector<double>>;

DealSampler make_sampler(CardSet hidden, const std::vector<int>& capacity,
                         const std::vector<CardSet>& allowed,
                         const std::vector<ConstraintSpec>& constraints) {
  SamplingProblem problem;
  problem.hidden = hidden;
  problem.capacity = capacity;
  problem.allowed = allowed;
  for (const auto& [locations, cards, weights] : constraints)
    problem.constraints.push_back(CountConstraint{locations, cards, weights});
  py::gil_scoped_release release;
  try {
    return DealSampler(problem);
  } catch (const std::domain_error& e) {
    throw std::invalid_argument(e.what());
  }
}

std::tuple<py::array_t<std::uint64_t>, std::uint64_t> sample(
    const DealSampler& sampler, std::int64_t n, std::uint64_t seed, const py::int_& threads_in,
    const std::optional<PlayState>& play_state, const std::vector<CardSet>& known,
    const std::vector<int>& location, bool check_legal) {
  const PlayState* state = play_state ? &*play_state : nullptr;
  if (n < 0) throw Error("n must be >= 0");
  int threads = threads_arg(threads_in);
  PlayCheck check;
  if (state != nullptr) {
    const auto seats = static_cast<std::size_t>(state->num_players());
    if (known.size() != seats || location.size() != seats)
      throw Error("known and location need one entry per seat of the play state");
    check.state = state;
    check.check_legal = check_legal;
    for (std::size_t p = 0; p < seats; ++p) {
      if (location[p] < -1 || location[p] >= sampler.num_locations())
        throw Error("location: no such location " + std::to_string(location[p]));
      check.known[p] = known[p];
      check.location[p] = location[p];
    }
  }
  const py::ssize_t L = sampler.num_locations();
  py::array_t<std::uint64_t> out({static_cast<py::ssize_t>(n), L});
  std::uint64_t* data = out.mutable_data();
  std::uint64_t proposals = 0;
  {
    py::gil_scoped_release release;
    const std::size_t total = static_cast<std::size_t>(n);
    threads = resolve_threads(threads, total);
    const PlayCheck* checker = state != nullptr ? &check : nullptr;
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(threads), 0);
    run_threads(threads, [&](int t) {
      const auto [begin, end] = chunk_of(total, threads, t);
      if (begin < end) sample_completions(sampler, checker, seed, begin, end, data, &counts[t]);
    });
    for (std::uint64_t c : counts) proposals += c;
  }
  return {out, proposals};
}

}  // namespace

void bind_sampling(py::module_& m) {
  py::class_<DealSampler>(m, "DealSampler",
                          "Uniform completions of a seat's knowledge (see sampling.h): hidden "
                          "cards, location capacities, allowed cards and count constraints.")
      .def(py::init(&make_sampler), py::arg("hidden"), py::arg("capacity"), py::arg("allowed"),
           py::arg("constraints") = std::vector<ConstraintSpec>{},
           "Counts the completions; raises ValueError for a malformed or impossible problem. "
           "A constraint is (location bit mask, card mask, weights by count).")
      .def_property_readonly("num_locations", &DealSampler::num_locations)
      .def_property_readonly("count", &DealSampler::count,
                             "Weighted number of completions (constraints on one location).")
      .def_property_readonly("exact", &DealSampler::exact,
                             "No constraint spans several locations (no rejection step).")
      .def("sample", &sample, py::arg("n"), py::arg("seed"), py::arg("threads") = 1,
           py::arg("state") = std::nullopt, py::arg("known") = std::vector<CardSet>{},
           py::arg("location") = std::vector<int>{}, py::arg("check_legal") = true,
           "n completions as an (n, num_locations) uint64 array of card masks, and the number "
           "of draws made (accepted or rejected). With a play state, the seats' hands (known "
           "cards plus their location's cards) must replay its history legally.");
  m.def(
      "play_exclusions",
      [](const PlayState& state, const std::vector<CardSet>& known, CardSet candidates) {
        if (known.size() != static_cast<std::size_t>(state.num_players()))
          throw Error("known: need one card mask per seat");
        std::array<CardSet, kMaxPlayers> k{};
        std::copy(known.begin(), known.end(), k.begin());
        const auto out = play_exclusions(state, k.data(), candidates);
        return std::vector<CardSet>(out.begin(), out.begin() + state.num_players());
      },
      py::arg("state"), py::arg("known"), py::arg("candidates"),
      "Per seat, the candidate cards it cannot hold now: holding one would have made one of "
      "its plays illegal (given the cards it played later and `known`, cards known to be in "
      "its hand now).");
  m.def("history_is_legal", &history_is_legal, py::arg("state"),
        "Whether every card of the history was legal for the hands the state holds now plus "
        "the cards played and folded since.");
}

}  // namespace tricktaker::bindings
