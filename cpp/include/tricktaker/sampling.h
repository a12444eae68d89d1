// Hidden-hand sampling: full deals drawn uniformly among those consistent with what one seat
// knows.
//
// The game modules compile a seat's knowledge into a SamplingProblem:
//
//   * locations: the places a hidden card can be (another seat's hand, the seat's own hand when
//     it has not seen it, the stock, a discard pile, a folded or turned-down hand, ...), each
//     with the number of hidden cards it holds;
//   * per location, the hidden cards allowed there (a suit shown void is not allowed in that
//     hand, nor a card that would have made one of its plays illegal, ...);
//   * count constraints: the number t of cards of a set T among the hidden cards of a location
//     (or of a group of locations) weighs a completion by weights[t]. Weights {0, 0, 1} mean
//     "exactly two" (a count of trumps the bidding revealed); weights[0] = 0 and 1 elsewhere
//     mean "at least one" (a call that needs a card of a set); other weights count the deck
//     orders behind a completion (a player known to hold a trump among the first six of his
//     eight cards: C(8, 6) - C(8 - t, 6) orders of his hand qualify).
//
// A completion puts every hidden card in one location and fills every location. Its weight is
// the product of its constraint weights (1 without constraints), which is proportional to the
// number of shuffled decks consistent with the seat's knowledge that produce it. Sampling is
// exactly proportional to this weight: uniform over consistent deals.
//
// Method: exact counting, then drawing proportionally (never sequential dealing, which is biased
// under void and count constraints). Hidden cards with the same allowed locations and the same
// membership of every constraint set are interchangeable: they form a class. A dynamic
// programme over the locations, whose state s is the number of cards of each class still to
// place, counts the weighted completions,
//
//   N_j(s) = sum over x filling location j of  w_j(x) * prod_k C(s_k, x_k) * N_{j+1}(s - x),
//
// where x_k cards of class k go to location j and w_j is the product of the weights of the
// constraints on location j alone. From location j on, classes that the remaining locations
// and their constraints treat alike are interchangeable too, and N_j depends only on their
// total (Vandermonde's identity), so the state of step j counts cards per such group: the
// state space stays small even with many hands, voids and constraints. A draw walks the
// locations choosing x with probability term / N_j(s), then the x_g cards of each group
// uniformly. Locations that allow the same cards and carry no constraint are merged before
// counting and their cards split uniformly after the draw (every split of a drawn set is
// equally likely). The most restricted locations come first, the most permissive last.
//
// Constraints over two or more locations are applied by rejection: a completion drawn from the
// exact part is accepted with probability weights[t] / max(weights), so accepted completions
// follow the full weight exactly. No game needs one in a usual position; they arise only when
// one player's dealt cards are split between his hand and a discard and a constraint spans
// both, where the acceptance stays at least 1/5.
//
// Counts are doubles: exact below 2^53, relative error about 1e-16 above (there are fewer than
// 54! < 1e72 completions); the draw probabilities are exact up to that rounding.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "tricktaker/cards.h"
#include "tricktaker/play_state.h"
#include "tricktaker/rng.h"

namespace tricktaker {

inline constexpr int kMaxLocations = 32;

// The number t of hidden cards of `cards` in the locations of `locations` (a bit per location)
// weighs a completion by weights[t]; t beyond the end of weights weighs 0.
struct CountConstraint {
  std::uint32_t locations = 0;
  CardSet cards = 0;
  std::vector<double> weights;
};

struct SamplingProblem {
  CardSet hidden = 0;            // the cards to place
  std::vector<int> capacity;     // hidden cards in each location; they sum to |hidden|
  std::vector<CardSet> allowed;  // per location, the hidden cards that may be there
  std::vector<CountConstraint> constraints;
};

// Facts from the card play, checked on every draw: the seats' current hands (cards known to be
// there plus the draw's cards of the seat's location) must make every card of the state's
// history legal. The exclusions of play_exclusions() capture these facts, so the check is a
// safeguard that rejects nothing for the follow policies of the core.
struct PlayCheck {
  const PlayState* state = nullptr;
  std::array<CardSet, kMaxPlayers> known{};  // cards known to be in each seat's hand now
  std::array<int, kMaxPlayers> location{};   // the location of each seat's hidden cards, or -1
  bool check_legal = true;                   // false: only build the hands (illegal plays may
                                             // have been accepted, where a game allows it)
};

class DealSampler {
 public:
  // Validates the problem (throws std::invalid_argument naming the fault) and counts its
  // completions; throws std::domain_error when no completion exists.
  explicit DealSampler(const SamplingProblem& problem);

  int num_locations() const { return static_cast<int>(capacity_.size()); }
  // The weighted number of completions of the exact part (constraints on one location).
  double count() const { return total_; }
  // True when no constraint needs rejection.
  bool exact() const { return rejection_.empty(); }

  // One completion drawn with the exact part's weights: out[l] = hidden cards in location l.
  void draw(Rng& rng, CardSet* out) const;
  // Accepts a drawn completion with probability given by the constraints over several
  // locations (always true when exact()).
  bool accept(Rng& rng, const CardSet* out) const;

 private:
  static constexpr int kMaxClasses = 64;
  using Counts = std::array<std::uint8_t, kMaxClasses>;  // cards left per group of a layer

  struct Merged {
    int capacity = 0;
    std::vector<int> members;      // the original locations, split uniformly after a draw
    std::vector<int> constraints;  // indices into exact_
  };
  struct Class {
    CardSet cards = 0;
    int size = 0;
    std::uint32_t locations = 0;   // the merged locations that allow it
    std::uint64_t membership = 0;  // bit c: its cards belong to exact_[c].cards
  };
  // The groups of classes that are interchangeable from merged location j on.
  struct Layer {
    std::vector<int> group_of;             // per class
    std::vector<int> size;                 // per group: its cards
    std::vector<std::uint64_t> mult;       // per group: its weight in the state key
    std::vector<int> parent;               // per group: its group in the next layer
    std::vector<std::uint64_t> next_mult;  // per group: its parent's weight in the next key
    std::vector<bool> allowed;             // per group: may go to location j
    std::vector<std::uint64_t> member;     // per group: bit i, in the set of j's i-th constraint
  };

  // Calls fn(x, ways, delta) for every way x to fill merged location j from the remaining
  // cards s (per group of layer j), with ways = w_j(x) * prod_g C(s_g, x_g) > 0 and delta the
  // next layer's key of x.
  template <typename Fn>
  void for_each_fill(int j, const Counts& s, Fn&& fn) const;
  double last_weight(const Counts& s) const;
  double count_from(int j, const Counts& s, std::uint64_t key);
  double lookup(int j, std::uint64_t key) const;
  std::uint64_t key(int j, const Counts& s) const;
  std::uint64_t next_base(int j, const Counts& s) const;

  std::vector<int> capacity_;   // per original location
  std::vector<Merged> merged_;  // in the order of the dynamic programme
  std::vector<Class> classes_;
  std::array<std::uint8_t, 64> class_of_{};  // per hidden card
  std::vector<Layer> layers_;
  std::vector<CountConstraint> exact_;
  std::vector<CountConstraint> rejection_;
  std::vector<double> rejection_max_;
  std::vector<std::unordered_map<std::uint64_t, double>> memo_;  // N_j by state key
  double total_ = 0;
};

// For each seat, the cards of `candidates` it cannot hold now, because one of the cards it
// played would not have been legal had it held that card as well as the cards it played later
// and `known[seat]` (cards known to be in its hand now). Every duty of the follow policy is
// triggered by holding a single card of some set, so these exclusions are exactly the facts
// the play gives (the sampler's replay check is a safeguard).
std::array<CardSet, kMaxPlayers> play_exclusions(const PlayState& state, const CardSet* known,
                                                 CardSet candidates);

// Whether every card of the state's history was legal for the hands the state holds now
// together with the cards played and folded since (replays the history on a copy).
bool history_is_legal(const PlayState& state);

// Draws samples [begin, end) of a batch into out (num_locations() values per sample, the hidden
// cards of each location). Sample i uses its own generator, seeded from (seed, i), so a batch
// is the same however it is split over threads. `check` may be null. Adds the proposals drawn
// (accepted or not) to *proposals. Throws std::runtime_error when a sample is rejected
// max_attempts times in a row.
void sample_completions(const DealSampler& sampler, const PlayCheck* check, std::uint64_t seed,
                        std::size_t begin, std::size_t end, CardSet* out, std::uint64_t* proposals,
                        std::uint64_t max_attempts = 1000000);

}  // namespace tricktaker
