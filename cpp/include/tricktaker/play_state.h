// The card-play state shared by every game.
//
// A small value: hands, the current trick and what each player has won in points, bonus and
// tricks. The record of the play (every card and its player, the trick and fold records, the
// cards each seat won) lives beside it in a PlayLog, kept where it is asked for
// (PlayStateSetup::history): undo, the solver, sampling's replay and the games' scoring read
// it; a random playout whose result needs none of it keeps none and copies a few hundred bytes.
// play() and undo() make it fit for search. The rules table is shared (SharedRules, rules.h),
// never copied: it lives as long as the process.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "tricktaker/cards.h"
#include "tricktaker/rules.h"

namespace tricktaker {

class Rng;

inline constexpr int kMaxPlayers = 10;
inline constexpr int kMaxCardsPlayed = 54;
inline constexpr int kMaxTricks = 27;

// The base of every rejection of bad input or a bounded request the core raises. The binding
// maps it to tricktaker.Error, a ValueError, so one except clause catches them all.
class Error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Raised for a card that is not legal (or not held) in the current position. The binding maps
// it to tricktaker.IllegalAction, an Error.
class IllegalAction : public Error {
 public:
  using Error::Error;
};

struct TrickRecord {
  std::uint8_t leader;
  std::uint8_t winner;
  std::uint16_t points;  // card points, plus the last-trick bonus for the final trick
  std::uint16_t bonus;   // the trick's bonus (RulesTable::trick_bonus), credited to the winner
  std::uint8_t first;    // index of the trick's first card in the history
  std::uint8_t size;     // cards in the trick (fewer than the players when some folded)
};

struct PlayStateSetup {
  RulesTable rules;
  int num_players = 4;
  std::array<CardSet, kMaxPlayers> hands{};
  // Partnership of each seat (players with equal side play together).
  std::array<std::uint8_t, kMaxPlayers> side{};
  int leader = 0;
  // Seats that take part in the play (bit per seat); 0 means every seat.
  std::uint16_t active = 0;
  // At the first trick the leader must lead one of these cards when he holds any (a card that
  // must open the play, or the suit whose first card fixes trump); 0 = no restriction.
  CardSet first_lead_cards = 0;
  // -1: the winner of each trick leads the next; otherwise this seat leads every trick.
  int fixed_leader = -1;
  // 0: every playing seat holds the same number of cards and plays them all. Otherwise the
  // number of tricks; a hand may then hold more cards, the rest never played (a player who
  // kept a card past the hand size, say).
  int tricks = 0;
  // A player whose hand holds no trump and no card of points may fold at his turn: his cards
  // leave the play, score for nobody, and later tricks are played without him.
  bool folding = false;
  // Keep the record of the play (PlayLog): the history, the trick and fold records and the
  // cards each seat won, which undo() and the readers of the record need. A state built
  // without it plays, scores points, bonus and tricks, and takes back a card of the trick in
  // progress, the same as one with it.
  bool history = true;
};

// One fold, for undo and for the record of the deal.
struct FoldRecord {
  std::uint8_t seat;
  std::uint8_t leader;   // the leader of the trick in progress before the fold
  std::uint8_t at;       // cards played before the fold
  bool completed_trick;  // the fold completed the trick in progress
  CardSet cards;         // the cards he folded
};

// The record of a play, kept beside the state that asks for it.
struct PlayLog {
  std::array<CardSet, kMaxPlayers> won;
  std::array<Card, kMaxCardsPlayed> cards;
  std::array<std::uint8_t, kMaxCardsPlayed> players;
  std::array<TrickRecord, kMaxTricks> tricks;
  std::array<FoldRecord, kMaxPlayers> folds;
};

// Owns a PlayState's log, or none: a copy of the state copies its log into a buffer of its own
// (two states never share one), an assignment reuses the buffer it has.
class PlayLogHandle {
 public:
  PlayLogHandle() = default;
  explicit PlayLogHandle(bool keep) : log_(keep ? new PlayLog() : nullptr) {}
  PlayLogHandle(const PlayLogHandle& other)
      : log_(other.log_ ? new PlayLog(*other.log_) : nullptr) {}
  PlayLogHandle(PlayLogHandle&& other) noexcept : log_(other.log_) { other.log_ = nullptr; }
  PlayLogHandle& operator=(const PlayLogHandle& other) {
    if (this == &other) return *this;
    if (!other.log_) {
      reset();
    } else if (log_) {
      *log_ = *other.log_;
    } else {
      log_ = new PlayLog(*other.log_);
    }
    return *this;
  }
  PlayLogHandle& operator=(PlayLogHandle&& other) noexcept {
    std::swap(log_, other.log_);
    return *this;
  }
  ~PlayLogHandle() { delete log_; }
  PlayLog* get() const { return log_; }
  void reset() {
    delete log_;
    log_ = nullptr;
  }

 private:
  PlayLog* log_ = nullptr;
};

class PlayState {
 public:
  // Validates the setup (hands disjoint and inside the deck, equal hand sizes among active
  // seats unless `tricks` is given, seats in range) and throws std::invalid_argument naming the
  // fault.
  explicit PlayState(const PlayStateSetup& setup);
  // The same with this table in place of setup.rules (which is not read).
  PlayState(const PlayStateSetup& setup, const RulesTable& rules);
  // The same with a shared table: batch code that interns its tables once starts each deal
  // without copying or hashing a table.
  PlayState(const PlayStateSetup& setup, SharedRules rules);

  // --- the per-card path: no allocation, no checks beyond what the caller promises ---
  CardSet legal_moves() const;
  void play(Card c);  // c must be in legal_moves()
  void undo();        // takes back the last card played

  // Plays uniformly random legal cards (a uniform index into legal_moves() drawn from rng for
  // each card; a fold, where the player may fold, is one more choice) until the play ends;
  // returns the cards played. The same as that loop of legal_moves() and play(), run a trick
  // at a time.
  int play_random(Rng& rng);
  // Plays the cards to the end of the play, each drawn by the generator of the seat to move:
  // rngs[to_move()]->below(n) picks among its n legal cards in card id order, as a seeded
  // random player picks from its list of legal cards; never a fold. Stops when no card is
  // legal (the play is over); returns the cards played. rngs[seat] must be set for every seat
  // that holds a card.
  int play_random_seats(Rng* const* rngs);

  // --- checked entry points for front ends ---
  void play_checked(Card c);  // throws IllegalAction naming the legal cards
  void undo_checked();        // throws Error when nothing has been played
  // Replaces the hands by others of the same sizes (a determinization of a hidden-information
  // position: sampled hands for the seats one does not see). Throws std::invalid_argument for a
  // size that differs, a card outside the deck, a card held twice, or a card already played or
  // folded; changes nothing then.
  void set_hands(const std::array<CardSet, kMaxPlayers>& hands);
  // Plays a held card whether or not it is legal (where a game penalizes an illegal card rather
  // than refusing it); returns whether it was legal. Throws IllegalAction for a card the player
  // does not hold.
  bool play_any_held(Card c);

  // --- folding (PlayStateSetup::folding) ---
  bool can_fold() const;  // the player to move may fold now
  void fold();            // the player to move folds; requires can_fold()
  void fold_checked();    // throws IllegalAction when the player may not fold
  int num_folds() const { return num_folds_; }
  // The readers of the record need a state that keeps history (has_history()).
  const FoldRecord& fold_record(int i) const { return log_.get()->folds[i]; }
  CardSet folded_cards(int seat) const;  // the cards a seat folded (0 if he did not)

  // --- the record of the play (PlayStateSetup::history) ---
  bool has_history() const { return log_.get() != nullptr; }
  // Starts keeping the record; throws Error once a card has been played or folded (what came
  // before cannot be recovered).
  void keep_history();
  // Stops keeping it (a playout whose result reads none of it); undo() can then take back
  // only a card of the trick in progress.
  void drop_history() { log_.reset(); }

  bool is_terminal() const { return cards_left_ == 0; }
  bool folding() const { return folding_; }
  int to_move() const { return to_move_; }
  CardSet first_lead_cards() const { return first_lead_cards_; }
  int leader() const { return leader_; }
  int num_players() const { return num_players_; }
  std::uint16_t active() const { return active_; }
  int side(int seat) const { return side_[seat]; }
  CardSet hand(int seat) const { return hands_[seat]; }
  const RulesTable& rules() const { return *rules_; }
  int fixed_leader() const { return fixed_leader_; }

  int trick_size() const { return trick_size_; }  // cards per full trick
  int trick_len() const { return trick_len_; }    // cards in the current trick
  Card trick_card(int i) const { return trick_[i]; }
  CardSet trick_cards() const { return trick_set_; }  // the cards of the current trick
  int trick_points() const { return trick_points_; }  // their card points
  int trick_player(int i) const { return trick_players_[i]; }
  int current_winner_index() const { return winner_pos_; }  // position in the current trick
  int tricks_played() const { return tricks_played_; }
  int total_tricks() const { return total_tricks_; }
  const TrickRecord& trick_record(int i) const { return log_.get()->tricks[i]; }
  int cards_played() const { return history_len_; }
  Card history_card(int i) const { return log_.get()->cards[i]; }
  int history_player(int i) const { return log_.get()->players[i]; }

  int points_won(int seat) const { return points_[seat]; }
  int bonus_won(int seat) const { return bonus_[seat]; }
  int tricks_won(int seat) const { return tricks_won_[seat]; }
  CardSet cards_won(int seat) const { return log_.get()->won[seat]; }
  // Sums over the seats of one side.
  int side_points(int side) const;
  int side_bonus(int side) const;
  int side_tricks(int side) const;

  // Which cards of the current trick would win it if it ended now, as a seat (-1 if empty).
  int current_winner() const { return trick_len_ ? trick_players_[winner_pos_] : -1; }
  // The last trick's record as play() would write it, without playing it: at the start of the
  // last trick, when every seat to play holds one card (so every card is forced), no one folds
  // and every card is played. Requires trick_len() == 0 and exactly trick_size() cards left.
  TrickRecord last_trick_outcome() const;

 private:
  int next_seat(int seat) const { return next_[seat]; }
  void update_next_seats();
  void place(Card c);  // play() without completing the trick
  void finish_trick();
  // The members of a trick not yet begun, led by `leader` (a new deal, a finished trick).
  void open_trick(int leader) {
    trick_len_ = 0;
    winner_pos_ = 0;
    led_ = -1;
    beat_mask_ = ~CardSet{0};
    trick_set_ = 0;
    trick_points_ = 0;
    leader_ = static_cast<std::uint8_t>(leader);
    to_move_ = leader_;
  }
  void reopen_last_trick();
  void undo_fold();
  int bonus_of_trick(CardSet cards) const;  // the trick bonus of a completed trick's cards

  // The random playout's loop, a trick at a time; Select picks the k-th card of a set.
  template <typename Select>
  int play_random_tricks(Rng& rng);
  void check_history(const char* what) const;  // throws Error when the state keeps none
  int play_random_tricks_bmi2(Rng& rng);  // the same built for BMI2 (pdep), where the CPU has it

  const RulesTable* rules_;  // an interned table (SharedRules): shared, never owned
  PlayLogHandle log_;        // the record of the play, or none
  std::array<CardSet, kMaxPlayers> hands_;
  std::array<std::int16_t, kMaxPlayers> points_;
  std::array<std::int16_t, kMaxPlayers> bonus_;
  std::array<std::uint8_t, kMaxPlayers> tricks_won_;
  std::array<std::uint8_t, kMaxPlayers> side_;
  CardSet first_lead_cards_;
  std::uint16_t active_;
  std::uint8_t num_players_;
  std::uint8_t trick_size_;
  std::uint8_t total_tricks_;
  std::uint8_t tricks_played_;
  std::uint8_t leader_;
  std::uint8_t to_move_;
  std::int8_t fixed_leader_;
  std::uint8_t trick_len_;
  std::uint8_t winner_pos_;
  std::int8_t led_;  // effective suit of the current trick's first card (-1 before a lead)
  std::uint8_t cards_left_;
  std::uint8_t history_len_;
  // The cards that would beat the current trick's winner (rules.beaters); every card before
  // the lead, so that the lead is the first "winner".
  CardSet beat_mask_;
  CardSet trick_set_;                           // the cards of the current trick
  std::uint16_t trick_points_;                  // their card points
  std::array<std::uint8_t, kMaxPlayers> next_;  // the next playing seat after each seat
  std::array<Card, kMaxPlayers> trick_;
  std::array<std::uint8_t, kMaxPlayers> trick_players_;
  bool folding_;
  std::uint8_t num_folds_;
};

// Index of the card winning a (partial) trick: the highest trump, else the highest card of the
// led effective suit.
int trick_winner_index(const RulesTable& rules, const Card* trick_cards, int trick_len);

// The legal cards for a hand facing a partial trick, by the policy of the table. Exposed
// separately so that tests (and samplers) can ask about hypothetical hands.
CardSet legal_cards(const RulesTable& rules, CardSet hand, const Card* trick_cards, int trick_len,
                    int winner_pos, bool partner_winning);

}  // namespace tricktaker
