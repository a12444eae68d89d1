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

// The index-th card (0-based, in id order) of a set.
Card select_nth(CardSet s, int index) {
  for (int i = 0; i < index; ++i) s &= s - 1;
  return lowest_card(s);
}

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
  // Order: the most restricted locations first, so that few mixes of classes are left after
  // them; the most permissive last (it takes what remains, with no choice to enumerate).
  std::stable_sort(merged_.begin(), merged_.end(), [&](const Merged& a, const Merged& b) {
    const int ra = popcount(problem.allowed[a.members[0]] & hidden);
    const int rb = popcount(problem.allowed[b.members[0]] & hidden);
    return ra != rb ? ra < rb : a.capacity < b.capacity;
  });
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
    for (Card c : cards) k.cards |= bit(c);
    k.size = static_cast<int>(cards.size());
    k.locations = signature.first;
    k.membership = signature.second;
    for (Card c : cards) class_of_[c] = static_cast<std::uint8_t>(classes_.size());
    classes_.push_back(k);
    product *= static_cast<long double>(k.size + 1);
  }
  if (product > 1.8e19L) throw std::invalid_argument("too many card classes to count");
  const int K = static_cast<int>(classes_.size());
  if (K > kMaxClasses) throw std::invalid_argument("too many card classes");

  // Layers: from location j on, classes with the same remaining locations and the same
  // membership of the remaining locations' constraints are interchangeable (N_j depends only on
  // their total), so the state of layer j counts cards per such group.
  layers_.resize(M);
  for (int j = M - 1; j >= 0; --j) {
    Layer& layer = layers_[j];
    std::uint64_t remaining = 0;  // constraints on locations j..M-1
    for (int i = j; i < M; ++i)
      for (int c : merged_[i].constraints) remaining |= 1ull << c;
    std::map<std::pair<std::uint32_t, std::uint64_t>, int> ids;
    layer.group_of.resize(K);
    for (int k = 0; k < K; ++k) {
      const auto key =
          std::make_pair(classes_[k].locations >> j, classes_[k].membership & remaining);
      auto [it, fresh] = ids.emplace(key, static_cast<int>(layer.size.size()));
      if (fresh) {
        layer.size.push_back(0);
        layer.allowed.push_back(((classes_[k].locations >> j) & 1) != 0);
        std::uint64_t local = 0;  // bit i: in the set of this location's i-th constraint
        for (std::size_t i = 0; i < merged_[j].constraints.size(); ++i)
          if ((classes_[k].membership >> merged_[j].constraints[i]) & 1) local |= 1ull << i;
        layer.member.push_back(local);
      }
      layer.group_of[k] = it->second;
      layer.size[it->second] += classes_[k].size;
    }
    const int G = static_cast<int>(layer.size.size());
    layer.mult.assign(G, 1);
    for (int g = G - 2; g >= 0; --g)
      layer.mult[g] = layer.mult[g + 1] * static_cast<std::uint64_t>(layer.size[g + 1] + 1);
    layer.parent.assign(G, 0);
    layer.next_mult.assign(G, 0);
    if (j + 1 < M) {
      for (int k = 0; k < K; ++k) {
        const int g = layer.group_of[k];
        layer.parent[g] = layers_[j + 1].group_of[k];
        layer.next_mult[g] = layers_[j + 1].mult[layer.parent[g]];
      }
    }
  }

  memo_.resize(M);
  // A merged location's cards split over its members in multinomially many ways.
  for (const Merged& m : merged_) {
    int left = m.capacity;
    for (int l : m.members) {
      empty_factor *= kBinomials.c[left][capacity_[l]];
      left -= capacity_[l];
    }
  }
  double completions = 1.0;
  if (M > 0) {
    Counts s{};
    for (int k = 0; k < K; ++k) s[layers_[0].group_of[k]] += classes_[k].size;
    completions = count_from(0, s, key(0, s));
  }
  total_ = empty_factor == 0 ? 0.0 : completions * empty_factor;
  if (!(total_ > 0)) throw std::domain_error("no deal is consistent with this knowledge");
}

std::uint64_t DealSampler::key(int j, const Counts& s) const {
  std::uint64_t k = 0;
  const Layer& layer = layers_[j];
  for (std::size_t g = 0; g < layer.size.size(); ++g) k += layer.mult[g] * s[g];
  return k;
}

template <typename Fn>
void DealSampler::for_each_fill(int j, const Counts& s, Fn&& fn) const {
  const Layer& layer = layers_[j];
  const Merged& m = merged_[j];
  // The groups that may go here, with what is left of them.
  int ids[kMaxClasses];
  int n = 0;
  for (int g = 0; g < static_cast<int>(layer.size.size()); ++g)
    if (layer.allowed[g] && s[g]) ids[n++] = g;
  int avail[kMaxClasses + 1];
  avail[n] = 0;
  for (int i = n - 1; i >= 0; --i) avail[i] = avail[i + 1] + s[ids[i]];
  const int cap = m.capacity;
  if (avail[0] < cap) return;
  const int nc = static_cast<int>(m.constraints.size());
  std::array<int, 64> t{};  // cards of each of its constraint sets placed so far
  Counts x{};
  auto rec = [&](auto&& self, int i, int left, double ways, std::uint64_t delta) -> void {
    if (left == 0) {
      double w = ways;
      for (int c = 0; c < nc && w > 0; ++c) {
        const auto& weights = exact_[m.constraints[c]].weights;
        w *= static_cast<std::size_t>(t[c]) < weights.size() ? weights[t[c]] : 0.0;
      }
      if (w > 0) fn(x, w, delta);
      return;
    }
    if (i == n || avail[i] < left) return;
    const int g = ids[i];
    const int hi = std::min<int>(s[g], left);
    const int lo = std::max(0, left - avail[i + 1]);
    const std::uint64_t member = layer.member[g];
    for (int v = lo; v <= hi; ++v) {
      x[g] = static_cast<std::uint8_t>(v);
      for (int c = 0; c < nc; ++c)
        if ((member >> c) & 1) t[c] += v;
      self(self, i + 1, left - v, ways * kBinomials.c[s[g]][v], delta + layer.next_mult[g] * v);
      for (int c = 0; c < nc; ++c)
        if ((member >> c) & 1) t[c] -= v;
    }
    x[g] = 0;
  };
  rec(rec, 0, cap, 1.0, 0);
}

double DealSampler::last_weight(const Counts& s) const {
  const int j = static_cast<int>(merged_.size()) - 1;
  const Layer& layer = layers_[j];
  const Merged& m = merged_[j];
  int left = 0;
  std::array<int, 64> t{};
  for (std::size_t g = 0; g < layer.size.size(); ++g) {
    if (!s[g]) continue;
    if (!layer.allowed[g]) return 0.0;
    left += s[g];
    for (std::size_t c = 0; c < m.constraints.size(); ++c)
      if ((layer.member[g] >> c) & 1) t[c] += s[g];
  }
  if (left != m.capacity) return 0.0;
  double w = 1;
  for (std::size_t c = 0; c < m.constraints.size(); ++c) {
    const auto& weights = exact_[m.constraints[c]].weights;
    w *= static_cast<std::size_t>(t[c]) < weights.size() ? weights[t[c]] : 0.0;
  }
  return w;
}

std::uint64_t DealSampler::next_base(int j, const Counts& s) const {
  const Layer& layer = layers_[j];
  std::uint64_t base = 0;
  for (std::size_t g = 0; g < layer.size.size(); ++g) base += layer.next_mult[g] * s[g];
  return base;
}

double DealSampler::count_from(int j, const Counts& s, std::uint64_t key) {
  auto it = memo_[j].find(key);
  if (it != memo_[j].end()) return it->second;
  double total = 0;
  if (j == static_cast<int>(merged_.size()) - 1) {
    total = last_weight(s);
  } else {
    const Layer& layer = layers_[j];
    const std::uint64_t base = next_base(j, s);
    for_each_fill(j, s, [&](const Counts& x, double ways, std::uint64_t delta) {
      const std::uint64_t sub = base - delta;
      auto found = memo_[j + 1].find(sub);
      double rest;
      if (found != memo_[j + 1].end()) {
        rest = found->second;
      } else {
        Counts next{};
        for (std::size_t g = 0; g < layer.size.size(); ++g)
          next[layer.parent[g]] = static_cast<std::uint8_t>(next[layer.parent[g]] + s[g] - x[g]);
        rest = count_from(j + 1, next, sub);
      }
      total += ways * rest;
    });
  }
  memo_[j].emplace(key, total);
  return total;
}

double DealSampler::lookup(int j, std::uint64_t key) const {
  auto it = memo_[j].find(key);
  return it == memo_[j].end() ? 0.0 : it->second;
}

void DealSampler::draw(Rng& rng, CardSet* out) const {
  const int L = num_locations();
  const int M = static_cast<int>(merged_.size());
  const int K = static_cast<int>(classes_.size());
  for (int l = 0; l < L; ++l) out[l] = 0;
  CardSet left[kMaxClasses];
  for (int k = 0; k < K; ++k) left[k] = classes_[k].cards;
  for (int j = 0; j < M; ++j) {
    const Layer& layer = layers_[j];
    const int G = static_cast<int>(layer.size.size());
    CardSet pool[kMaxClasses] = {0};
    for (int k = 0; k < K; ++k) pool[layer.group_of[k]] |= left[k];
    Counts s{};
    for (int g = 0; g < G; ++g) s[g] = static_cast<std::uint8_t>(popcount(pool[g]));
    Counts chosen{};
    if (j == M - 1) {
      chosen = s;
    } else {
      // Choose x with probability ways * N_{j+1}(s - x) / N_j(s).
      const double target = uniform01(rng) * lookup(j, key(j, s));
      const std::uint64_t base = next_base(j, s);
      double acc = 0;
      bool picked = false;
      for_each_fill(j, s, [&](const Counts& x, double ways, std::uint64_t delta) {
        if (picked) return;
        const double term = ways * lookup(j + 1, base - delta);
        if (term <= 0) return;
        acc += term;
        chosen = x;  // the last fill with a positive term, should rounding leave acc <= target
        if (acc > target) picked = true;
      });
    }
    // Draw the cards of each group uniformly, then split them over the merged members.
    CardSet drawn = 0;
    for (int g = 0; g < G; ++g) {
      CardSet from = pool[g];
      for (int i = 0; i < chosen[g]; ++i) {
        const Card c = select_nth(from, static_cast<int>(rng.below(popcount(from))));
        from &= ~bit(c);
        drawn |= bit(c);
        left[class_of_[c]] &= ~bit(c);
      }
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
