// The deal sampler's counts: completions of hidden cards into hands of given sizes, with cards
// a hand may not hold and count constraints.
#include <cmath>

#include "test.h"
#include "tricktaker/rng.h"
#include "tricktaker/sampling.h"

using namespace tricktaker;

namespace {
SamplingProblem problem(int hidden, std::vector<int> capacity) {
  SamplingProblem p;
  for (int i = 0; i < hidden; ++i) p.hidden |= bit(static_cast<Card>(i));
  p.capacity = std::move(capacity);
  p.allowed.assign(p.capacity.size(), p.hidden);
  return p;
}
}  // namespace

TEST(sampling, counts) {
  // Six cards into two hands of three: C(6, 3).
  CHECK_EQ(DealSampler(problem(6, {3, 3})).count(), 20.0);
  // Nine cards into three hands of three: 9! / (3! 3! 3!).
  CHECK_EQ(DealSampler(problem(9, {3, 3, 3})).count(), 1680.0);
  // A card the first hand may not hold: C(5, 3).
  SamplingProblem p = problem(6, {3, 3});
  p.allowed[0] &= ~bit(0);
  CHECK_EQ(DealSampler(p).count(), 10.0);
  // Exactly two of the cards 0..2 in the first hand: C(3, 2) * C(3, 1).
  SamplingProblem q = problem(6, {3, 3});
  q.constraints.push_back(CountConstraint{1u, bit(0) | bit(1) | bit(2), {0, 0, 1, 0}});
  const DealSampler exactly_two(q);
  CHECK(exactly_two.exact());
  CHECK_EQ(exactly_two.count(), 9.0);
}

TEST(sampling, draws_respect_the_problem) {
  SamplingProblem p = problem(8, {3, 5});
  p.allowed[0] &= ~(bit(0) | bit(1));
  const DealSampler sampler(p);
  Rng rng(9);
  int first_holds_2 = 0;
  const int n = 4000;
  for (int i = 0; i < n; ++i) {
    CardSet out[2];
    sampler.draw(rng, out);
    CHECK_EQ(popcount(out[0]), 3);
    CHECK_EQ(out[0] | out[1], p.hidden);
    CHECK_EQ(out[0] & (bit(0) | bit(1)), CardSet{0});
    first_holds_2 += static_cast<int>((out[0] >> 2) & 1);
  }
  // Card 2 is in the first hand with probability 3/6.
  CHECK(std::abs(first_holds_2 / static_cast<double>(n) - 0.5) < 0.05);
  CHECK_THROWS(DealSampler(problem(6, {3, 2})), std::invalid_argument);
}
