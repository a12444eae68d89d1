// A portable pseudo-random generator and shuffle, so that a seed gives the same deal on every
// machine and every compiler: xoshiro256** seeded through splitmix64, unbiased bounded
// integers by rejection, and a Fisher-Yates shuffle from the top down.
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

  // Uniform in [0, n), n >= 1, without modulo bias.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = (0 - n) % n;  // 2^64 mod n
    for (;;) {
      const std::uint64_t x = next();
      if (x >= limit) return x % n;
    }
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
  std::uint64_t s_[4];
};

}  // namespace tricktaker
