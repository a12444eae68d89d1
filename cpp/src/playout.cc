#include "tricktaker/playout.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <utility>

#include "tricktaker/parallel.h"

namespace tricktaker {

ResultColumns::ResultColumns(const std::vector<ColumnSpec>& specs, std::vector<void*> buffers)
    : buffers_(std::move(buffers)) {
  if (buffers_.size() != specs.size())
    throw std::invalid_argument("one buffer per result column is needed");
  for (const ColumnSpec& s : specs) {
    types_.push_back(s.type);
    strides_.push_back(static_cast<std::size_t>(std::max(1, s.width)));
  }
}

// --- GamePlayouts ----------------------------------------------------------------------------

GamePlayouts::GamePlayouts(int num_players, int hand_size, CardSet deck)
    : num_players_(num_players), hand_size_(hand_size), deck_(deck), deck_size_(0) {
  if (num_players < 2 || num_players > kMaxPlayers)
    throw std::invalid_argument("number of players must be 2.." + std::to_string(kMaxPlayers));
  for (Card c : cards_of{deck}) deck_cards_[deck_size_++] = c;
  if (hand_size < 1 || num_players * hand_size > deck_size_)
    throw std::invalid_argument(std::to_string(num_players) + " hands of " +
                                std::to_string(hand_size) + " cards need more than the " +
                                std::to_string(deck_size_) + " cards of the deck");
  add_column("hands", ColumnType::kUInt64, num_players,
             "the hand of every seat at the start of the play, as a card mask");
  add_column("trump", ColumnType::kInt8, 0, "the trump suit 0..3 (S H D C)");
  add_column("leader", ColumnType::kInt8, 0, "the seat that led the first trick played");
  add_column("declarer", ColumnType::kInt8, 0, "the seat of the game's role (-1 for none)");
  add_column("dealer", ColumnType::kInt8, 0, "the dealer (-1 when not known)");
}

int GamePlayouts::add_column(std::string name, ColumnType type, int width, std::string doc) {
  columns_.push_back(ColumnSpec{std::move(name), type, width, std::move(doc)});
  return static_cast<int>(columns_.size()) - 1;
}

void GamePlayouts::deal_hands(Rng& rng, PlayoutDeal& deal) const {
  // The generator and the sizes in locals: the shuffle's byte stores may alias any object in
  // memory, so with the generator's words and the members there the compiler reloads and
  // stores them around every draw. The draws and the deal are those of the plain loop.
  Rng local = rng;
  const int deck = deck_size_, players = num_players_, size = hand_size_;
  Card order[64];
  std::memcpy(order, deck_cards_, sizeof order);  // a fixed size: copied inline
  // A Fisher-Yates shuffle from the bottom up, as far as the hands reach (a full deal needs
  // no draw for its last card).
  const int last = std::min(players * size, deck - 1);
  for (int i = 0; i < last; ++i) {
    const int j = i + static_cast<int>(local.below(static_cast<std::uint64_t>(deck - i)));
    std::swap(order[i], order[j]);
  }
  rng = local;
  std::array<CardSet, kMaxPlayers> hands{};
  const Card* next = order;
  for (int p = 0; p < players; ++p) {
    CardSet h = 0;
    for (int k = 0; k < size; ++k) h |= bit(*next++);
    hands[p] = h;
  }
  deal.hands = hands;
}

void GamePlayouts::check_common(const PlayoutDeal& deal) const {
  if (deal.trump < 0 || deal.trump >= kNumSuits)
    throw std::invalid_argument("trump must be a suit 0..3, got " + std::to_string(deal.trump));
  if (deal.leader < 0 || deal.leader >= num_players_)
    throw std::invalid_argument("leader must be a seat 0.." + std::to_string(num_players_ - 1) +
                                ", got " + std::to_string(deal.leader));
  if (deal.dealer < -1 || deal.dealer >= num_players_)
    throw std::invalid_argument("dealer must be a seat 0.." + std::to_string(num_players_ - 1) +
                                " or -1, got " + std::to_string(deal.dealer));
  for (int p = 0; p < num_players_; ++p)
    if (popcount(deal.hands[p]) != hand_size_)
      throw std::invalid_argument("seat " + std::to_string(p) + " holds " +
                                  std::to_string(popcount(deal.hands[p])) + " cards; every seat " +
                                  "must hold " + std::to_string(hand_size_));
  for (int p = num_players_; p < kMaxPlayers; ++p)
    if (deal.hands[p]) throw std::invalid_argument("cards given to a seat beyond the players");
}

void GamePlayouts::check_declarer(const PlayoutDeal& deal, int num_players, const char* role) {
  if (deal.declarer < 0 || deal.declarer >= num_players)
    throw std::invalid_argument(std::string(role) + " must be a seat 0.." +
                                std::to_string(num_players - 1) + ", got " +
                                std::to_string(deal.declarer));
}

int GamePlayouts::holder_of(const PlayoutDeal& deal, int num_players, Card c) {
  for (int p = 0; p < num_players; ++p)
    if ((deal.hands[p] >> c) & 1u) return p;
  return -1;
}

// --- the drivers -----------------------------------------------------------------------------

Rng deal_rng(std::uint64_t seed, std::size_t i) {
  return Rng(seed ^ (0xD1B54A32D192ED03ull * (static_cast<std::uint64_t>(i) + 1)));
}

Rng play_rng(std::uint64_t seed, std::size_t i) {
  return Rng(~seed ^ (0x9FB21C651E98DF25ull * (static_cast<std::uint64_t>(i) + 1)));
}

namespace {
void write_setup(const GamePlayouts& game, const PlayoutDeal& deal, const ResultColumns& out,
                 std::size_t row) {
  for (int p = 0; p < game.num_players(); ++p)
    out.put(kColHands, row, p, static_cast<std::int64_t>(deal.hands[p]));
  out.put(kColTrump, row, deal.trump);
  out.put(kColLeader, row, deal.leader);
  out.put(kColDeclarer, row, deal.declarer);
  out.put(kColDealer, row, deal.dealer);
}

// Runs fn(i) for i in [0, n) over threads; rethrows the exception of the lowest failing i.
template <typename Fn>
void run_parallel(std::size_t n, int threads, const Fn& fn) {
  threads = resolve_threads(threads, n);
  struct Failure {
    std::size_t index = 0;
    bool failed = false;
    bool invalid = false;
    std::string what;
  };
  std::vector<Failure> failures(static_cast<std::size_t>(threads));
  std::atomic<bool> stopped{false};  // a thread failed to start: the batch is abandoned
  auto work = [&](int t, std::size_t begin, std::size_t end) {
    std::size_t i = begin;
    try {
      for (; i < end && !stopped.load(std::memory_order_relaxed); ++i) fn(i);
    } catch (const std::invalid_argument& e) {
      failures[t] = Failure{i, true, true, e.what()};
    } catch (const std::exception& e) {
      failures[t] = Failure{i, true, false, e.what()};
    }
  };
  run_threads(
      threads,
      [&](int t) {
        const auto [begin, end] = chunk_of(n, threads, t);
        work(t, begin, end);
      },
      [&] { stopped.store(true); });
  for (const Failure& f : failures) {  // chunks are in index order: the first is the lowest
    if (!f.failed) continue;
    const std::string what = "deal " + std::to_string(f.index) + ": " + f.what;
    if (f.invalid) throw std::invalid_argument(what);
    throw std::runtime_error(what);
  }
}
}  // namespace

void random_playouts(const GamePlayouts& game, std::size_t n, std::uint64_t seed, int threads,
                     const ResultColumns& out) {
  run_parallel(n, threads, [&](std::size_t i) {
    PlayoutDeal deal;
    Rng rng = deal_rng(seed, i);
    game.deal(rng, deal);
    PlayState state = game.start(deal);
    Rng play = play_rng(seed, i);
    random_playout(state, play);
    write_setup(game, deal, out, i);
    game.record(state, deal, out, i);
  });
}

void playouts_from_deals(const GamePlayouts& game, const PlayoutDeal* deals, std::size_t n,
                         std::uint64_t seed, int threads, const ResultColumns& out) {
  run_parallel(n, threads, [&](std::size_t i) {
    const PlayoutDeal& deal = deals[i];
    game.check(deal);
    PlayState state = game.start(deal);
    Rng play = play_rng(seed, i);
    random_playout(state, play);
    write_setup(game, deal, out, i);
    game.record(state, deal, out, i);
  });
}

void playouts_from_state(const GamePlayouts& game, const PlayState& start,
                         const PlayoutDeal& context, std::size_t n, std::uint64_t seed, int threads,
                         const ResultColumns& out) {
  if (start.num_players() != game.num_players())
    throw std::invalid_argument("the play state has " + std::to_string(start.num_players()) +
                                " seats; this game has " + std::to_string(game.num_players()));
  if (start.rules().deck != game.deck())
    throw std::invalid_argument("the play state is not of this game: its deck differs");
  game.check_roles(context);
  PlayoutDeal deal = context;
  for (int p = 0; p < kMaxPlayers; ++p) deal.hands[p] = p < start.num_players() ? start.hand(p) : 0;
  deal.leader = start.leader();
  deal.trump = start.rules().trump;
  PlayState base = start;
  if (!game.reads_history()) base.drop_history();  // each playout then copies the state alone
  run_parallel(n, threads, [&](std::size_t i) {
    PlayState state = base;
    Rng play = play_rng(seed, i);
    random_playout(state, play);
    write_setup(game, deal, out, i);
    game.record(state, deal, out, i);
  });
}

}  // namespace tricktaker
