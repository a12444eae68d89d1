// Internal to the solver: the search (search.cc), its move ordering (move_order.cc), its table
// keys (keys.cc) and the partition search of trick counts (partition.h), as one class whose
// parts live in those files. See tricktaker/solver.h for an overview.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "evaluator.h"
#include "table.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define TRICKTAKER_PEXT 1
#endif

namespace tricktaker::solver_detail {

#ifdef TRICKTAKER_PEXT
// The bits of x at the positions of m, packed to the bottom, and the inverse (the BMI2
// instructions, chosen at run time so that the build stays baseline x86-64; keys.cc).
__attribute__((target("bmi2"))) std::uint64_t pext_bmi2(std::uint64_t x, std::uint64_t m);
__attribute__((target("bmi2"))) std::uint64_t pdep_bmi2(std::uint64_t x, std::uint64_t m);
#else
inline std::uint64_t pext_bmi2(std::uint64_t, std::uint64_t) {
  return 0;
}
inline std::uint64_t pdep_bmi2(std::uint64_t, std::uint64_t) {
  return 0;
}
#endif
// Whether this processor has them (the partition search needs them).
extern const bool kHasPext;

inline constexpr int kInf = 1 << 24;

// Random keys of (seat, card) for the Zobrist hash of the hands (splitmix64 from a fixed seed).
struct ZobristKeys {
  std::uint64_t key[kMaxPlayers][64] = {};
  constexpr ZobristKeys() {
    std::uint64_t x = 0x2545F4914F6CDD1DULL;
    for (auto& seat : key)
      for (auto& k : seat) {
        std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        k = z ^ (z >> 31);
      }
  }
};
inline constexpr ZobristKeys kZobrist;

// A value range wider than this (card points, not tricks, wins or game points) is searched
// with one window rather than by zero-window tests (root_value()).
inline constexpr int kWideRange = 16;
// Windows searched first (in card points): around the root's guess, and beyond the bound a
// zero-window test proved (bench/README.md, "aspiration windows").
inline constexpr int kRootAspiration = 30;
inline constexpr int kAspiration = 20;
inline constexpr int kMaxRootWindows = 16;
inline constexpr std::uint8_t kNoOwner = 15;
inline constexpr int kMaxMoves = 32;
// Move order, card point games: the leads of the first kLookaheadTricks tricks are ordered
// also by a look-ahead of one trick, kLookaheadWeight for each point it wins or loses (see
// generate()).
inline constexpr int kLookaheadTricks = 2;
inline constexpr int kLookaheadWeight = 1 << 13;
// Partition search (see trick_start_ranks()): the buckets a key may use, and for decks of more
// than 32 cards the top cards of each suit whose holders join the key. Many positions of a
// 52-card deal share a key, and a key held to one bucket of four entries could turn a search of
// a second into one of minutes (bench/README.md, "partition keys"). Decks of 32 cards have far
// fewer positions a key.
template <class Mask>
inline constexpr int kKeyBuckets = sizeof(Mask) == 8 ? 4 : 1;
inline constexpr int kKeyTops = 1;
// The move "fold" among the cards: an id no card has (rank 15 of the first lane).
inline constexpr Card kFoldMove = 15;

// ---------------------------------------------------------------------------------------
// The strength space of a rules table (see Search below): each card's bit, in segments by
// effective suit and ascending strength, and the tables that map card sets into it. The same
// for every call on the same rules (per_rules.h), so built once.
struct StrengthSpace {
  explicit StrengthSpace(const RulesTable& r);
  CardSet chunk[8][256] = {};   // byte k of a card set -> its strength-space bits
  std::uint8_t spos[64] = {};   // card -> strength-space bit
  Card scard[64] = {};          // bit -> card
  std::uint8_t seg[64] = {};    // bit -> segment (effective suit, 4 = none)
  std::uint8_t srank[64] = {};  // bit -> its rank in strength order within its segment
  CardSet seg_mask[5] = {};     // segment -> bits
  int size = 0;                 // bits in use (the deck's cards)
  bool exact = false;           // strengths tie within a suit
};

// The search.
//
// Cards are also kept in "strength space": bit positions grouped by effective suit, ascending
// strength within a suit, so that touching cards are adjacent bits and the canonical key is a
// walk over the remaining cards in strength order.

class Search {
 public:
  Search(Table& table, const PlayState& root, const Evaluator& ev, std::uint16_t max_seats)
      : table_(table), st_(root), ev_(ev), max_seats_(max_seats) {
    split_ = ev_.split_trick_start();
    memo_bounds_ = split_ && !ev_.has_order();
    const int seats = st_.num_players();
    std::fill(killer_, killer_ + st_.total_tricks() * seats * (1 + 5 * seats), kNoCard);
    setup_space();
    ranks_ =
        ev_.rank_partition() && kHasPext && !exact_ && !st_.folding() && st_.num_players() == 4;
    if (ranks_) {
      wide_deck_ = popcount(st_.rules().deck) > 32;
      narrow_ = table_.as<PBucket<std::uint32_t>>(&n_narrow_);
      wide_ = table_.as<PBucket<std::uint64_t>>(&n_wide_);
    }
  }

  int node(int alpha, int beta);
  // Bounds on the rest of the search: node() throws SearchLimitExceeded once they are reached.
  void set_limits(const SearchLimits& limits) {
    limits_ = limits;
    check_at_ = limits.bounded() ? nodes_ + 1 : ~std::uint64_t{0};
  }
  // Partition search, at a trick's second seat: the side of the second and fourth seats surely
  // wins the trick in progress with its highest card of the led suit when that beats the lead
  // and every card of the third seat's, or with a ruff, where the third seat can neither ruff
  // nor overruff; it then has one more trick (when the opponents hold no trump, also the
  // winners its winning hand cashes next: later_winners()). True with the value when that
  // decides the window. The result relies on the winning card's rank (a ruff on the suit
  // lengths alone) and those of the winners counted.
  bool second_seat_bound(int alpha, int beta, int* value);
  // Partition search, no trump in the opponents' hands: the tricks after the one in progress
  // that the hand winning it with `won_with` (strength space, its top card of the led suit)
  // surely cashes, counted up to `need`; `sig` gains the cards whose ranks the count relies
  // on.
  int later_winners(CardSet won_with, int need, CardSet* sig) const;
  // The exact value, known to lie in [lower, upper]; `guess` starts the search.
  int root_value(int guess, int lower, int upper);
  // A card's search again after its zero-window test beat the bound: [alpha, beta] is the
  // window left, the value lies above alpha when `up`, else below beta.
  int search_again(int alpha, int beta, bool up);
  PlayState& state() { return st_; }
  const PlayState& state() const { return st_; }
  std::uint64_t nodes() const { return nodes_; }
  void play(Card c);
  void undo();
  // The representative of each legal card (the top card of its equivalence group).
  void representatives(CardSet legal, Card* rep_of) const;
  // The card (strength space) just above `b` among the `occupied` ones when it is b's
  // equivalent (one group: legal, the same label, no identity card), else -1.
  int equivalent_above(int b, CardSet legal_s, CardSet occupied) const {
    const CardSet above = occupied & seg_mask_[seg_[b]] & ~((2ULL << b) - 1);
    if (!above) return -1;
    const int u = __builtin_ctzll(above);
    if (((legal_s >> u) & 1) && slabel_[u] == slabel_[b] && slabel_[b] != kIdentityLabel &&
        !(((identity_s_ >> u) | (identity_s_ >> b)) & 1))
      return u;
    return -1;
  }
  // The top card of `b`'s group (see equivalent_above()): the one generate() searches.
  int group_top(int b, CardSet legal_s, CardSet occupied) const {
    for (int u; (u = equivalent_above(b, legal_s, occupied)) >= 0;) b = u;
    return b;
  }
  bool is_max(int seat) const { return (max_seats_ >> seat) & 1; }

 private:
  void setup_space();
  int trick_start(int alpha, int beta);
  // The last two tricks from the start of the first of them: a plain alpha-beta over the play
  // state alone, the last trick scored from its start.
  int last_two(int alpha, int beta, Card* best_out);
  // The value of the position at the start of the last trick (on the play state alone).
  int last_trick_value();
  template <class Mask>
  int trick_start_ranks(int alpha, int beta, PBucket<Mask>* buckets, std::size_t n_buckets);
  // The moves of the node; kRanks: the partition search's bookkeeping (sig_) too.
  template <bool kRanks>
  int expand(int alpha, int beta, Card hint, Card* best_out);
  // `state`: the evaluator's state_key() of the position (a trick start reads it once for both).
  std::uint64_t canonical_key(CardSet identity_s, CardSet r, std::uint64_t state,
                              Labels* labels) const;
  // The exact position at a trick boundary (the hands, the leader, who is still in the play,
  // the objective's state), never 0: what the canonical key is a function of.
  std::uint64_t exact_hash(std::uint64_t state) const;
  void shifted_bounds(const Entry& e, const Labels& labels, int* lo, int* hi) const;
  // Entries keep their best lead as an index into the remaining cards `r` (strength space), so
  // that positions sharing the key read it alike: the index of `lead`, and the card an index
  // names when the player to move holds it (else kNoCard; 0xFF names none).
  std::uint8_t lead_index(CardSet r, Card lead) const {
    return static_cast<std::uint8_t>(popcount(r & ((1ULL << spos_[lead]) - 1)));
  }
  Card stored_lead(CardSet r, int index) const;
  // Partition search: the card of the trick just completed that won it by rank (strength
  // space), or 0 when no other card of its suit was in the trick.
  CardSet trick_winner_sig() const;
  // sig closed upwards within each suit, among the remaining cards r.
  CardSet close_sig(CardSet sig, CardSet r) const {
    CardSet out = 0;
    for (int seg = 0; seg < 4; ++seg) {
      const CardSet m = sig & seg_mask_[seg];
      if (m) out |= seg_mask_[seg] & ~((1ULL << __builtin_ctzll(m)) - 1);
    }
    return out & r;
  }
  // The cards of the current trick, in strength space.
  CardSet trick_space() const {
    CardSet out = 0;
    for (int i = 0; i < st_.trick_len(); ++i) out |= bit(spos_[st_.trick_card(i)]);
    return out;
  }
  // Every card still in play (the hands and the current trick), in strength space.
  CardSet occupied_space() const { return side_s_[0] | side_s_[1] | trick_space(); }
  CardSet to_space(CardSet cards) const {
    CardSet out = 0;
    for (int k = 0; k < 8; ++k) out |= chunk_[k][(cards >> (8 * k)) & 0xFF];
    return out;
  }
  int generate(CardSet legal, Card hint, Card* moves) {
    // One body, compiled for each kind of seat (kSeat: 0 leads, 1 follows, 2 plays last), so
    // that each drops the other kinds' work.
    if (st_.trick_len() == 0) return generate_moves<0>(legal, hint, moves);
    if (st_.trick_len() == st_.trick_size() - 1) return generate_moves<2>(legal, hint, moves);
    return generate_moves<1>(legal, hint, moves);
  }
  template <int kSeat>
  int generate_moves(CardSet legal, Card hint, Card* moves);
  // Trick counts, a lead of `b` (strength space): where the suit's two highest cards lie. A
  // lead towards the partner's second highest card through the next seat's highest wins a
  // trick whatever that seat plays, and so does the second highest card led from touching
  // cards once the top card falls (bonuses); cashing the side's top card while the seat after
  // the partner keeps the second highest, not alone, sets up that card (a penalty). In the
  // units of generate()'s scores, after DDS's lead weights.
  int lead_tops_score(int b, CardSet own, CardSet friends) const;
  // Four seats, third seat to play in the led suit `led` (segment) with `own` (strength
  // space; `occupied`: every card in play): the card that forces out the fourth seat's top card
  // of the suit, or -1 (see generate()). Of touching cards it names the highest, the one
  // generate() searches for them all.
  int forcing_card(int led, CardSet own, Card winning, CardSet legal_s, CardSet occupied) const;
  // Four seats, second seat to play: the fourth seat surely wins the trick (see generate()).
  bool fourth_seat_wins(int led) const;
  // Leading trump `b` (strength space) where a higher trump must be played if held: the cards
  // the opponents of the side to move may play to it (see generate()).
  int opp_choices_to_trump(int b) const;
  // The trick led with `c` when each later seat plays the card generate() orders first: its
  // points (trick bonuses included) for the side to move, negative when the others win it.
  int lookahead_trick(Card c);
  // The move-ordering score of the trick bonus of a trick's cards (`trick`, all of them), won
  // by the mover's side (`mine`) or not: the bonus outweighs the kind of play (win, give points
  // to a partner, lose), which the card points only order within.
  int bonus_score(CardSet trick, bool mine, bool maxing) const;
  static constexpr int kBonusWeight = 1 << 16;

  Table& table_;
  PlayState st_;
  const Evaluator& ev_;
  std::uint16_t max_seats_;
  std::uint64_t nodes_ = 0;
  // The limits, looked at when nodes_ reaches check_at_ (never without limits): one compare a
  // node, the clock once every SearchLimits::kClockEvery nodes.
  SearchLimits limits_;
  std::uint64_t check_at_ = ~std::uint64_t{0};
  void check_limits();
  bool exact_ = false;  // strengths tie within a suit: key every card exactly
  bool split_ = false;  // the evaluator's trick_start() comes in two steps
  // The memo keeps each exact position's bounds (see KeyMemo): not with an order (the exact
  // position does not tell its value then).
  bool memo_bounds_ = false;
  bool every_card_played_ = true;
  PointSymmetry point_symmetry_ = PointSymmetry::kNone;
  bool points_matter_ = true;  // the objective's labels tell cards apart (by points)
  bool ordered_ = false;       // entries carry the evaluator's order instead of labels
  int label_points_[16] = {};  // label -> the points of its cards (with point symmetry)
  // Partition search (see PEntry): sig_ is the result's cards (strength space) of the node
  // that returned last.
  bool ranks_ = false;
  bool wide_deck_ = false;  // more than 32 cards: wide entries
  CardSet sig_ = 0;
  PBucket<std::uint32_t>* narrow_ = nullptr;
  PBucket<std::uint64_t>* wide_ = nullptr;
  std::size_t n_narrow_ = 0, n_wide_ = 0;
  std::uint64_t stores_ = 0;  // partition entries stored (picks the first victim to look at)

  const CardSet (*chunk_)[256] = nullptr;  // StrengthSpace::chunk of the rules
  std::uint8_t spos_[64] = {};             // card -> strength-space bit
  Card scard_[64] = {};                    // bit -> card
  std::uint8_t seg_[64] = {};              // bit -> segment (effective suit, 4 = none)
  CardSet seg_mask_[5] = {};               // segment -> bits
  std::uint8_t slabel_[64] = {};           // bit -> label
  std::uint8_t srank_[64] = {};  // bit -> its rank in strength order within its segment (0 lowest)
  std::int16_t spoints_[64] = {};  // bit -> card points where they order the moves, else 0
  CardSet label_plane_[4] = {};    // bits whose label has bit j (0 when labels are uniform)
  std::uint8_t owner_[64] = {};    // bit -> seat holding it, or kNoOwner
  CardSet sh_[kMaxPlayers] = {};   // hands in strength space
  // The cards (strength space) of the minimizing seats [0] and of the maximizing ones [1].
  CardSet side_s_[2] = {};
  CardSet identity_s_ = 0;  // identity cards (strength space) from the last trick start
  CardSet in_hand_ = 0;     // every card still in a hand (card ids)
  // Zobrist hash of the hands (kZobrist[seat][card] of every card in a hand), kept by play()
  // and undo(): the exact position's hash then costs a trick start two steps, not one a hand.
  std::uint64_t hands_hash_ = 0;
  std::int32_t history_[kMaxPlayers][64] = {};
  // Per trick, leader, and the previous trick's leader and led suit, the lead that last proved
  // its node's bound (a cut, or an exact value): the killer move of chess programs. Sibling
  // positions (the same trick, other cards gone before) are mostly won by the same lead, more
  // so after a trick alike (bench/README.md, "killer leads").
  Card killer_[kMaxTricks * kMaxPlayers * (1 + 5 * kMaxPlayers)];
  // killer_'s slot for the current lead.
  int killer_slot() const {
    const int seats = st_.num_players();
    const int played = st_.tricks_played();
    int context = 0;
    if (played > 0) {
      const TrickRecord& t = st_.trick_record(played - 1);
      const int led = std::clamp<int>(st_.rules().effective_suit[st_.history_card(t.first)], 0, 4);
      context = 1 + led * seats + t.leader;
    }
    return (played * seats + st_.to_move()) * (1 + 5 * seats) + context;
  }
};

inline std::uint64_t Search::exact_hash(std::uint64_t state) const {
  KeySteps h(0x51ED2701A3B5C7E9ULL ^ hands_hash_);
  h.step(static_cast<std::uint64_t>(st_.leader()) | static_cast<std::uint64_t>(st_.active()) << 8);
  h.step(state);
  if (st_.cards_played() == 0) h.step(st_.first_lead_cards());
  return h.done() | 1;  // never the empty memo's 0
}

// Bounds on final - base of the current position from an entry of its key whose labels may
// differ: every line of play is worth what it was there, plus the points its cards gained
// (see PointSymmetry).
inline void Search::shifted_bounds(const Entry& e, const Labels& labels, int* lo, int* hi) const {
  *lo = e.lo;
  *hi = e.hi;
  if (e.labels == labels) return;
  if (ordered_) {
    // The order rides in the first plane (see Evaluator::order()).
    if (e.labels.plane[0] < labels.plane[0]) *hi = kInf;
    if (e.labels.plane[0] > labels.plane[0]) *lo = -kInf;
    return;
  }
  std::uint32_t differ = 0;
  for (int j = 0; j < 4; ++j) differ |= e.labels.plane[j] ^ labels.plane[j];
  int gain = 0, loss = 0;
  for (; differ; differ &= differ - 1) {
    const int i = __builtin_ctz(differ);
    int now = 0, then = 0;
    for (int j = 0; j < 4; ++j) {
      now |= static_cast<int>((labels.plane[j] >> i) & 1) << j;
      then |= static_cast<int>((e.labels.plane[j] >> i) & 1) << j;
    }
    const int d = label_points_[now] - label_points_[then];
    if (d > 0) {
      gain += d;
    } else {
      loss -= d;
    }
  }
  if (point_symmetry_ == PointSymmetry::kSidePoints) {
    *lo -= loss;
    *hi += gain;
  } else {
    *lo -= gain + loss;
    *hi += gain + loss;
  }
}

}  // namespace tricktaker::solver_detail
