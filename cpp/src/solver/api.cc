// The solver's API: the calls, the context of the table, the root drivers of each call.
#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "search.h"
#include "tricktaker/parallel.h"
#include "tricktaker/solver.h"

namespace tricktaker {

using namespace solver_detail;

namespace {

// The rules, the seats and the objective: table entries stored under one context are read only
// under the same (a call with another context starts a new generation of the table).
std::uint64_t context_hash(const PlayState& s, const Objective& o, int side) {
  const RulesTable& r = s.rules();
  std::uint64_t h = 0x1234567;
  for (int c = 0; c < 64; ++c)
    h = combine(h, static_cast<std::uint64_t>(static_cast<std::uint8_t>(r.effective_suit[c])) |
                       static_cast<std::uint64_t>(r.strength[c]) << 8 |
                       static_cast<std::uint64_t>(r.points[c]) << 16);
  h = combine(h, r.deck);
  h = combine(h, static_cast<std::uint64_t>(static_cast<std::uint8_t>(r.trump)) |
                     static_cast<std::uint64_t>(r.last_trick_bonus) << 8 |
                     static_cast<std::uint64_t>(r.trick_bonus) << 16);
  const FollowPolicy& p = r.policy;
  h = combine(h, static_cast<std::uint64_t>(p.void_trump) |
                     static_cast<std::uint64_t>(p.overtrump) << 4 |
                     static_cast<std::uint64_t>(p.head_trump_lead) << 8 |
                     static_cast<std::uint64_t>(p.head_in_suit) << 9 |
                     static_cast<std::uint64_t>(p.may_trump_when_able_to_follow) << 10 |
                     static_cast<std::uint64_t>(p.no_undertrump) << 11 |
                     static_cast<std::uint64_t>(p.undertrump_compulsory) << 12 |
                     static_cast<std::uint64_t>(p.must_beat_trick) << 13 |
                     static_cast<std::uint64_t>(p.must_beat_exempts_partner) << 14);
  h = combine(h, static_cast<std::uint64_t>(s.num_players()) |
                     static_cast<std::uint64_t>(s.active()) << 8 |
                     static_cast<std::uint64_t>(s.total_tricks()) << 24 |
                     static_cast<std::uint64_t>(s.fixed_leader() + 1) << 32);
  for (int q = 0; q < s.num_players(); ++q) h = combine(h, static_cast<std::uint64_t>(s.side(q)));
  h = combine(h, static_cast<std::uint64_t>(o.kind) | static_cast<std::uint64_t>(side) << 16);
  if (o.game) h = combine(h, o.game->context_key());
  return h;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Solver

struct Solver::Impl {
  explicit Impl(std::size_t memory_mb) : table(memory_mb) {}
  // Calls on one solver from several threads take turns: a search reads and writes the table
  // throughout, and a call with another context starts a new generation under it.
  std::mutex mutex;
  Table table;
  std::uint64_t context = 0;
  bool has_context = false;
  std::atomic<std::uint64_t> nodes{0};  // read without the lock
  // The search's copy of the root, kept between calls so that its record of the play
  // (PlayLog) is one buffer reused, not one allocated per call.
  std::optional<PlayState> scratch;
};

SearchLimits SearchLimits::within(std::uint64_t max_nodes, double seconds) {
  SearchLimits l;
  l.max_nodes = max_nodes;
  // Past about 30 years from now a time limit bounds nothing (and would overflow the clock).
  if (seconds > 0 && seconds < 1e9)
    l.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(seconds));
  return l;
}

void Solver::check_memory_mb(std::size_t memory_mb) {
  if (memory_mb < 1 || memory_mb > kMaxMemoryMb)
    throw Error("memory_mb must be 1.." + std::to_string(kMaxMemoryMb) + ", got " +
                std::to_string(memory_mb));
}

namespace {
std::size_t checked_memory_mb(std::size_t memory_mb) {
  Solver::check_memory_mb(memory_mb);
  return memory_mb;
}
}  // namespace

Solver::Solver(std::size_t memory_mb)
    : impl_(std::make_unique<Impl>(checked_memory_mb(memory_mb))) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

void Solver::clear() {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->table.new_generation();
  impl_->has_context = false;
}
std::uint64_t Solver::nodes() const {
  return impl_->nodes;
}
std::size_t Solver::memory_bytes() const {
  return impl_->table.bytes();
}

namespace {

struct Prepared {
  int side;      // the side reported to the caller
  int max_side;  // the side the search maximizes
  // A yes/no question (GameObjective::decision()): is `threshold` reached for max_side?
  bool decides = false;
  int threshold = 0;
  std::unique_ptr<Evaluator> ev;
};

Prepared prepare(const PlayState& s, const Objective& o) {
  Prepared p;
  p.side = o.side >= 0 ? o.side : s.side(s.to_move());
  if (o.side >= 0 && side_mask(s, o.side) == 0)
    throw std::invalid_argument("objective side " + std::to_string(o.side) +
                                " is not the side of any playing seat");
  if (o.game) o.game->check(s);
  p.max_side = p.side;
  if (o.game) p.decides = o.game->decision(&p.max_side, &p.threshold);
  p.ev = make_evaluator(s, o, p.max_side);
  return p;
}

// Runs a search with the solver's table; fn(search, evaluator, root_base, prepared) does the
// work.
// The search stops with SearchLimitExceeded at `limits`; the table then holds only the bounds
// of searches that finished (a store follows its search), so later calls stay exact.
template <class Fn>
auto with_search(Table& table, std::uint64_t& context, bool& has_context,
                 std::atomic<std::uint64_t>& nodes, std::optional<PlayState>& scratch,
                 const PlayState& state, const Objective& o, const SearchLimits& limits, Fn fn) {
  Prepared p = prepare(state, o);
  const std::uint64_t ctx = combine(context_hash(state, o, p.max_side), p.ev->context_key());
  if (!has_context || ctx != context) {
    if (has_context) table.new_generation();
    context = ctx;
    has_context = true;
  }
  // The search plays on a copy of the root written into the last call's copy (its record's
  // buffer reused), handed back when the search ends.
  if (scratch) {
    *scratch = state;
  } else {
    scratch.emplace(state);
  }
  Search search(table, std::move(*scratch), *p.ev, side_mask(state, p.max_side));
  search.set_limits(limits);
  const int root_base = p.ev->base(state);
  try {
    auto result = fn(search, *p.ev, root_base, p);
    nodes += search.nodes();
    *scratch = std::move(search.state());
    return result;
  } catch (...) {
    nodes += search.nodes();
    *scratch = std::move(search.state());
    throw;
  }
}

int root_bounds_lo(Search& s, const Evaluator& ev, int root_base, int* hi) {
  int lo;
  ev.bounds(s.state(), remaining_cards(s.state()) | s.state().trick_cards(), root_base, &lo, hi);
  return lo;
}

// The exact final value of the search's current position, a child of a root whose value is
// root_value: no child is better than the root for the root's mover (at most root_value when
// the mover maximizes, at least root_value when it minimizes), so one zero-window test settles
// each best card.
int child_value(Search& s, const Evaluator& ev, int root_value, bool root_maxes) {
  if (s.state().is_terminal()) return ev.terminal(s.state());
  int hi;
  int lo = root_bounds_lo(s, ev, ev.base(s.state()), &hi);
  if (root_maxes) {
    hi = std::min(hi, root_value);
  } else {
    lo = std::max(lo, root_value);
  }
  if (lo > hi) lo = hi = root_value;
  if (lo == hi) return lo;
  // A zero-window test at the root's value first: it settles each best card.
  if (root_maxes) {
    const int g = s.node(root_value - 1, root_value);
    if (g >= root_value) return root_value;
    hi = std::min(hi, g);
  } else {
    const int g = s.node(root_value, root_value + 1);
    if (g <= root_value) return root_value;
    lo = std::max(lo, g);
  }
  if (lo > hi) lo = hi;
  return s.root_value(root_value, lo, hi);
}

// The decision's answer for the caller's side: one zero-window test at the threshold.
int decision_answer(Search& s, const Evaluator& ev, const Objective& o, const Prepared& p) {
  const int t = p.threshold;
  const bool reached =
      s.state().is_terminal() ? ev.terminal(s.state()) >= t : s.node(t - 1, t) >= t;
  return o.game->answer(reached, p.side);
}

}  // namespace

int Solver::value(const PlayState& state, const Objective& o, const SearchLimits& limits) {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  return with_search(
      impl_->table, impl_->context, impl_->has_context, impl_->nodes, impl_->scratch, state, o,
      limits, [&](Search& s, const Evaluator& ev, int root_base, const Prepared& p) {
        if (p.decides) return decision_answer(s, ev, o, p);
        int hi;
        const int lo = root_bounds_lo(s, ev, root_base, &hi);
        const int guess = ev.guess(s.state(), remaining_cards(s.state()) | s.state().trick_cards(),
                                   root_base, lo, hi);
        const int v =
            s.state().is_terminal() ? ev.terminal(s.state()) : s.root_value(guess, lo, hi);
        return ev.report(v, root_base);
      });
}

bool Solver::reaches(const PlayState& state, const Objective& o, int target,
                     const SearchLimits& limits) {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  return with_search(impl_->table, impl_->context, impl_->has_context, impl_->nodes, impl_->scratch,
                     state, o, limits,
                     [&](Search& s, const Evaluator& ev, int root_base, const Prepared& p) {
                       if (p.decides) return decision_answer(s, ev, o, p) >= target;
                       const int goal = target + root_base;
                       if (s.state().is_terminal()) return ev.terminal(s.state()) >= goal;
                       return s.node(goal - 1, goal) >= goal;
                     });
}

SolveResult Solver::solve(const PlayState& state, const Objective& o, const SearchLimits& limits) {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  return with_search(
      impl_->table, impl_->context, impl_->has_context, impl_->nodes, impl_->scratch, state, o,
      limits, [&](Search& s, const Evaluator& ev, int root_base, const Prepared& p) {
        SolveResult res;
        res.side = p.side;
        const std::uint64_t nodes0 = s.nodes();
        PlayState& st = s.state();
        const bool decides = p.decides;
        const int t = p.threshold;
        auto to_report = [&](int final_value) {
          if (decides) return o.game->answer(final_value >= t, p.side);
          return ev.report(final_value, root_base);
        };
        if (st.is_terminal()) {
          res.value = to_report(ev.terminal(st));
          return res;
        }
        int hi;
        const int lo = root_bounds_lo(s, ev, root_base, &hi);
        int root_final;
        if (decides) {
          root_final = s.node(t - 1, t) >= t ? t : t - 1;
        } else {
          const CardSet in_play = remaining_cards(st) | st.trick_cards();
          root_final = s.root_value(ev.guess(st, in_play, root_base, lo, hi), lo, hi);
        }
        res.value = to_report(root_final);
        const CardSet legal = st.legal_moves();
        const bool root_maxes = s.is_max(st.to_move());
        Card rep_of[64];
        s.representatives(legal, rep_of);
        int value_of[64];
        bool done[64] = {};
        // The final value after a move (a card, or kFoldMove).
        auto value_after = [&](Card move) {
          s.play(move);
          int v;
          if (decides) {
            v = s.state().is_terminal() ? ev.terminal(s.state()) : s.node(t - 1, t);
            v = v >= t ? t : t - 1;
          } else {
            v = child_value(s, ev, root_final, root_maxes);
          }
          s.undo();
          return v;
        };
        for (Card c : cards_of{legal}) {
          const Card r = rep_of[c];
          if (!done[r]) {
            value_of[r] = value_after(r);
            done[r] = true;
          }
          const int v = to_report(value_of[r]);
          res.cards.push_back(CardValue{c, v});
          if (v == res.value) res.best |= bit(c);
        }
        if (st.can_fold()) {
          res.can_fold = true;
          res.fold_value = to_report(value_after(kFoldMove));
        }
        res.nodes = s.nodes() - nodes0;
        return res;
      });
}

std::vector<int> solve_many(const std::vector<PlayState>& states, const Objective& objective,
                            int threads, std::size_t memory_mb, std::vector<int>* card_values,
                            int missing, const SearchLimits& limits) {
  Solver::check_memory_mb(memory_mb);
  const std::size_t n = states.size();
  std::vector<int> values(n, 0);
  if (card_values) card_values->assign(n * 64, missing);
  for_each_item(
      n, threads, [&] { return Solver(memory_mb); },
      [&](Solver& solver, std::size_t i) {
        if (card_values) {
          const SolveResult r = solver.solve(states[i], objective, limits);
          values[i] = r.value;
          for (const CardValue& cv : r.cards) (*card_values)[i * 64 + cv.card] = cv.value;
        } else {
          values[i] = solver.value(states[i], objective, limits);
        }
      });
  return values;
}

}  // namespace tricktaker
