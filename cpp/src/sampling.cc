#include "tricktaker/sampling.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace tricktaker {

namespace {

// Binomial coefficients C(n, k) for n, k <= 64, as doubles (exact: all are below 2^63).
struct Binomials {
  double c[65][65];
  Binomials() {
    for (int n = 0; n <= 64; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= 64; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
  }
};
const Binomials kBinomials;

double uniform01(Rng& rng) {
  return static_cast<double>(rng.next() >> 11) * (1.0 / 9007199254740992.0);
}

// The generator of sample i of a batch: independent of how the batch is split over threads.
Rng sample_rng(std::uint64_t seed, std::size_t i) {
  return Rng(seed ^ (0x9FB21C651E98DF25ull * (static_cast<std::uint64_t>(i) + 1)));
}

bool valid_weight(double w) {
  return std::isfinite(w) && w >= 0;
}

}  // namespace

DealSampler::DealSampler(const SamplingProblem& problem) : capacity_(problem.capacity) {
  const int L = static_cast<int>(problem.capacity.size());
  if (L < 1 || L > kMaxLocations)
    throw std::invalid_argument("need 1.." + std::to_string(kMaxLocations) + " locations, got " +
                                std::to_string(L));
  if (static_cast<int>(problem.allowed.size()) != L)
    throw std::invalid_argument("allowed: need one card set per location (" + std::to_string(L) +
                                "), got " + std::to_string(problem.allowed.size()));
  const CardSet hidden = problem.hidden;
  if (hidden & ~kAllCards) throw std::invalid_argument("hidden: not a set of card ids");
  int total = 0;
  for (int l = 0; l < L; ++l) {
    if (capacity_[l] < 0) throw std::invalid_argument("capacities must be >= 0");
    total += capacity_[l];
  }
  if (total != popcount(hidden))
    throw std::invalid_argument("the capacities sum to " + std::to_string(total) + ", but " +
                                std::to_string(popcount(hidden)) + " cards are hidden");
  CardSet placeable = 0;
  for (int l = 0; l < L; ++l)
    if (capacity_[l] > 0) placeable |= problem.allowed[l] & hidden;
  if (hidden & ~placeable)
    throw std::domain_error("no location may hold " +
                            card_to_string(lowest_card(hidden & ~placeable)) +
                            ": the knowledge is inconsistent");

  // Split the constraints: one location is exact, several go to rejection.
  std::vector<std::vector<int>> on_location(L);
  for (const CountConstraint& c : problem.constraints) {
    if (c.locations == 0 || (L < 32 && (c.locations >> L) != 0))
      throw std::invalid_argument("a constraint names no location or one out of range");
    for (double w : c.weights)
      if (!valid_weight(w)) throw std::invalid_argument("constraint weights must be finite, >= 0");
    CountConstraint copy = c;
    copy.cards &= hidden;
    if (__builtin_popcount(c.locations) == 1) {
      on_location[__builtin_ctz(c.locations)].push_back(static_cast<int>(exact_.size()));
      exact_.push_back(std::move(copy));
    } else {
      double top = 0;
      for (double w : copy.weights) top = std::max(top, w);
      if (top <= 0) throw std::domain_error("a constraint allows no count: no completion exists");
      rejection_.push_back(std::move(copy));
      rejection_max_.push_back(top);
    }
  }
  if (exact_.size() > 64) throw std::invalid_argument("at most 64 single-location constraints");

  // Merge unconstrained locations that allow the same cards; drop empty locations.
  std::map<CardSet, int> group_of;
  double empty_factor = 1;  // constraints on empty locations see t = 0
  for (int l = 0; l < L; ++l) {
    if (capacity_[l] == 0) {
      for (int c : on_location[l])
        empty_factor *= exact_[c].weights.empty() ? 0.0 : exact_[c].weights[0];
      continue;
    }
    const CardSet allowed = problem.allowed[l] & hidden;
    if (on_location[l].empty()) {
      auto it = group_of.find(allowed);
      if (it != group_of.end()) {
        merged_[it->second].capacity += capacity_[l];
        merged_[it->second].members.push_back(l);
        continue;
      }
      group_of[allowed] = static_cast<int>(merged_.size());
    }
    Merged m;
    m.capacity = capacity_[l];
    m.members.push_back(l);
    m.constraints = on_location[l];
    merged_.push_back(std::move(m));
  }
  // Order: small locations first, the largest last (it takes what remains).
  std::stable_sort(merged_.begin(), merged_.end(),
                   [](const Merged& a, const Merged& b) { return a.capacity < b.capacity; });
  const int M = static_cast<int>(merged_.size());

  // Classes: cards with the same merged locations and the same constraint memberships.
  std::map<std::pair<std::uint32_t, std::uint64_t>, std::vector<Card>> by_signature;
  for (Card card : cards_of{hidden}) {
    std::uint32_t locs = 0;
    for (int j = 0; j < M; ++j)
      if ((problem.allowed[merged_[j].members[0]] >> card) & 1) locs |= 1u << j;
    std::uint64_t member = 0;
    for (std::size_t c = 0; c < exact_.size(); ++c)
      if ((exact_[c].cards >> card) & 1) member |= 1ull << c;
    by_signature[{locs, member}].push_back(card);
  }
  long double product = 1;
  for (const auto& [signature, cards] : by_signature) {
    Class k;
    k.offset = static_cast<int>(cards_.size());
    k.size = static_cast<int>(cards.size());
    k.locations = signature.first;
    k.membership = signature.second;
    cards_.insert(cards_.end(), cards.begin(), cards.end());
    classes_.push_back(k);
    radix_.push_back(static_cast<std::uint64_t>(k.size) + 1);
    product *= static_cast<long double>(k.size + 1);
  }
  if (product > 1.8e19L) throw std::invalid_argument("too many card classes to count");

  memo_.resize(M);
  State s(classes_.size());
  for (std::size_t k = 0; k < classes_.size(); ++k)
    s[k] = static_cast<std::uint8_t>(classes_[k].size);
  // A merged location's cards split over its members in multinomially many ways.
  for (const Merged& m : merged_) {
    int left = m.capacity;
    for (int l : m.members) {
      empty_factor *= kBinomials.c[left][capacity_[l]];
      left -= capacity_[l];
    }
  }
  total_ = empty_factor == 0 ? 0.0 : (M == 0 ? 1.0 : count_from(0, s)) * empty_factor;
  if (!(total_ > 0)) throw std::domain_error("no deal is consistent with this knowledge");
}

std::uint64_t DealSampler::key(const State& s) const {
  std::uint64_t k = 0;
  for (std::size_t i = 0; i < s.size(); ++i) k = k * radix_[i] + s[i];
  return k;
}

double DealSampler::weight(int j, const State& x) const {
  double w = 1;
  for (int c : merged_[j].constraints) {
    const CountConstraint& con = exact_[c];
    int t = 0;
    for (std::size_t k = 0; k < classes_.size(); ++k)
      if ((classes_[k].membership >> c) & 1) t += x[k];
    w *= static_cast<std::size_t>(t) < con.weights.size() ? con.weights[t] : 0.0;
    if (w == 0) break;
  }
  return w;
}

// Calls fn(x, ways) for every way x to fill merged location j from the remaining cards s, where
// ways = w_j(x) * prod_k C(s_k, x_k) > 0.
template <typename Fn>
void DealSampler::for_each_fill(int j, const State& s, Fn&& fn) const {
  const int K = static_cast<int>(classes_.size());
  const std::uint32_t bit_j = 1u << j;
  State x(K, 0);
  // Cards available to location j in classes k.. (for pruning).
  std::vector<int> avail(K + 1, 0);
  for (int k = K - 1; k >= 0; --k)
    avail[k] = avail[k + 1] + ((classes_[k].locations & bit_j) ? s[k] : 0);
  const int cap = merged_[j].capacity;
  if (avail[0] < cap) return;
  // Depth-first over classes.
  auto rec = [&](auto&& self, int k, int left, double ways) -> void {
    if (k == K) {
      if (left == 0) {
        const double w = ways * weight(j, x);
        if (w > 0) fn(x, w);
      }
      return;
    }
    if (avail[k] < left) return;
    if (!(classes_[k].locations & bit_j) || s[k] == 0) {
      self(self, k + 1, left, ways);
      return;
    }
    const int hi = std::min<int>(s[k], left);
    const int lo = std::max(0, left - avail[k + 1]);
    for (int v = lo; v <= hi; ++v) {
      x[k] = static_cast<std::uint8_t>(v);
      self(self, k + 1, left - v, ways * kBinomials.c[s[k]][v]);
    }
    x[k] = 0;
  };
  rec(rec, 0, cap, 1.0);
}

double DealSampler::count_from(int j, State& s) {
  const int M = static_cast<int>(merged_.size());
  const std::uint64_t k = key(s);
  auto it = memo_[j].find(k);
  if (it != memo_[j].end()) return it->second;
  double total = 0;
  if (j == M - 1) {
    // The last location takes every remaining card, if it may.
    bool ok = true;
    int left = 0;
    for (std::size_t c = 0; c < classes_.size(); ++c) {
      left += s[c];
      if (s[c] && !((classes_[c].locations >> j) & 1)) ok = false;
    }
    if (ok && left == merged_[j].capacity) total = weight(j, s);
  } else {
    for_each_fill(j, s, [&](const State& x, double ways) {
      State rest = s;
      for (std::size_t c = 0; c < rest.size(); ++c)
        rest[c] = static_cast<std::uint8_t>(rest[c] - x[c]);
      total += ways * count_from(j + 1, rest);
    });
  }
  memo_[j].emplace(k, total);
  return total;
}

double DealSampler::lookup(int j, const State& s) const {
  auto it = memo_[j].find(key(s));
  return it == memo_[j].end() ? 0.0 : it->second;
}

void DealSampler::draw(Rng& rng, CardSet* out) const {
  const int L = num_locations();
  const int M = static_cast<int>(merged_.size());
  for (int l = 0; l < L; ++l) out[l] = 0;
  Card pool[64];
  const int n = static_cast<int>(cards_.size());
  std::copy(cards_.begin(), cards_.end(), pool);
  std::vector<int> used(classes_.size(), 0);
  State s(classes_.size());
  for (std::size_t k = 0; k < classes_.size(); ++k)
    s[k] = static_cast<std::uint8_t>(classes_[k].size);
  State chosen(classes_.size(), 0);
  for (int j = 0; j < M; ++j) {
    if (j == M - 1) {
      chosen = s;
    } else {
      // Choose x with probability ways * N_{j+1}(s - x) / N_j(s).
      const double target = uniform01(rng) * lookup(j, s);
      double acc = 0;
      bool picked = false;
      State last;
      State rest(s.size());
      for_each_fill(j, s, [&](const State& x, double ways) {
        if (picked) return;
        for (std::size_t c = 0; c < s.size(); ++c) rest[c] = static_cast<std::uint8_t>(s[c] - x[c]);
        const double term = ways * lookup(j + 1, rest);
        if (term <= 0) return;
        acc += term;
        last = x;
        if (acc > target) {
          chosen = x;
          picked = true;
        }
      });
      if (!picked) chosen = last;  // rounding: the last fill with a positive term
    }
    // Draw the cards of each class, then split them over the merged members.
    CardSet drawn = 0;
    for (std::size_t c = 0; c < classes_.size(); ++c) {
      const int take = chosen[c];
      if (!take) continue;
      const int base = classes_[c].offset + used[c];
      const int avail = classes_[c].size - used[c];
      for (int i = 0; i < take; ++i) {
        const int r = i + static_cast<int>(rng.below(static_cast<std::uint64_t>(avail - i)));
        std::swap(pool[base + i], pool[base + r]);
        drawn |= bit(pool[base + i]);
      }
      used[c] += take;
      s[c] = static_cast<std::uint8_t>(s[c] - take);
    }
    const Merged& m = merged_[j];
    if (m.members.size() == 1) {
      out[m.members[0]] = drawn;
    } else {
      Card cards[64];
      int count = 0;
      for (Card c : cards_of{drawn}) cards[count++] = c;
      rng.shuffle(cards, count);
      int pos = 0;
      for (int l : m.members) {
        CardSet part = 0;
        for (int i = 0; i < capacity_[l]; ++i) part |= bit(cards[pos++]);
        out[l] = part;
      }
    }
  }
  (void)n;
}

bool DealSampler::accept(Rng& rng, const CardSet* out) const {
  for (std::size_t r = 0; r < rejection_.size(); ++r) {
    const CountConstraint& con = rejection_[r];
    CardSet held = 0;
    for (int l = 0; l < num_locations(); ++l)
      if ((con.locations >> l) & 1) held |= out[l];
    const int t = popcount(held & con.cards);
    const double w = static_cast<std::size_t>(t) < con.weights.size() ? con.weights[t] : 0.0;
    if (w <= 0) return false;
    if (w < rejection_max_[r] && uniform01(rng) * rejection_max_[r] >= w) return false;
  }
  return true;
}

namespace {

// A copy of the state taken back to its first card, with the order of plays and folds.
PlayState rewound(const PlayState& state) {
  PlayState replay = state;
  while (replay.cards_played() > 0 || replay.num_folds() > 0) replay.undo();
  return replay;
}

}  // namespace

std::array<CardSet, kMaxPlayers> play_exclusions(const PlayState& state, const CardSet* known,
                                                 CardSet candidates) {
  std::array<CardSet, kMaxPlayers> out{};
  PlayState replay = rewound(state);
  const int n = state.cards_played();
  // later[p]: cards p plays after the current step, or folds after it.
  std::array<CardSet, kMaxPlayers> later{};
  for (int h = 0; h < n; ++h) later[state.history_player(h)] |= bit(state.history_card(h));
  for (int f = 0; f < state.num_folds(); ++f)
    later[state.fold_record(f).seat] |= state.fold_record(f).cards;
  const RulesTable& rules = state.rules();
  const CardSet first_lead = state.first_lead_cards();
  int f = 0;
  Card trick[kMaxPlayers];
  for (int h = 0; h < n; ++h) {
    while (f < state.num_folds() && state.fold_record(f).at == h) {
      later[state.fold_record(f).seat] &= ~state.fold_record(f).cards;
      replay.fold();
      ++f;
    }
    const int p = state.history_player(h);
    const Card c = state.history_card(h);
    later[p] &= ~bit(c);
    const CardSet base = bit(c) | later[p] | known[p];
    const int len = replay.trick_len();
    if (len == 0) {
      if (h == 0 && first_lead && !((first_lead >> c) & 1)) out[p] |= candidates & first_lead;
    } else {
      for (int i = 0; i < len; ++i) trick[i] = replay.trick_card(i);
      const int win = replay.current_winner_index();
      const bool partner = replay.side(replay.trick_player(win)) == replay.side(p);
      for (Card x : cards_of{candidates & ~base & ~out[p]}) {
        const CardSet legal = legal_cards(rules, base | bit(x), trick, len, win, partner);
        if (!((legal >> c) & 1)) out[p] |= bit(x);
      }
    }
    replay.play(c);
  }
  return out;
}

bool history_is_legal(const PlayState& state) {
  PlayState replay = rewound(state);
  const int n = state.cards_played();
  int f = 0;
  for (int h = 0; h <= n; ++h) {
    while (f < state.num_folds() && state.fold_record(f).at == h) {
      if (replay.to_move() != state.fold_record(f).seat || !replay.can_fold()) return false;
      replay.fold();
      ++f;
    }
    if (h == n) break;
    const Card c = state.history_card(h);
    if (replay.to_move() != state.history_player(h) || !((replay.legal_moves() >> c) & 1))
      return false;
    replay.play(c);
  }
  return true;
}

void sample_completions(const DealSampler& sampler, const PlayCheck* check, std::uint64_t seed,
                        std::size_t begin, std::size_t end, CardSet* out, std::uint64_t* proposals,
                        std::uint64_t max_attempts) {
  const int L = sampler.num_locations();
  std::uint64_t drawn = 0;
  for (std::size_t i = begin; i < end; ++i) {
    Rng rng = sample_rng(seed, i);
    CardSet* row = out + i * static_cast<std::size_t>(L);
    std::uint64_t attempts = 0;
    for (;;) {
      if (attempts++ == max_attempts)
        throw std::runtime_error("the sampler rejected " + std::to_string(max_attempts) +
                                 " draws in a row; the knowledge leaves almost no deal");
      ++drawn;
      sampler.draw(rng, row);
      if (!sampler.accept(rng, row)) continue;
      if (check != nullptr && check->state != nullptr && check->check_legal) {
        const PlayState& state = *check->state;
        std::array<CardSet, kMaxPlayers> hands{};
        for (int p = 0; p < state.num_players(); ++p) {
          hands[p] = check->known[p];
          if (check->location[p] >= 0) hands[p] |= row[check->location[p]];
        }
        PlayState copy = state;
        copy.set_hands(hands);
        if (!history_is_legal(copy)) continue;
      }
      break;
    }
  }
  if (proposals != nullptr) *proposals += drawn;
}

}  // namespace tricktaker
