// Random playouts: play uniformly random legal cards to the end of a deal, entirely native, for
// every game family, and write per-deal results into caller-owned column buffers.
//
// A game's batch is a GamePlayouts object built once from the game's options: it prebuilds the
// rules table of every trump suit, deals random deals, starts a play state from a deal and
// evaluates the finished play with the game's own scoring (klaverjas_score, kirves_outcome,
// kiksas_evaluate, allfours_score). The drivers at the end run a batch over threads: deal i of
// a batch depends only on (seed, i), never on how the batch is split.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tricktaker/allfours.h"
#include "tricktaker/kiksas.h"
#include "tricktaker/kirves.h"
#include "tricktaker/klaverjas.h"
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
// needs: the Klaverjas declarer, the Kirves trump maker, the Kiksas writer (his pair writes;
// in Trikiksis he plays alone against the other two), the All Fours pitcher (-1 without an
// auction).
struct PlayoutDeal {
  std::array<CardSet, kMaxPlayers> hands{};
  int trump = -1;
  int leader = 0;
  int declarer = -1;
  int dealer = -1;
  int bid = 0;  // All Fours with an auction: the pitcher's contract
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
  virtual PlayState start(const PlayoutDeal& deal) const = 0;
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
  int add_column(std::string name, ColumnType type, int width, std::string doc);

  int num_players_;
  int hand_size_;
  CardSet deck_;
  int deck_size_;
  Card deck_cards_[64];
  std::vector<ColumnSpec> columns_;
};

// Klaverjas (§3-§5): four seats N E S W in pairs N-S (0) and E-W (1), random dealer, forehand
// leads, uniform trump and declarer. Columns: score, card_points, roem, pit (per team), made,
// pit_team.
class KlaverjasPlayouts final : public GamePlayouts {
 public:
  KlaverjasPlayouts(const KlaverjasRulesOptions& rules, const KlaverjasScoringOptions& scoring);
  void deal(Rng& rng, PlayoutDeal& deal) const override;
  PlayState start(const PlayoutDeal& deal) const override;
  void check_roles(const PlayoutDeal& deal) const override;
  void record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
              std::size_t row) const override;
  const RulesTable& table(int trump) const { return tables_[trump]; }

 private:
  RulesTable tables_[kNumSuits];
  KlaverjasScoringOptions scoring_;
  int col_score_, col_card_points_, col_roem_, col_pit_, col_made_, col_pit_team_;
};

// Kirves (R8, R9): num_players seats with five cards each, random dealer, the eldest (next
// after the dealer) leads, uniform trump and trump maker (a normal deal: the trump maker alone
// against the rest). Columns: winner, win_rule, trump_maker_won, marks and tricks per seat.
class KirvesPlayouts final : public GamePlayouts {
 public:
  KirvesPlayouts(int num_players, const KirvesRulesOptions& rules,
                 bool folded_players_score_with_side);
  void deal(Rng& rng, PlayoutDeal& deal) const override;
  PlayState start(const PlayoutDeal& deal) const override;
  void check_roles(const PlayoutDeal& deal) const override;
  void record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
              std::size_t row) const override;
  // Play from a position with the deal's own roles (any kind) instead of a normal deal of
  // the declarer.
  void set_roles(const KirvesDealRoles& roles);

 private:
  KirvesDealRoles roles_of(const PlayoutDeal& deal) const;
  RulesTable tables_[kNumSuits];
  bool folded_score_;
  bool fixed_roles_ = false;
  KirvesDealRoles roles_;
  int col_winner_, col_win_rule_, col_winning_side_, col_maker_won_, col_marks_, col_tricks_;
};

// Kiksas and Trikiksis (§2, §3.6, §4.5): a writing deal. Four seats in pairs A-C (0) and B-D
// (1), six cards each; or three seats with eight cards, the writer (side 0) against the other
// two (side 1). Random dealer, uniform trump and writer; the holder of the trump queen leads
// (it, under first_lead = trump_queen). Columns: points, tricks (per side), player_points,
// outcome, figure_side, figure_kind, figure_count.
class KiksasPlayouts final : public GamePlayouts {
 public:
  KiksasPlayouts(bool trikiksis, const KiksasRulesOptions& rules, bool forced_first_lead,
                 const KiksasDealContext& options);
  void deal(Rng& rng, PlayoutDeal& deal) const override;
  PlayState start(const PlayoutDeal& deal) const override;
  void check_roles(const PlayoutDeal& deal) const override;
  void record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
              std::size_t row) const override;
  // Play from a position with the deal's own context (its type, targets, calls).
  void set_context(const KiksasDealContext& context);

 private:
  std::array<std::uint8_t, kMaxPlayers> sides_of(int writer) const;
  bool trikiksis_;
  bool forced_first_lead_;
  RulesTable tables_[kNumSuits];
  KiksasDealContext options_;
  bool fixed_context_ = false;
  KiksasDealContext context_;
  int col_points_, col_tricks_, col_player_points_, col_outcome_, col_figure_side_,
      col_figure_kind_, col_figure_count_;
};

enum class AllFoursTrumpSelection : std::uint8_t { kTurnUp = 0, kFirstLead = 1, kDeclare = 2 };
enum class AllFoursFirstLead : std::uint8_t { kDealer = 0, kEldest = 1, kPitcher = 2 };

struct AllFoursPlayoutOptions {
  int num_players = 4;
  std::array<std::uint8_t, kMaxPlayers> sides{};
  int hand_size = 6;
  AllFoursTrumpSelection trump_selection = AllFoursTrumpSelection::kTurnUp;
  AllFoursFirstLead first_lead = AllFoursFirstLead::kDealer;
  bool first_lead_must_be_trump = true;  // with kDeclare
  bool folding = false;
  int bid = 0;  // the pitcher's contract in a random deal (auction games)
  AllFoursRulesOptions rules;
  AllFoursScoringOptions scoring;
};

// All Fours and Pitch (C13-C27, P8-P10, X1-X12): random dealer, play_size cards each (no
// turn-up, begging, widow or exchange: the hands at the start of play are uniform), uniform
// trump (with trump_selection = first_lead: the leader's first card, uniform among his suited
// cards, fixes trump), uniform pitcher in auction games. Columns: points, game_values, score
// (per side), made, all_tricks_side, moon_side, item_side and item_points (per item).
class AllFoursPlayouts final : public GamePlayouts {
 public:
  explicit AllFoursPlayouts(const AllFoursPlayoutOptions& options);
  void deal(Rng& rng, PlayoutDeal& deal) const override;
  PlayState start(const PlayoutDeal& deal) const override;
  void check_roles(const PlayoutDeal& deal) const override;
  void record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
              std::size_t row) const override;
  int num_sides() const { return num_sides_; }

 private:
  AllFoursPlayoutOptions options_;
  int num_sides_;
  RulesTable tables_[kNumSuits];
  int col_points_, col_game_values_, col_score_, col_made_, col_all_tricks_, col_moon_,
      col_item_side_, col_item_points_;
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
