// The double-dummy solver: the exact value of a play state when every hand is known and every
// player plays their best, and the value of each legal card.
//
// Search. Fail-soft alpha-beta on the objective's value. The side of the objective maximizes
// and every other seat minimizes, so any number of seats and partnerships works. Objectives
// of a narrow range (tricks, a win, game points) are driven by zero-window tests (MTD(f))
// from the root; card points are searched with a window: an aspiration window around the
// guess at the root (a fitted guess for a whole Klaverjas deal), widened towards the side the
// value lies on, and principal variation search below it (the first card gets the window,
// each later card a zero-window test first, and a window again only when it beats the bound,
// first close to what the test proved). Zero-window tests from the root spent half their
// work on tests far from the value. Where the play state lets players fold (All Fours
// PV10), folding is one more move of the player to move, searched after the cards. At each trick
// boundary:
//   * quick cut-offs: the objective gives certain bounds on the final value (what is already
//     won plus everything still in play, sure tricks of the leader; for points, what the
//     other hands must add to the tricks a side surely wins); a bound that already decides
//     the window ends the node;
//   * a transposition table with lower and upper bounds (below). Where the bounds are dear
//     (points and trick counts: Evaluator::split_trick_start()) the table is read before
//     them: most positions met again (in another search of the same position, or by another
//     order of the same tricks) are decided by their entries;
//   * the last trick, every card forced, is scored from its start where the objective can
//     (PlayState::last_trick_outcome()), not played out; the trick before it is searched by
//     plain alpha-beta on the play state (on the last eight cards move ordering and equivalent
//     cards cost more than they save).
// At every node the legal cards are reduced to one card per group of equivalent cards (cards of one
// hand and one effective suit that touch in strength order, with no card of another hand or of the
// current trick between them, and equal labels for the objective: same card points, and no card
// whose identity still matters, such as a possible Klaverjas roem), then ordered (the table's best
// card, winning cheaply, giving points to a partner, discarding low; a suit's top card kept for
// later while the opponents hold cards of its suit (two in card point games and trick counts, or in
// card point games one worth ten points or more); in card point games plain cards given to a
// partner's sure trick before a ruff, and a sure ruff among the wins a later card may take over; in
// All Fours, where a player may trump while able to follow, a trump played to a plain suit's trick
// after the other cards (but for the last seat's ruff of an opponent's card, unless with the top
// trump on a poor trick), and an item card given first to the partner's sure trick and last to the
// opponents'; for leads also the killer lead, the one that last proved a bound at this trick for
// this leader after a previous trick with the same leader and led suit, a history of cut-offs, and
// the opponents' choices in the suit, their length in it or the tricks left when void, or the
// trumps (higher trumps) the rules make them play: fewer first, as in DDS; in card point games a
// lead that takes none of the opponents' cards (a trump, or a plain top card, of a suit they no
// longer hold) after the leads towards a partner's higher card, and at the first two tricks also
// by what a look-ahead of one trick wins or loses (each later seat playing the card this order
// puts first); at a Klaverjas trick's last seat, first the roem each card completes, as the
// objective counts it). The follow order was measured apart for games of card points
// (Klaverjas, Kiksas) and the others (see generate()).
//
// Transposition table. Entries are stored at trick boundaries only and hold bounds on the
// value of the remaining play (final value minus the part already won), so positions reached by
// different histories share entries. The key is canonical: per effective suit, the remaining
// cards in strength order, each as (holder, label); cards whose identity matters are keyed
// exactly. So positions that differ only in which equivalent low cards are gone (relative
// ranks, as in DDS) share entries too. Plus the leader and the objective's own score state
// (for example "has one side taken every trick so far" for the Klaverjas pit). For objectives
// that count card points (point_symmetry()) the labels stay out of the key (with at most 32
// cards left) and each entry keeps them: an entry of a position alike but for which cards
// carry which points bounds this one, shifted by what the points differ (the quasi-symmetry
// of Kupferschmid and Helmert's Skat solver). Keys are 64-bit hashes of that canonical form;
// entries (32 bytes) live in 4-way buckets of two cache lines (the keys and bounds on one, the
// point labels on the other, so that a new position reads one line), replaced by least
// remaining work. A small memo beside it (256 KB, a cache line per exact position, found by a
// Zobrist hash of the hands kept up to date as cards are played and taken back) keeps the
// key, what the objective derived from the hands and the position's own bounds, since most
// trick starts are positions met before: their bounds often decide them before the table's
// bucket is read; and a bit per key stored (128 KB) spares the bucket's load for keys with no
// entry at all (45% of the probes in Klaverjas deals). The table's memory is fixed when the solver
// is made; it is kept warm between calls while the rules and the objective stay the same (a
// different context makes the old entries invisible; only the key bits are cleared).
//
// Partition search (trick counts of four-seat partnership play under plain follow-suit rules,
// as in whist and bridge). Each result also carries the cards whose ranks it relied on: the
// winners of tricks in which another card of their suit was played, the cards a quick-trick
// bound cashed. A table entry then serves every position with the same leader and suit
// lengths in each hand whose holders agree on each suit's cards down to the lowest such card
// (DDS's winning ranks); a card below it in a suit that was searched stands for the others.
// In decks of more than 32 cards the key also holds the holder of each suit's top card, and
// so many positions still share a key that its entries spread over four buckets (one bucket
// made a 52-card deal of a few seconds take minutes).
// Quick tricks count the leader's side cashing top cards, trumps first, around the opponents'
// ruffs, before or after crossing to the partner's top card of a suit; a seat's trumps above
// every opposing trump win a trick each; at a trick's second seat, a side sure to win the
// trick in progress (its top card of the suit, or a ruff the third seat cannot overruff) counts
// it, and when the opponents hold no trump also the winners the hand that wins it cashes next;
// with no trump left, the side on lead takes every trick only if its longer hand in the suits
// it tops holds that many cards (DDS's later-tricks count). These counts stop at the tricks
// that decide the search window, so that a result relies on as few cards as it can. The move
// order follows DDS's weights in part: where a suit's two highest cards lie orders the leads,
// the second seat plays low when its partner surely wins the trick by following suit, the
// third seat forces out the fourth seat's top card, discards come from long suits.
// The zero-window driver starts from a guess by high cards and trumps and steps from it.
//
// Threads. A Solver owns its table and search state and holds no global state. Calls on one
// object from several threads take turns (a lock per solver, so that no call meets a table
// another call is changing); one object per thread runs them at once. solve_many() runs a
// batch on several threads, one solver each.
//
// Adding an objective for another game (Kirves winning the deal, Kiksas first to a target,
// All Fours game points):
//   1. add an ObjectiveKind (and any parameters to Objective);
//   2. write a class derived from Evaluator (or EvaluatorBase, which knows the side's seats and
//      the trumps by strength; both in src/solver_evaluator.h, where the methods are
//      documented); the Tricks, Points and Margin evaluators in src/solver_evaluators.cc are
//      short examples, the game objectives live in src/solver_game_objectives.cc:
//        terminal(s)        the final value of a finished play, from the game's own scoring
//                           code (as Points calls klaverjas_score), so the two never disagree;
//        base(s)            the part of the final value already certain at a trick boundary,
//                           such that final - base depends only on the cards still in hand,
//                           who holds them, who leads, and state_key(s) (0 if not additive);
//        state_key(s)       any other score-relevant state (tricks won per side for "first to
//                           two", points for "first to a target", who won which trick card for
//                           High/Low/Jack/Game);
//        bounds(s, in_play, base, lo, hi)
//                           certain bounds on the final value (what is won, plus or minus
//                           what is still in play; cards sure to fall to a side);
//        card_label(c)      cards with equal labels (0..14) are interchangeable for the
//                           objective when they touch in strength; kIdentityLabel when the card
//                           itself matters (the jack of trumps in All Fours);
//        has_identity(), identity_cards(s, in_play)
//                           cards whose identity matters from here on (possible roem);
//        guess(...)         a first value for the zero-window driver or the root's
//                           aspiration window (optional);
//        report(final, root_base)
//                           the value reported to the caller (the remaining play, or the whole
//                           deal for a yes/no objective);
//        context_key()      the objective's parameters (targets, scoring options);
//        point_symmetry()   whether final - base is the side's card points (or its margin)
//                           plus what the shared structure fixes, so that positions differing
//                           only in card points share entries (optional);
//        has_order(), order(s)
//                           an order among positions of one table key along which the value
//                           never falls (All Fours: the side's lead in game values while Game
//                           is open), so that they share entries (optional);
//   3. construct it in make_game_evaluator(), and add a test against brute force.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "tricktaker/allfours.h"
#include "tricktaker/cards.h"
#include "tricktaker/kiksas.h"
#include "tricktaker/klaverjas.h"
#include "tricktaker/play_state.h"

namespace tricktaker {

enum class ObjectiveKind : std::uint8_t {
  // Tricks the side takes in the remaining play.
  kTricks = 0,
  // Points the side takes in the remaining play: card points, the last-trick bonus and trick
  // bonuses (Klaverjas roem); with Klaverjas scoring also the pit bonus, exactly as
  // klaverjas_score() totals them.
  kPoints = 1,
  // The side's points minus the points of every other side, in the remaining play.
  kMargin = 2,
  // Klaverjas: 1 if the side wins the deal (the playing team makes it; for the defenders, the
  // playing team goes nat), else 0; decided over the whole deal by klaverjas_score().
  kKlaverjasMade = 3,
  // Kirves: 1 if the winning player of the deal (R9.1: three tricks, first to two, the last
  // trick) is on the side, else 0; decided over the whole deal by kirves_winner().
  kKirvesWin = 4,
  // Kiksas writing-off deal: 1 if the side reaches its target (Objective::kiksas_targets)
  // first (§3.7), else 0; decided over the whole deal by kiksas_evaluate().
  kKiksasRace = 5,
  // Kiksas Akis: 1 if the side wins the Akis (the Akis side fulfils it, Objective::kiksas_akis:
  // every trick, or none for a misère (c); the other side defeats it), else 0; decided by
  // kiksas_evaluate().
  kKiksasAkis = 6,
};

// Which final scoring the points come from.
enum class Scoring : std::uint8_t {
  kPlain = 0,      // card points + last trick + trick bonuses, as the play state credits them
  kKlaverjas = 1,  // klaverjas_score(): adds the pit bonus and decides made / nat
  // allfours_score(): the game points of the whole deal (High, Low, Jack with hang jack, Game
  // and the extras; the contract: a set bidder scores minus the bid). With kPoints the side's
  // score, with kMargin the side's minus every other side's; both over the whole deal, since
  // the items are decided by the whole play.
  kAllFours = 2,
};

struct Objective {
  ObjectiveKind kind = ObjectiveKind::kPoints;
  // The side (PlayStateSetup::side) whose value is maximized; -1 = the side of the player to
  // move at the root.
  int side = -1;
  Scoring scoring = Scoring::kPlain;
  // Klaverjas scoring: the playing team (0 or 1) and the scoring options.
  int playing_team = 0;
  KlaverjasScoringOptions klaverjas;
  // kKiksasRace: the points each side needs (they sum to the deal's 138).
  std::array<int, 2> kiksas_targets{};
  // kKiksasAkis: the kind of Akis (kiksas.h AkisKind, not kNone) and the Akis player's side.
  AkisKind kiksas_akis = AkisKind::kNone;
  int kiksas_akis_side = 0;
  // All Fours scoring: the items, the dealer (for game_tie = non_dealer_side), the bidding
  // side and its bid (-1 and 0 without an auction), as allfours_score() takes them.
  AllFoursScoringOptions allfours;
  int allfours_dealer = 0;
  int allfours_bidding_side = -1;
  int allfours_bid = 0;
};

struct CardValue {
  Card card;
  int value;
};

struct SolveResult {
  int value = 0;                 // the position's value for the side
  int side = 0;                  // the maximizing side
  std::vector<CardValue> cards;  // every legal card with its value, in card id order
  CardSet best = 0;              // the legal cards that reach the value
  // Folding (PlayStateSetup::folding): whether the player to move may fold, and the value then.
  bool can_fold = false;
  int fold_value = 0;
  std::uint64_t nodes = 0;  // search nodes visited by this call
};

class Solver {
 public:
  static constexpr std::size_t kDefaultMemoryMb = 32;

  // memory_mb: the transposition table's size (at least 1 MB; rounded down to a power of two
  // number of buckets).
  explicit Solver(std::size_t memory_mb = kDefaultMemoryMb);
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // The value of the position for the objective's side (0 for a finished play, except for the
  // whole-deal objective kKlaverjasMade). Throws std::invalid_argument for an objective that
  // does not fit the state: a side that no playing seat has, or Klaverjas scoring on a state
  // that is not a four-seat deal of two teams 0 and 1.
  int value(const PlayState& state, const Objective& objective);

  // The value and the value of every legal card.
  SolveResult solve(const PlayState& state, const Objective& objective);

  // One zero-window test: does the side reach at least `target`?
  bool reaches(const PlayState& state, const Objective& objective, int target);

  // Forget every stored entry.
  void clear();

  std::uint64_t nodes() const;  // nodes visited since the solver was made
  std::size_t memory_bytes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Solves many states on `threads` threads (0 = the hardware's count), one Solver of
// `memory_mb` each. Returns the values in input order; when `card_values` is not null it is
// filled with 64 entries per state (value per card id, `missing` for cards that are not legal).
std::vector<int> solve_many(const std::vector<PlayState>& states, const Objective& objective,
                            int threads, std::size_t memory_mb,
                            std::vector<int>* card_values = nullptr, int missing = -32768);

// Helpers the evaluators share (exposed for tests).

// Cards that can still take part in a trick bonus (Klaverjas roem): at a trick boundary the
// cards of a combination must lie in different hands.
CardSet trick_bonus_cards(const PlayState& state);
// An upper bound on the trick bonuses still to be scored.
int trick_bonus_bound(const PlayState& state);
// Tricks the leader's side is sure to win from a trick boundary by cashing top cards.
int sure_tricks(const PlayState& state);
// Tricks the leader's side is sure to win from a trick boundary, as the trick-count objective
// bounds them: in partnership play under plain follow-suit rules (whist) by cashing top cards
// suit by suit, through the partner's entries and around the opponents' ruffs; otherwise
// sure_tricks().
int quick_tricks(const PlayState& state);

}  // namespace tricktaker
