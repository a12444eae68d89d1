// Micro-benchmarks of the per-card path on real Klaverjas positions (states met in random
// playouts, every card of the deal equally often): legal moves (the play state's method and the
// free function on the same positions), play and undo of a legal card, the winner of a complete
// trick, and the scoring of a finished deal with roem. Each prints the median over repetitions
// of the mean time per call, in the reference's format ("name_ns value"); run_native.py prints
// them beside the reference's legal-move figure from the same run.
#include <cstdio>
#include <vector>

#include "timing.h"
#include "tricktaker/games/klaverjas.h"
#include "tricktaker/games/klaverjas_playouts.h"
#include "tricktaker/playout.h"

using namespace tricktaker;

namespace bench {
namespace {

// A position where a card is to be played, as the free function legal_cards() takes it.
struct Position {
  CardSet hand;
  Card trick[kMaxPlayers];
  int trick_len;
  int winner_pos;
  bool partner_winning;
};

Position position_of(const PlayState& s) {
  Position p{};
  p.hand = s.hand(s.to_move());
  p.trick_len = s.trick_len();
  for (int i = 0; i < p.trick_len; ++i) p.trick[i] = s.trick_card(i);
  p.winner_pos = s.current_winner_index();
  p.partner_winning = p.trick_len > 0 && s.side(s.current_winner()) == s.side(s.to_move());
  return p;
}

// kStates positions of random Klaverjas playouts, the number of cards played before each
// uniform in 0..31, and the finished deals and complete tricks they pass through.
struct Inputs {
  std::vector<PlayState> states;
  std::vector<Position> positions;
  std::vector<PlayState> finished;
  std::vector<int> declarer_team;
  std::vector<std::array<Card, 4>> tricks;
  const RulesTable* rules = nullptr;  // one trump's table for the tricks (spades)
};

Inputs make_inputs(const KlaverjasPlayouts& game, int count) {
  Inputs in;
  Rng rng(777);
  in.rules = &game.table(0);
  for (int i = 0; i < count; ++i) {
    PlayoutDeal deal;
    game.deal(rng, deal);
    PlayState s = game.start(deal);
    s.keep_history();  // play + undo takes back the card that ends a trick, as the solver does
    const int stop = static_cast<int>(rng.below(32));
    for (int k = 0; k < 32; ++k) {
      if (k == stop) {
        in.states.push_back(s);
        in.positions.push_back(position_of(s));
      }
      if (deal.trump == 0 && s.trick_len() == 3) {
        std::array<Card, 4> t{};
        for (int j = 0; j < 3; ++j) t[j] = s.trick_card(j);
        t[3] = random_card(s.legal_moves(), rng);
        in.tricks.push_back(t);
        s.play(t[3]);
        continue;
      }
      s.play(random_card(s.legal_moves(), rng));
    }
    in.finished.push_back(s);
    in.declarer_team.push_back(deal.declarer & 1);
  }
  return in;
}

template <typename Body>
double time_per_call(int reps, std::size_t calls, Body body) {
  std::vector<double> runs;
  for (int rep = 0; rep < reps; ++rep) {
    const double t0 = thread_ns();
    body();
    runs.push_back((thread_ns() - t0) / static_cast<double>(calls));
  }
  return median(runs);
}

}  // namespace

long long micro_benchmarks(int reps) {
  const KlaverjasPlayouts game(KlaverjasRulesOptions{}, KlaverjasScoringOptions{});
  const Inputs in = make_inputs(game, 4096);
  const int loops = 64;
  const std::size_t n = in.states.size();
  long long sink = 0;

  const double legal_state = time_per_call(reps, loops * n, [&] {
    for (int l = 0; l < loops; ++l)
      for (const PlayState& s : in.states) sink += static_cast<long long>(s.legal_moves());
  });
  const double legal_free = time_per_call(reps, loops * n, [&] {
    for (int l = 0; l < loops; ++l)
      for (const Position& p : in.positions)
        sink += static_cast<long long>(
            legal_cards(*in.rules, p.hand, p.trick, p.trick_len, p.winner_pos, p.partner_winning));
  });
  // Each state's lowest legal card, played and taken back (the state ends as it began).
  std::vector<PlayState> work = in.states;
  std::vector<Card> first_legal;
  for (const PlayState& s : work) first_legal.push_back(lowest_card(s.legal_moves()));
  const double play_undo = time_per_call(reps, loops * n, [&] {
    for (int l = 0; l < loops; ++l)
      for (std::size_t i = 0; i < n; ++i) {
        work[i].play(first_legal[i]);
        sink += work[i].to_move();
        work[i].undo();
      }
  });
  const std::size_t nt = in.tricks.size();
  const double winner = time_per_call(reps, loops * nt, [&] {
    for (int l = 0; l < loops; ++l)
      for (const auto& t : in.tricks) sink += trick_winner_index(*in.rules, t.data(), 4);
  });
  const KlaverjasScoringOptions scoring{};
  const std::size_t nf = in.finished.size();
  const double score = time_per_call(reps, loops * nf, [&] {
    for (int l = 0; l < loops; ++l)
      for (std::size_t i = 0; i < nf; ++i) {
        const PlayState& s = in.finished[i];
        const std::array<int, 2> roem = {s.side_bonus(0), s.side_bonus(1)};
        sink += klaverjas_score(s, in.declarer_team[i], roem, scoring, -1).score[0];
      }
  });
  std::printf("play_state_bytes             %zu\n", sizeof(PlayState));
  std::printf("legal_moves_state_ns         %.3f\n", legal_state);
  std::printf("legal_cards_free_ns          %.3f\n", legal_free);
  std::printf("play_undo_ns                 %.3f\n", play_undo);
  std::printf("trick_winner_ns              %.3f\n", winner);
  std::printf("score_klaverjas_deal_ns      %.3f\n", score);
  return sink;
}

}  // namespace bench
