// The double-dummy solver: the exact value of a play state when every hand is known and every
// player plays their best, and the value of each legal card.
//
// Search (src/solver/search.cc). Fail-soft alpha-beta on the objective's value. The side of
// the objective maximizes and every other seat minimizes, so any number of seats and
// partnerships works. Objectives of a narrow range (tricks, a win, game points) are driven by
// zero-window tests (MTD(f)) from the root; card points are searched with a window: an
// aspiration window around the guess at the root, widened towards the side the value lies on,
// and principal variation search below it. Where the play state lets players fold, folding is
// one more move of the player to move, searched after the cards. At each trick boundary:
//   * quick cut-offs: the objective gives certain bounds on the final value (what is already
//     won plus everything still in play, sure tricks of the leader, what the other hands must
//     add to the tricks a side surely wins); a bound that already decides the window ends the
//     node (src/solver/bounds.cc);
//   * a transposition table with lower and upper bounds (src/solver/table.h, keys.cc). Where
//     the bounds are dear the table is read before them: most positions met again are decided
//     by their entries;
//   * the last trick, every card forced, is scored from its start where the objective can, not
//     played out; the trick before it is searched by plain alpha-beta on the play state.
// At every node the legal cards are reduced to one card per group of equivalent cards (cards of
// one hand and one effective suit that touch in strength order, with no card of another hand or
// of the current trick between them, and equal labels for the objective), then ordered
// (src/solver/move_order.cc).
//
// Transposition table. Entries are stored at trick boundaries only and hold bounds on the value
// of the remaining play (final value minus the part already won), so positions reached by
// different histories share entries. The key is canonical: per effective suit, the remaining
// cards in strength order, each as (holder, label); cards whose identity matters are keyed
// exactly; so positions that differ only in which equivalent low cards are gone (relative
// ranks, as in DDS) share entries. Plus the leader and the objective's own score state. For
// objectives that count card points the labels stay out of the key and each entry keeps them:
// an entry of a position alike but for which cards carry which points bounds this one, shifted
// by what the points differ (the quasi-symmetry of Kupferschmid and Helmert's Skat solver).
// The table's memory is fixed when the solver is made; it is kept warm between calls while the
// rules and the objective stay the same.
//
// Partition search (src/solver/partition.h: trick counts of four-seat partnership play under
// plain follow-suit rules). Each result also carries the cards whose ranks it relied on; a
// table entry then serves every position with the same leader and suit lengths in each hand
// whose holders agree on each suit's cards down to the lowest such card (DDS's winning ranks).
//
// Threads. A Solver owns its table and search state and holds no global state. Calls on one
// object from several threads take turns; one object per thread runs them at once.
// solve_many() runs a batch on several threads, one solver each.
//
// Objectives. The solver counts tricks, points (as the play state credits them) or the margin
// of points by itself. A game's own objective (its scoring of the deal, a deal won or lost, a
// race to a target) is a GameObjective, which the games implement (games/*_objective.h): it
// hands the search an evaluator, the objective's view of a play state (src/solver/evaluator.h
// documents the contract, and how to add one).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "tricktaker/cards.h"
#include "tricktaker/play_state.h"

namespace tricktaker {

namespace solver_detail {
class Evaluator;
}

// What the solver counts for the side, in the remaining play.
enum class ObjectiveKind : std::uint8_t {
  kTricks = 0,  // tricks the side takes
  // Points the side takes: card points, the last-trick bonus and trick bonuses, as the play
  // state credits them (a game objective may score them its own way).
  kPoints = 1,
  kMargin = 2,  // the side's points minus the points of every other side
};

// A game's own objective: how the game scores the play for a side (its scoring of the whole
// deal, a yes/no question such as winning the deal). Immutable once made; shared by copies of
// an Objective and by the threads of solve_many().
class GameObjective {
 public:
  virtual ~GameObjective() = default;
  // Throws std::invalid_argument for a state the objective cannot score (before any search).
  virtual void check(const PlayState& state) const { (void)state; }
  // The evaluator of `kind` for the maximizing side `side`, or null where the solver's own
  // count of `kind` serves (the game's scoring adds nothing to it). May throw
  // std::invalid_argument for parameters that do not fit the state.
  virtual std::unique_ptr<solver_detail::Evaluator> evaluator(const PlayState& state,
                                                              ObjectiveKind kind,
                                                              int side) const = 0;
  // The parameters that change values (the game, its targets and scoring options): table
  // entries stored under one context are read only under the same.
  virtual std::uint64_t context_key() const = 0;
  // A yes/no question settled by one zero-window test: does the final value for `*side` reach
  // `*threshold`? False for objectives whose value is reported as it is.
  virtual bool decision(int* side, int* threshold) const {
    (void)side;
    (void)threshold;
    return false;
  }
  // The answer to the decision reported to the caller's side `side` (reached: the decision's
  // side reaches the threshold).
  virtual int answer(bool reached, int side) const {
    (void)side;
    return reached ? 1 : 0;
  }
};

struct Objective {
  ObjectiveKind kind = ObjectiveKind::kPoints;
  // The side (PlayStateSetup::side) whose value is maximized; -1 = the side of the player to
  // move at the root.
  int side = -1;
  // The game's own objective, or null: `kind` as the play state credits it.
  std::shared_ptr<const GameObjective> game;
};

// Raised when a solver call reaches one of its SearchLimits. The call changes nothing but the
// solver's table, which keeps only bounds the search proved (later calls stay exact). The
// binding maps it to tricktaker.SearchLimitExceeded, an Error.
class SearchLimitExceeded : public Error {
 public:
  using Error::Error;
};

// Bounds on the work of one solver call, for servers that take positions from strangers (a
// ten-seat deal can take tens of millions of nodes). The search counts its nodes and reads the
// clock once every kClockEvery nodes, so the deadline is met within that many nodes.
struct SearchLimits {
  using Clock = std::chrono::steady_clock;
  static constexpr std::uint64_t kClockEvery = 1024;
  std::uint64_t max_nodes = 0;                            // 0: no limit on nodes
  Clock::time_point deadline = Clock::time_point::max();  // max(): no time limit

  bool bounded() const { return max_nodes != 0 || deadline != Clock::time_point::max(); }
  // Limits of `max_nodes` nodes (0: none) and `seconds` from now (<= 0: none).
  static SearchLimits within(std::uint64_t max_nodes, double seconds);
};

struct CardValue {
  Card card;
  int value;
};

struct SolveResult {
  int value = 0;                 // the position's value for the side
  int side = 0;                  // the maximizing side
  std::vector<CardValue> cards;  // every legal card with its value, in card id order
  CardSet best = 0;              // the legal cards that reach the value
  // Folding (PlayStateSetup::folding): whether the player to move may fold, and the value then.
  bool can_fold = false;
  int fold_value = 0;
  std::uint64_t nodes = 0;  // search nodes visited by this call
};

class Solver {
 public:
  static constexpr std::size_t kDefaultMemoryMb = 32;

  static constexpr std::size_t kMaxMemoryMb = 1 << 16;

  // memory_mb: the transposition table's size, 1..kMaxMemoryMb (rounded down to a power of two
  // number of buckets); throws Error outside that range.
  explicit Solver(std::size_t memory_mb = kDefaultMemoryMb);
  // Throws Error naming the range unless memory_mb is 1..kMaxMemoryMb (batches check first).
  static void check_memory_mb(std::size_t memory_mb);
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // The value of the position for the objective's side (0 for a finished play, except for a
  // game objective that scores the whole deal). Throws std::invalid_argument for an objective
  // that does not fit the state: a side that no playing seat has, or a game objective's own
  // check. Each call throws SearchLimitExceeded when it reaches `limits`.
  int value(const PlayState& state, const Objective& objective, const SearchLimits& limits = {});

  // The value and the value of every legal card (`limits` bound the whole call).
  SolveResult solve(const PlayState& state, const Objective& objective,
                    const SearchLimits& limits = {});

  // One zero-window test: does the side reach at least `target`?
  bool reaches(const PlayState& state, const Objective& objective, int target,
               const SearchLimits& limits = {});

  // Forget every stored entry.
  void clear();

  std::uint64_t nodes() const;  // nodes visited since the solver was made
  std::size_t memory_bytes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Solves many states on `threads` threads (0 = the hardware's count, at most kMaxThreads of
// parallel.h), one Solver of `memory_mb` each. Returns the values in input order; when
// `card_values` is not null it is filled with 64 entries per state (value per card id,
// `missing` for cards that are not legal). limits.max_nodes bounds each state's search,
// limits.deadline the whole batch; the first limit reached ends the batch with
// SearchLimitExceeded.
std::vector<int> solve_many(const std::vector<PlayState>& states, const Objective& objective,
                            int threads, std::size_t memory_mb,
                            std::vector<int>* card_values = nullptr, int missing = -32768,
                            const SearchLimits& limits = {});

// Tricks the leader's side is sure to win from a trick boundary by cashing top cards.
int sure_tricks(const PlayState& state);
// Tricks the leader's side is sure to win from a trick boundary, as the trick-count objective
// bounds them: in partnership play under plain follow-suit rules by cashing top cards suit by
// suit, through the partner's entries and around the opponents' ruffs; otherwise sure_tricks().
int quick_tricks(const PlayState& state);

}  // namespace tricktaker
