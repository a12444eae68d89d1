// Random playouts: play uniformly random legal cards to the end of a deal, entirely native, and
// write per-deal results into caller-owned column buffers.
//
// A game's batch is a GamePlayouts object built once from the game's options (each game's lives
// in games/): it prebuilds the rules table of every trump suit, deals random deals, starts a
// play state from a deal and evaluates the finished play with the game's own scoring. The
// drivers at the end run a batch over threads: deal i of a batch depends only on (seed, i),
// never on how the batch is split. A batch calls the game once a deal, never once a card.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tricktaker/play_state.h"
#include "tricktaker/rng.h"

namespace tricktaker {

// A uniformly random card of a non-empty mask (select_card of cards.h on a uniform index).
inline Card random_card(CardSet mask, Rng& rng) {
  return select_card(mask, static_cast<int>(rng.below(static_cast<std::uint64_t>(popcount(mask)))));
}

// Plays uniformly random legal cards until the deal ends (PlayState::play_random); where the
// player to move may fold (PlayStateSetup::folding), folding is one more choice beside his
// legal cards. Returns the cards played.
inline int random_playout(PlayState& state, Rng& rng) {
  return state.play_random(rng);
}

// --- per-deal result columns ---------------------------------------------------------------

enum class ColumnType : std::uint8_t { kBool = 0, kInt8 = 1, kInt16 = 2, kUInt64 = 3 };

struct ColumnSpec {
  std::string name;
  ColumnType type;
  int width;  // values per deal: 0 = a scalar column (shape (n,)), k >= 1 = shape (n, k)
  std::string doc;
};

// Where a batch writes: one buffer per column (in GamePlayouts::columns() order), row-major,
// of the column's type, with room for every deal of the batch. Not owning.
class ResultColumns {
 public:
  ResultColumns(const std::vector<ColumnSpec>& specs, std::vector<void*> buffers);
  void put(int column, std::size_t row, int j, std::int64_t value) const {
    const std::size_t at = row * strides_[column] + static_cast<std::size_t>(j);
    switch (types_[column]) {
      case ColumnType::kBool:
        static_cast<bool*>(buffers_[column])[at] = value != 0;
        break;
      case ColumnType::kInt8:
        static_cast<std::int8_t*>(buffers_[column])[at] = static_cast<std::int8_t>(value);
        break;
      case ColumnType::kInt16:
        static_cast<std::int16_t*>(buffers_[column])[at] = static_cast<std::int16_t>(value);
        break;
      case ColumnType::kUInt64:
        static_cast<std::uint64_t*>(buffers_[column])[at] = static_cast<std::uint64_t>(value);
        break;
    }
  }
  void put(int column, std::size_t row, std::int64_t value) const { put(column, row, 0, value); }

 private:
  std::vector<void*> buffers_;
  std::vector<ColumnType> types_;
  std::vector<std::size_t> strides_;
};

// The set-up of one deal's play. `declarer` is the seat of the role the game's evaluation
// needs (the declarer, the trump maker, the writer, the first bidder; -1 where the game has no
// such role).
struct PlayoutDeal {
  std::array<CardSet, kMaxPlayers> hands{};
  int trump = -1;
  int leader = 0;
  int declarer = -1;
  int dealer = -1;
  int bid = 0;  // games with an auction: the declarer's contract
};

// The columns every game writes first, in this order.
enum CommonColumn : int {
  kColHands = 0,
  kColTrump = 1,
  kColLeader = 2,
  kColDeclarer = 3,
  kColDealer = 4,
  kNumCommonColumns = 5,
};

class GamePlayouts {
 public:
  virtual ~GamePlayouts() = default;
  int num_players() const { return num_players_; }
  int hand_size() const { return hand_size_; }
  CardSet deck() const { return deck_; }
  const std::vector<ColumnSpec>& columns() const { return columns_; }

  // A random deal: dealer, hands, trump, declarer and leader drawn from rng.
  virtual void deal(Rng& rng, PlayoutDeal& deal) const = 0;
  // The play state of a deal; throws std::invalid_argument for a deal the game cannot play.
  // It keeps the record of the play (PlayStateSetup::history) when reads_history() says so.
  virtual PlayState start(const PlayoutDeal& deal) const = 0;
  // Whether record() reads the record of the play (the history, trick or fold records, the
  // cards each seat won); where it does not, the playouts keep none.
  virtual bool reads_history() const { return true; }
  // Checks a given deal (hand sizes, trump, leader, roles); throws std::invalid_argument.
  void check(const PlayoutDeal& deal) const {
    check_common(deal);
    check_roles(deal);
  }
  // Checks the roles (declarer, dealer, bid) the evaluation needs; throws std::invalid_argument.
  virtual void check_roles(const PlayoutDeal& deal) const = 0;
  // Writes the game's evaluation of a finished play to row `row` (after the common columns).
  virtual void record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
                      std::size_t row) const = 0;

 protected:
  GamePlayouts(int num_players, int hand_size, CardSet deck);
  // Deals hand_size cards to each seat from a uniformly shuffled deck (a partial Fisher-Yates
  // shuffle of the first num_players * hand_size cards).
  void deal_hands(Rng& rng, PlayoutDeal& deal) const;
  void check_common(const PlayoutDeal& deal) const;
  // Throws std::invalid_argument unless deal.declarer is a seat; `role` names it.
  static void check_declarer(const PlayoutDeal& deal, int num_players, const char* role);
  // The seat whose hand holds card c, or -1.
  static int holder_of(const PlayoutDeal& deal, int num_players, Card c);
  int add_column(std::string name, ColumnType type, int width, std::string doc);

  int num_players_;
  int hand_size_;
  CardSet deck_;
  int deck_size_;
  Card deck_cards_[64] = {};  // the deck's cards in id order, then zeros
  std::vector<ColumnSpec> columns_;
};

// --- the drivers ---------------------------------------------------------------------------

// The generators of deal i of a batch: one deals, the other plays, so that playing a batch's
// deals again from playouts_from_deals with the same seed gives the same results.
Rng deal_rng(std::uint64_t seed, std::size_t i);
Rng play_rng(std::uint64_t seed, std::size_t i);

// threads <= 0: one per hardware thread. Exceptions of a deal are rethrown (the one of the
// lowest deal index) after every thread has finished.
void random_playouts(const GamePlayouts& game, std::size_t n, std::uint64_t seed, int threads,
                     const ResultColumns& out);
void playouts_from_deals(const GamePlayouts& game, const PlayoutDeal* deals, std::size_t n,
                         std::uint64_t seed, int threads, const ResultColumns& out);
// n random playouts of one position; `context` gives the trump, declarer, dealer and bid the
// evaluation needs (its hands and leader are ignored).
void playouts_from_state(const GamePlayouts& game, const PlayState& start,
                         const PlayoutDeal& context, std::size_t n, std::uint64_t seed, int threads,
                         const ResultColumns& out);

}  // namespace tricktaker
