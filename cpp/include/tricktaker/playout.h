// Random playouts: play uniformly random legal cards to the end of the deal, entirely native.
#pragma once

#include <cstdint>

#include "tricktaker/klaverjas.h"
#include "tricktaker/play_state.h"
#include "tricktaker/rng.h"

namespace tricktaker {

// The i-th set card of a mask (0-based), in increasing id order.
inline Card select_card(CardSet mask, int index) {
  for (int k = 0; k < index; ++k) mask &= mask - 1;
  return lowest_card(mask);
}

// A uniformly random card of a non-empty mask.
inline Card random_card(CardSet mask, Rng& rng) {
  return select_card(mask, static_cast<int>(rng.below(static_cast<std::uint64_t>(popcount(mask)))));
}

// Plays uniformly random legal cards until the deal ends; returns the cards played.
inline int random_playout(PlayState& state, Rng& rng) {
  int played = 0;
  while (!state.is_terminal()) {
    state.play(random_card(state.legal_moves(), rng));
    ++played;
  }
  return played;
}

// One Klaverjas deal dealt, trumped and played at random, as the batch simulator records it.
struct KlaverjasPlayoutRecord {
  std::int16_t score[2];
  std::int16_t card_points[2];
  std::int16_t roem[2];
  std::int8_t trump;
  std::int8_t declarer;
  std::int8_t made;
  std::int8_t pit_team;
};

// What a batch of Klaverjas playouts builds once: the rules table of each trump suit.
struct KlaverjasPlayoutContext {
  KlaverjasPlayoutContext(const KlaverjasRulesOptions& rules_options,
                          const KlaverjasScoringOptions& scoring_options);
  RulesTable tables[kNumSuits];
  KlaverjasScoringOptions scoring;
};

// Deals a random deal from rng (random dealer; trump uniform; declarer uniform), plays it out
// with random legal cards and scores it.
KlaverjasPlayoutRecord klaverjas_random_deal_playout(Rng& rng,
                                                     const KlaverjasPlayoutContext& context);

// Plays out a given Klaverjas position (a state whose declarer's team is playing_team) with
// random legal cards and scores the result.
KlaverjasPlayoutRecord klaverjas_playout_from(const PlayState& start, int playing_team,
                                              const KlaverjasScoringOptions& scoring, Rng& rng);

// Deals the four 8-card hands of a 32-card deck order (3-2-3 or 4-4 packets from forehand).
void klaverjas_deal_hands(const Card* order, int dealer, bool packets_4_4, CardSet hands[4]);

}  // namespace tricktaker
