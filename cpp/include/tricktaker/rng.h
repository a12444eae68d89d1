// A portable pseudo-random generator and shuffle, so that a seed gives the same deal on every
// machine and every compiler: xoshiro256** seeded through splitmix64, unbiased bounded
// integers (Lemire's method), and a Fisher-Yates shuffle from the top down.
#pragma once

#include <cstdint>
#include <utility>

namespace tricktaker {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    for (auto& word : s_) {
      seed += 0x9E3779B97F4A7C15ull;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      word = z ^ (z >> 31);
    }
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), n >= 1, without bias: Lemire's multiply-shift with rejection, which
  // needs a division only in the rare rejection case.
  std::uint64_t below(std::uint64_t n) {
    std::uint64_t hi, lo;
    mul128(next(), n, hi, lo);
    if (lo < n) {
      const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n
      while (lo < threshold) mul128(next(), n, hi, lo);
    }
    return hi;
  }

  template <typename T>
  void shuffle(T* items, int n) {
    for (int i = n - 1; i > 0; --i) {
      const int j = static_cast<int>(below(static_cast<std::uint64_t>(i) + 1));
      std::swap(items[i], items[j]);
    }
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  // The full 128-bit product of two 64-bit numbers.
  static void mul128(std::uint64_t a, std::uint64_t b, std::uint64_t& hi, std::uint64_t& lo) {
#if defined(__SIZEOF_INT128__)
    const unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
    hi = static_cast<std::uint64_t>(p >> 64);
    lo = static_cast<std::uint64_t>(p);
#else
    const std::uint64_t a_lo = a & 0xFFFFFFFFull, a_hi = a >> 32;
    const std::uint64_t b_lo = b & 0xFFFFFFFFull, b_hi = b >> 32;
    const std::uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi, hl = a_hi * b_lo, hh = a_hi * b_hi;
    const std::uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFull) + (hl & 0xFFFFFFFFull);
    hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    lo = (mid << 32) | (ll & 0xFFFFFFFFull);
#endif
  }
  std::uint64_t s_[4];
};

}  // namespace tricktaker
