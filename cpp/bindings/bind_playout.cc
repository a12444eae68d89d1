#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "bindings.h"
#include "tricktaker/games/allfours_playouts.h"
#include "tricktaker/games/kiksas_playouts.h"
#include "tricktaker/games/kirves_playouts.h"
#include "tricktaker/games/klaverjas_playouts.h"
#include "tricktaker/playout.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {
const char* dtype_name(ColumnType t) {
  switch (t) {
    case ColumnType::kBool:
      return "bool";
    case ColumnType::kInt8:
      return "int8";
    case ColumnType::kInt16:
      return "int16";
    case ColumnType::kUInt64:
      return "uint64";
  }
  return "int64";
}

// Fresh numpy arrays for n deals (one per column) and the buffers the core writes into.
std::pair<py::dict, std::vector<void*>> allocate(const GamePlayouts& game, std::size_t n) {
  py::dict arrays;
  std::vector<void*> buffers;
  const auto rows = static_cast<py::ssize_t>(n);
  for (const ColumnSpec& c : game.columns()) {
    std::vector<py::ssize_t> shape = {rows};
    if (c.width > 0) shape.push_back(c.width);
    py::array a(py::dtype(dtype_name(c.type)), shape);
    buffers.push_back(a.mutable_data());
    arrays[py::str(c.name)] = a;
  }
  return {arrays, buffers};
}

std::size_t count(std::int64_t n) {
  if (n < 0) throw Error("n must be >= 0, got " + std::to_string(n));
  return static_cast<std::size_t>(n);
}

// Thread CPU time where the system has it (as Python's time.thread_time), else a steady clock.
double thread_seconds() {
#ifdef CLOCK_THREAD_CPUTIME_ID
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
#else
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
#endif
}

using IntArray = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;
using MaskArray = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>;

// The deals of playouts_from_deals from numpy arrays, with their shapes checked.
std::vector<PlayoutDeal> deals_from_arrays(const GamePlayouts& game, const MaskArray& hands,
                                           const IntArray& trump, const IntArray& leader,
                                           const IntArray& declarer, const IntArray& dealer,
                                           const IntArray& bid) {
  if (hands.ndim() != 2 || hands.shape(1) != game.num_players())
    throw Error("hands must have shape (n, " + std::to_string(game.num_players()) +
                "), one card mask per seat");
  const py::ssize_t n = hands.shape(0);
  const std::pair<const char*, const IntArray*> columns[] = {{"trump", &trump},
                                                             {"leader", &leader},
                                                             {"declarer", &declarer},
                                                             {"dealer", &dealer},
                                                             {"bid", &bid}};
  for (const auto& [name, a] : columns)
    if (a->ndim() != 1 || a->shape(0) != n)
      throw Error(std::string(name) + " must have shape (" + std::to_string(n) + ",)");
  std::vector<PlayoutDeal> deals(static_cast<std::size_t>(n));
  auto h = hands.unchecked<2>();
  auto t = trump.unchecked<1>(), l = leader.unchecked<1>(), d = declarer.unchecked<1>();
  auto dl = dealer.unchecked<1>(), b = bid.unchecked<1>();
  // The games check each value's range; a value beyond an int would wrap into one first.
  const auto small = [](std::int64_t v, const char* name) {
    if (v < -128 || v > 127)
      throw Error(std::string(name) + " must be a seat, suit or bid -128..127, got " +
                  std::to_string(v));
    return static_cast<int>(v);
  };
  for (py::ssize_t i = 0; i < n; ++i) {
    PlayoutDeal& deal = deals[static_cast<std::size_t>(i)];
    for (int p = 0; p < game.num_players(); ++p) deal.hands[p] = h(i, p);
    deal.trump = small(t(i), "trump");
    deal.leader = small(l(i), "leader");
    deal.declarer = small(d(i), "declarer");
    deal.dealer = small(dl(i), "dealer");
    deal.bid = small(b(i), "bid");
  }
  return deals;
}

AllFoursPlayoutOptions allfours_options(const std::map<std::string, py::object>& o) {
  AllFoursPlayoutOptions a;
  a.num_players = o.at("num_players").cast<int>();
  if (a.num_players < 2 || a.num_players > kMaxPlayers)
    throw Error("num_players must be 2.." + std::to_string(kMaxPlayers) + ", got " +
                std::to_string(a.num_players));
  const auto sides = o.at("sides").cast<std::vector<int>>();
  if (static_cast<int>(sides.size()) != a.num_players)
    throw Error("sides must give one side per seat");
  for (int p = 0; p < a.num_players; ++p) {
    if (sides[p] < 0 || sides[p] >= a.num_players)
      throw Error("sides must be 0.." + std::to_string(a.num_players - 1));
    a.sides[p] = static_cast<std::uint8_t>(sides[p]);
  }
  a.hand_size = o.at("hand_size").cast<int>();
  a.trump_selection = static_cast<AllFoursTrumpSelection>(o.at("trump_selection").cast<int>());
  a.first_lead = static_cast<AllFoursFirstLead>(o.at("first_lead").cast<int>());
  a.first_lead_must_be_trump = o.at("first_lead_must_be_trump").cast<bool>();
  a.folding = o.at("folding").cast<bool>();
  a.bid = o.at("bid").cast<int>();
  a.rules.deck = o.at("deck").cast<CardSet>();
  a.rules.jick = o.at("jick").cast<bool>();
  a.rules.may_trump_when_able_to_follow = o.at("may_trump_when_able_to_follow").cast<bool>();
  a.rules.no_undertrump = o.at("no_undertrump").cast<bool>();
  a.rules.must_head_trump = o.at("must_head_trump").cast<bool>();
  AllFoursScoringOptions& s = a.scoring;
  s.jack_scoring = o.at("hang_jack").cast<bool>() ? JackScoring::kHangJack : JackScoring::kCaptor1;
  s.low_award = o.at("low_to_captor").cast<bool>() ? LowAward::kCaptor : LowAward::kHolder;
  s.game_tie =
      o.at("game_tie_non_dealer").cast<bool>() ? GameTie::kNonDealerSide : GameTie::kNobody;
  s.jick = a.rules.jick;
  s.jokers = (a.rules.deck & kJokerMask) != 0;
  s.five = o.at("five").cast<int>();
  s.trey = o.at("trey").cast<bool>();
  s.last_trick = o.at("last_trick").cast<bool>();
  s.shoot_the_moon = o.at("shoot_the_moon").cast<bool>();
  s.moon_requires_bid = o.at("moon_requires_bid").cast<bool>();
  return a;
}
}  // namespace

void bind_playout(py::module_& m) {
  py::class_<GamePlayouts>(m, "GamePlayouts",
                           "A game's random-playout batch: rules tables built once, the deal, "
                           "the play and the game's evaluation, all native.")
      .def_property_readonly("num_players", &GamePlayouts::num_players)
      .def_property_readonly("hand_size", &GamePlayouts::hand_size)
      .def_property_readonly("deck", &GamePlayouts::deck)
      .def(
          "columns",
          [](const GamePlayouts& g) {
            std::vector<std::tuple<std::string, std::string, int, std::string>> out;
            for (const ColumnSpec& c : g.columns())
              out.emplace_back(c.name, dtype_name(c.type), c.width, c.doc);
            return out;
          },
          "(name, dtype, width, doc) of every result column; width 0 = shape (n,).");

  py::class_<KlaverjasPlayouts, GamePlayouts>(m, "KlaverjasPlayouts")
      .def(py::init([](bool rotterdam, bool undertrump_compulsory, bool pit_for_any_team,
                       bool tie_is_nat) {
             KlaverjasRulesOptions rules;
             rules.play_rules =
                 rotterdam ? KlaverjasPlayRules::kRotterdam : KlaverjasPlayRules::kAmsterdam;
             rules.undertrump_compulsory = undertrump_compulsory;
             KlaverjasScoringOptions scoring;
             scoring.pit_for_any_team = pit_for_any_team;
             scoring.tie_is_nat = tie_is_nat;
             return KlaverjasPlayouts(rules, scoring);
           }),
           py::kw_only(), py::arg("rotterdam") = false, py::arg("undertrump_compulsory") = false,
           py::arg("pit_for_any_team") = true, py::arg("tie_is_nat") = true);

  py::class_<KirvesPlayouts, GamePlayouts>(m, "KirvesPlayouts")
      .def(py::init([](int num_players, bool overtake_required, bool overtake_exempts_partner,
                       bool must_trump_when_void, bool folded_players_score_with_side) {
             KirvesRulesOptions rules;
             rules.overtake_required = overtake_required;
             rules.overtake_exempts_partner = overtake_exempts_partner;
             rules.must_trump_when_void = must_trump_when_void;
             return KirvesPlayouts(num_players, rules, folded_players_score_with_side);
           }),
           py::arg("num_players"), py::kw_only(), py::arg("overtake_required") = false,
           py::arg("overtake_exempts_partner") = false, py::arg("must_trump_when_void") = false,
           py::arg("folded_players_score_with_side") = false)
      .def("set_roles", &KirvesPlayouts::set_roles, py::arg("roles"),
           "Evaluate with these roles (a position's own) instead of a normal deal of the "
           "declarer.");

  py::class_<KiksasPlayouts, GamePlayouts>(m, "KiksasPlayouts")
      .def(py::init([](bool trikiksis, bool must_overtrump, bool must_head_in_suit,
                       bool partner_exemption, bool forced_first_lead,
                       const KiksasDealContext& options) {
             KiksasRulesOptions rules;
             rules.must_overtrump = must_overtrump;
             rules.must_head_in_suit = must_head_in_suit;
             rules.partner_exemption = partner_exemption;
             return KiksasPlayouts(trikiksis, rules, forced_first_lead, options);
           }),
           py::kw_only(), py::arg("trikiksis") = false, py::arg("must_overtrump") = false,
           py::arg("must_head_in_suit") = false, py::arg("partner_exemption") = false,
           py::arg("forced_first_lead") = true, py::arg("options") = KiksasDealContext{})
      .def("set_context", &KiksasPlayouts::set_context, py::arg("context"),
           "Evaluate with this context (a position's own) instead of a writing deal.");

  py::class_<AllFoursPlayouts, GamePlayouts>(m, "AllFoursPlayouts")
      .def(py::init([](const std::map<std::string, py::object>& options) {
             return AllFoursPlayouts(allfours_options(options));
           }),
           py::arg("options"))
      .def_property_readonly("num_sides", &AllFoursPlayouts::num_sides);

  m.def(
      "random_playouts",
      [](const GamePlayouts& game, std::int64_t n, std::uint64_t seed, const py::int_& threads) {
        const int n_threads = threads_arg(threads);
        auto [arrays, buffers] = allocate(game, count(n));
        const ResultColumns out(game.columns(), std::move(buffers));
        {
          py::gil_scoped_release release;
          random_playouts(game, count(n), seed, n_threads, out);
        }
        return arrays;
      },
      py::arg("game"), py::arg("n"), py::arg("seed"), py::arg("threads") = 1,
      "n random deals played with random legal cards; a dict of numpy arrays, one row per "
      "deal. Deal i depends only on (seed, i).");

  m.def(
      "time_random_playouts",
      [](const GamePlayouts& game, std::int64_t n, std::uint64_t seed) {
        // The native rate for benchmarks: the same batch into buffers of the core's own, timed
        // in thread CPU time with no Python in between.
        std::vector<std::vector<std::uint64_t>> storage;
        std::vector<void*> buffers;
        for (const ColumnSpec& c : game.columns()) {
          storage.emplace_back(count(n) * static_cast<std::size_t>(std::max(1, c.width)));
          buffers.push_back(storage.back().data());
        }
        const ResultColumns out(game.columns(), std::move(buffers));
        py::gil_scoped_release release;
        const double t0 = thread_seconds();
        random_playouts(game, count(n), seed, 1, out);
        return thread_seconds() - t0;
      },
      py::arg("game"), py::arg("n"), py::arg("seed"),
      "Thread CPU seconds of random_playouts(game, n, seed) on one thread, run natively into "
      "the core's own buffers: the reference rate of the batch benchmarks.");

  m.def(
      "playouts_from_deals",
      [](const GamePlayouts& game, const MaskArray& hands, const IntArray& trump,
         const IntArray& leader, const IntArray& declarer, const IntArray& dealer,
         const IntArray& bid, std::uint64_t seed, const py::int_& threads) {
        const int n_threads = threads_arg(threads);
        const auto deals = deals_from_arrays(game, hands, trump, leader, declarer, dealer, bid);
        auto [arrays, buffers] = allocate(game, deals.size());
        const ResultColumns out(game.columns(), std::move(buffers));
        {
          py::gil_scoped_release release;
          playouts_from_deals(game, deals.data(), deals.size(), seed, n_threads, out);
        }
        return arrays;
      },
      py::arg("game"), py::arg("hands"), py::arg("trump"), py::arg("leader"), py::arg("declarer"),
      py::arg("dealer"), py::arg("bid"), py::arg("seed"), py::arg("threads") = 1,
      "Given deals played with random legal cards (see random_playouts).");

  m.def(
      "playouts_from_state",
      [](const GamePlayouts& game, const PlayState& state, int declarer, int dealer, int bid,
         std::int64_t n, std::uint64_t seed, const py::int_& threads) {
        const int n_threads = threads_arg(threads);
        PlayoutDeal context;
        context.declarer = declarer;
        context.dealer = dealer;
        context.bid = bid;
        auto [arrays, buffers] = allocate(game, count(n));
        const ResultColumns out(game.columns(), std::move(buffers));
        // A copy taken with the GIL held: another Python thread may change the state while
        // the batch runs without it.
        const PlayState own_state = state;
        {
          py::gil_scoped_release release;
          playouts_from_state(game, own_state, context, count(n), seed, n_threads, out);
        }
        return arrays;
      },
      py::arg("game"), py::arg("state"), py::arg("declarer"), py::arg("dealer"), py::arg("bid"),
      py::arg("n"), py::arg("seed"), py::arg("threads") = 1,
      "n random playouts of a position (see random_playouts).");
}

}  // namespace tricktaker::bindings
