// Table keys: the canonical form of a position at a trick boundary (the remaining cards in
// strength order, each as holder, label and identity), hashed to 64 bits.
#include <cstdint>

#include "search.h"

#ifdef TRICKTAKER_PEXT
#include <immintrin.h>
#endif

namespace tricktaker::solver_detail {

#ifdef TRICKTAKER_PEXT
__attribute__((target("bmi2"))) std::uint64_t pext_bmi2(std::uint64_t x, std::uint64_t m) {
  return _pext_u64(x, m);
}
__attribute__((target("bmi2"))) std::uint64_t pdep_bmi2(std::uint64_t x, std::uint64_t m) {
  return _pdep_u64(x, m);
}
extern const bool kHasPext = __builtin_cpu_supports("bmi2");
#else
extern const bool kHasPext = false;
#endif

namespace {

#ifdef TRICKTAKER_PEXT
// pext_bmi2() of several words at once: one call for a key's words.
__attribute__((target("bmi2"))) void pext_all_bmi2(std::uint64_t* x, int n, std::uint64_t m) {
  for (int i = 0; i < n; ++i) x[i] = _pext_u64(x[i], m);
}
#else
void pext_all_bmi2(std::uint64_t*, int, std::uint64_t) {}
#endif

// The same, bit by bit, where the instruction is missing.
std::uint64_t pext_portable(std::uint64_t x, std::uint64_t m) {
  std::uint64_t out = 0;
  for (std::uint64_t k = 1; m; m &= m - 1, k <<= 1)
    if (x & m & (~m + 1)) out |= k;
  return out;
}

void pext_all(std::uint64_t* x, int n, std::uint64_t m) {
  if (kHasPext) {
    pext_all_bmi2(x, n, m);
  } else {
    for (int i = 0; i < n; ++i) x[i] = pext_portable(x[i], m);
  }
}

}  // namespace

std::uint64_t Search::canonical_key(CardSet identity_s, CardSet r, std::uint64_t state,
                                    Labels* labels) const {
  // The canonical form, by relative-rank masks: which of the remaining cards (in strength
  // order) each seat holds, has each label bit, or is an identity card. With at most 32 cards
  // left, two masks share a word, and the label masks of an objective with point symmetry are
  // left out of the key and returned in *labels instead.
  // The words enter the hash by KeySteps.
  const bool narrow = popcount(r) <= 32;
  const bool labels_apart = narrow && point_symmetry_ != PointSymmetry::kNone;
  const int shift = narrow ? 32 : 0;
  KeySteps h(0x13198A2E03707344ULL);
  auto step = [&h](std::uint64_t v) { h.step(v); };
  std::uint64_t word = 0;
  bool half = false;
  auto add = [&](std::uint64_t v) {
    if (shift == 0) {
      step(v);
    } else if (half) {
      step(word | v << shift);
      half = false;
    } else {
      word = v;
      half = true;
    }
  };
  // The masks to pack: the hands, the label planes, the identity cards.
  std::uint64_t words[kMaxPlayers + 5];
  int n = 0;
  for (int p = 0; p < st_.num_players(); ++p) words[n++] = sh_[p];
  const int first_plane = n;
  for (int j = 0; j < 4; ++j)
    if (label_plane_[j]) words[n++] = label_plane_[j];
  words[n++] = identity_s;
  pext_all(words, n, r);
  for (int i = 0; i < first_plane; ++i) add(words[i]);
  *labels = Labels{};
  for (int j = 0, i = first_plane; j < 4; ++j) {
    if (!label_plane_[j]) continue;
    if (labels_apart) {
      labels->plane[j] = static_cast<std::uint32_t>(words[i++]);
    } else {
      add(words[i++]);
    }
  }
  add(words[n - 1]);
  if (half) step(word);
  // Cards left per segment (7 bits each), the leader and the objective's state.
  std::uint64_t counts = 0;
  for (int s = 0; s < 5; ++s)
    counts = counts << 7 | static_cast<std::uint64_t>(popcount(r & seg_mask_[s]));
  step(counts | static_cast<std::uint64_t>(st_.leader()) << 35);
  step(state);
  step(r & (identity_s | (exact_ ? ~0ULL : 0)));
  if (st_.folding()) step(st_.active());  // who is still in the play
  return h.done();
}

}  // namespace tricktaker::solver_detail
