#include "tricktaker/playout.h"

namespace tricktaker {

void klaverjas_deal_hands(const Card* order, int dealer, bool packets_4_4, CardSet hands[4]) {
  static constexpr int kPackets323[] = {3, 2, 3};
  static constexpr int kPackets44[] = {4, 4};
  const int* sizes = packets_4_4 ? kPackets44 : kPackets323;
  const int rounds = packets_4_4 ? 2 : 3;
  for (int p = 0; p < 4; ++p) hands[p] = 0;
  int pos = 0;
  for (int r = 0; r < rounds; ++r)
    for (int k = 0; k < 4; ++k) {
      const int seat = (dealer + 1 + k) & 3;
      for (int i = 0; i < sizes[r]; ++i) hands[seat] |= bit(order[pos++]);
    }
}

namespace {
KlaverjasPlayoutRecord score_record(const PlayState& state, int playing_team,
                                    const KlaverjasScoringOptions& scoring) {
  const std::array<int, 2> roem = {state.side_bonus(0), state.side_bonus(1)};
  const KlaverjasDealScore s = klaverjas_score(state, playing_team, roem, scoring, -1);
  KlaverjasPlayoutRecord r{};
  for (int t = 0; t < 2; ++t) {
    r.score[t] = static_cast<std::int16_t>(s.score[t]);
    r.card_points[t] = static_cast<std::int16_t>(s.card_points[t]);
    r.roem[t] = static_cast<std::int16_t>(s.roem[t]);
  }
  r.trump = state.rules().trump;
  r.made = s.made ? 1 : 0;
  r.pit_team = static_cast<std::int8_t>(s.pit_team);
  return r;
}
}  // namespace

KlaverjasPlayoutContext::KlaverjasPlayoutContext(const KlaverjasRulesOptions& rules_options,
                                                 const KlaverjasScoringOptions& scoring_options)
    : scoring(scoring_options) {
  for (int trump = 0; trump < kNumSuits; ++trump)
    tables[trump] = klaverjas_rules(trump, rules_options);
}

KlaverjasPlayoutRecord klaverjas_random_deal_playout(Rng& rng,
                                                     const KlaverjasPlayoutContext& context) {
  static const CardSet kDeck = piquet_deck();
  Card order[32];
  int n = 0;
  for (Card c : cards_of{kDeck}) order[n++] = c;
  const int dealer = static_cast<int>(rng.below(4));
  rng.shuffle(order, 32);
  const int trump = static_cast<int>(rng.below(4));
  const int declarer = static_cast<int>(rng.below(4));
  PlayStateSetup setup;
  setup.rules = context.tables[trump];
  setup.num_players = 4;
  CardSet hands[4];
  klaverjas_deal_hands(order, dealer, false, hands);
  for (int p = 0; p < 4; ++p) {
    setup.hands[p] = hands[p];
    setup.side[p] = static_cast<std::uint8_t>(p & 1);
  }
  setup.leader = (dealer + 1) & 3;
  PlayState state(setup);
  random_playout(state, rng);
  KlaverjasPlayoutRecord r = score_record(state, declarer & 1, context.scoring);
  r.declarer = static_cast<std::int8_t>(declarer);
  return r;
}

KlaverjasPlayoutRecord klaverjas_playout_from(const PlayState& start, int playing_team,
                                              const KlaverjasScoringOptions& scoring, Rng& rng) {
  PlayState state = start;
  random_playout(state, rng);
  KlaverjasPlayoutRecord r = score_record(state, playing_team, scoring);
  r.declarer = -1;
  return r;
}

}  // namespace tricktaker
