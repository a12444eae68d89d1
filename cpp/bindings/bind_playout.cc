#include <pybind11/numpy.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "bindings.h"
#include "tricktaker/playout.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {
// The generator of deal i of a batch: independent of how the batch is split over threads.
Rng deal_rng(std::uint64_t seed, std::size_t i) {
  return Rng(seed ^ (0xD1B54A32D192ED03ull * (static_cast<std::uint64_t>(i) + 1)));
}

template <typename Fn>
void run_parallel(std::size_t n, int threads, Fn fn) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = static_cast<int>(
      std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(n, 1)));
  if (threads == 1) {
    fn(0, n);
    return;
  }
  std::vector<std::thread> pool;
  const std::size_t chunk = (n + threads - 1) / threads;
  for (int t = 0; t < threads; ++t) {
    const std::size_t begin = t * chunk, end = std::min(n, begin + chunk);
    if (begin < end) pool.emplace_back(fn, begin, end);
  }
  for (auto& th : pool) th.join();
}

py::dict records_to_arrays(const std::vector<KlaverjasPlayoutRecord>& records) {
  const py::ssize_t n = static_cast<py::ssize_t>(records.size());
  py::array_t<std::int16_t> score({n, py::ssize_t{2}}), card_points({n, py::ssize_t{2}}),
      roem({n, py::ssize_t{2}});
  py::array_t<std::int8_t> trump(n), declarer(n), pit_team(n);
  py::array_t<bool> made(n);
  auto s = score.mutable_unchecked<2>();
  auto c = card_points.mutable_unchecked<2>();
  auto r = roem.mutable_unchecked<2>();
  auto t = trump.mutable_unchecked<1>();
  auto d = declarer.mutable_unchecked<1>();
  auto p = pit_team.mutable_unchecked<1>();
  auto m = made.mutable_unchecked<1>();
  for (py::ssize_t i = 0; i < n; ++i) {
    const auto& rec = records[static_cast<std::size_t>(i)];
    for (int k = 0; k < 2; ++k) {
      s(i, k) = rec.score[k];
      c(i, k) = rec.card_points[k];
      r(i, k) = rec.roem[k];
    }
    t(i) = rec.trump;
    d(i) = rec.declarer;
    p(i) = rec.pit_team;
    m(i) = rec.made != 0;
  }
  py::dict out;
  out["score"] = score;
  out["card_points"] = card_points;
  out["roem"] = roem;
  out["trump"] = trump;
  out["declarer"] = declarer;
  out["made"] = made;
  out["pit_team"] = pit_team;
  return out;
}
}  // namespace

void bind_playout(py::module_& m) {
  m.def(
      "klaverjas_random_playouts",
      [](std::int64_t n, std::uint64_t seed, bool rotterdam, bool undertrump_compulsory,
         bool pit_for_any_team, bool tie_is_nat, int threads) {
        if (n < 0) throw py::value_error("n must be >= 0");
        KlaverjasRulesOptions rules;
        rules.play_rules =
            rotterdam ? KlaverjasPlayRules::kRotterdam : KlaverjasPlayRules::kAmsterdam;
        rules.undertrump_compulsory = undertrump_compulsory;
        KlaverjasScoringOptions scoring;
        scoring.pit_for_any_team = pit_for_any_team;
        scoring.tie_is_nat = tie_is_nat;
        std::vector<KlaverjasPlayoutRecord> records(static_cast<std::size_t>(n));
        {
          py::gil_scoped_release release;
          const KlaverjasPlayoutContext context(rules, scoring);
          run_parallel(records.size(), threads, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
              Rng rng = deal_rng(seed, i);
              records[i] = klaverjas_random_deal_playout(rng, context);
            }
          });
        }
        return records_to_arrays(records);
      },
      py::arg("n"), py::arg("seed"), py::arg("rotterdam") = false,
      py::arg("undertrump_compulsory") = false, py::arg("pit_for_any_team") = true,
      py::arg("tie_is_nat") = true, py::arg("threads") = 1,
      "n random Klaverjas deals: random dealer, uniform trump and declarer, random legal "
      "cards; per-deal results as numpy arrays. Deal i depends only on (seed, i).");

  m.def(
      "klaverjas_playouts_from",
      [](const PlayState& start, int playing_team, std::int64_t n, std::uint64_t seed,
         bool pit_for_any_team, bool tie_is_nat, int threads) {
        if (n < 0) throw py::value_error("n must be >= 0");
        if (playing_team != 0 && playing_team != 1)
          throw py::value_error("playing_team must be 0 (N-S) or 1 (E-W)");
        if (start.rules().trick_bonus != TrickBonus::kKlaverjasRoem || start.num_players() != 4)
          throw py::value_error("not a Klaverjas play state");
        KlaverjasScoringOptions scoring;
        scoring.pit_for_any_team = pit_for_any_team;
        scoring.tie_is_nat = tie_is_nat;
        std::vector<KlaverjasPlayoutRecord> records(static_cast<std::size_t>(n));
        {
          py::gil_scoped_release release;
          run_parallel(records.size(), threads, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
              Rng rng = deal_rng(seed, i);
              records[i] = klaverjas_playout_from(start, playing_team, scoring, rng);
            }
          });
        }
        return records_to_arrays(records);
      },
      py::arg("state"), py::arg("playing_team"), py::arg("n"), py::arg("seed"),
      py::arg("pit_for_any_team") = true, py::arg("tie_is_nat") = true, py::arg("threads") = 1,
      "n random playouts of a Klaverjas position; per-playout results as numpy arrays.");
}

}  // namespace tricktaker::bindings
