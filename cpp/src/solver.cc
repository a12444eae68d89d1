#include "tricktaker/solver.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver_evaluator.h"
#include "solver_table.h"
#include "tricktaker/klaverjas.h"
#include "tricktaker/parallel.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define TRICKTAKER_PEXT 1
#endif

namespace tricktaker {

namespace {

using namespace solver_detail;

#ifdef TRICKTAKER_PEXT
// The bits of x at the positions of m, packed to the bottom (the BMI2 instruction, chosen at
// run time so that the build stays baseline x86-64).
__attribute__((target("bmi2"))) std::uint64_t pext_bmi2(std::uint64_t x, std::uint64_t m) {
  return _pext_u64(x, m);
}
__attribute__((target("bmi2"))) std::uint64_t pdep_bmi2(std::uint64_t x, std::uint64_t m) {
  return _pdep_u64(x, m);
}
// Several at once: one call for a key's words.
__attribute__((target("bmi2"))) void pext_all_bmi2(std::uint64_t* x, int n, std::uint64_t m) {
  for (int i = 0; i < n; ++i) x[i] = _pext_u64(x[i], m);
}
const bool kHasPext = __builtin_cpu_supports("bmi2");
#else
void pext_all_bmi2(std::uint64_t*, int, std::uint64_t) {}
std::uint64_t pext_bmi2(std::uint64_t, std::uint64_t) {
  return 0;
}
std::uint64_t pdep_bmi2(std::uint64_t, std::uint64_t) {
  return 0;
}
const bool kHasPext = false;
#endif

// The same, bit by bit, where the instruction is missing.
std::uint64_t pext_portable(std::uint64_t x, std::uint64_t m) {
  std::uint64_t out = 0;
  for (std::uint64_t k = 1; m; m &= m - 1, k <<= 1)
    if (x & m & (~m + 1)) out |= k;
  return out;
}

inline std::uint64_t pext(std::uint64_t x, std::uint64_t m) {
  return kHasPext ? pext_bmi2(x, m) : pext_portable(x, m);
}
inline void pext_all(std::uint64_t* x, int n, std::uint64_t m) {
  if (kHasPext) {
    pext_all_bmi2(x, n, m);
  } else {
    for (int i = 0; i < n; ++i) x[i] = pext_portable(x[i], m);
  }
}

constexpr int kInf = 1 << 24;

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
constexpr ZobristKeys kZobrist;

// A value range wider than this (card points, not tricks, wins or game points) is searched
// with one window rather than by zero-window tests (root_value()).
constexpr int kWideRange = 16;
// Windows searched first (in card points): around the root's guess, and beyond the bound a
// zero-window test proved. Over 800 Klaverjas deals: nodes -2%, the tails -3%.
constexpr int kRootAspiration = 30;
constexpr int kAspiration = 20;
constexpr int kMaxRootWindows = 16;
constexpr std::uint8_t kNoOwner = 15;
constexpr int kMaxMoves = 32;
// Move order, card point games: the leads of the first kLookaheadTricks tricks are ordered
// also by a look-ahead of one trick, kLookaheadWeight for each point it wins or loses (see
// generate()).
constexpr int kLookaheadTricks = 2;
constexpr int kLookaheadWeight = 1 << 13;
// Partition search (see trick_start_ranks()): the buckets a key may use, and for decks of more
// than 32 cards the top cards of each suit whose holders join the key. Many positions of a
// 52-card deal share a key, and a key held to one bucket of four entries could make a search
// of minutes out of one of a second (a no-trump deal: 279 s, 3 billion nodes; four buckets
// and the top three cards: 5 s; over 79 other deals, nodes -24% and time -13% against one
// bucket and the top four cards). With the move order of trick counts as it is now, the top
// card alone does best (400 deals: nodes -32% against the top three; over 70 deals the top two
// gave -19% to -22%, none -5% to -14%, eight buckets 7% fewer nodes but more time). Decks of 32
// cards have far fewer positions a key.
template <class Mask>
constexpr int kKeyBuckets = sizeof(Mask) == 8 ? 4 : 1;
constexpr int kKeyTops = 1;
// The move "fold" (PV10) among the cards: an id no card has (rank 15 of the first lane).
constexpr Card kFoldMove = 15;

// ---------------------------------------------------------------------------------------
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
    // that each drops the other kinds' work (instructions -2.3% in Klaverjas deals).
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
  // units of generate()'s scores, after DDS's lead weights; 400 52-card deals: nodes -6% to
  // -9% (the touching cards, a further -6% on 200; 32-card deals -3% to -5%).
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
  // The move-ordering score of the Klaverjas roem of a trick's cards (`trick`, all four),
  // won by the mover's side (`mine`) or not: the roem outweighs the kind of play (win, give
  // points to a partner, lose), which the card points only order within.
  int roem_score(CardSet trick, bool mine, bool maxing) const;
  static constexpr int kRoemWeight = 1 << 16;

  Table& table_;
  PlayState st_;
  const Evaluator& ev_;
  std::uint16_t max_seats_;
  std::uint64_t nodes_ = 0;
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

  CardSet chunk_[8][256] = {};    // byte k of a card set -> its strength-space bits
  std::uint8_t spos_[64] = {};    // card -> strength-space bit
  Card scard_[64] = {};           // bit -> card
  std::uint8_t seg_[64] = {};     // bit -> segment (effective suit, 4 = none)
  CardSet seg_mask_[5] = {};      // segment -> bits
  std::uint8_t slabel_[64] = {};  // bit -> label
  std::uint8_t srank_[64] = {};   // bit -> its rank in strength order within its segment (0 lowest)
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
  // so after a trick alike (against a killer per trick and leader alone: Klaverjas deals,
  // seeds 1-8, nodes median -2.1%, -1.4%, -2.7%, +1.6%, -1.7%, +0.6%, +1.4%, -0.7%, sum
  // -0.5% to -1.2%; whist 52-card deals, three sets of 40: median -7.4%, -6.8%, -2.7%, sum
  // -1.5% to -3.5%; 32-card deals -0.5% to -1.6%; other games -1.7% to +0.5%).
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

void Search::setup_space() {
  const RulesTable& r = st_.rules();
  int pos = 0;
  for (int seg = 0; seg < 5; ++seg) {
    Card cards[64];
    int n = 0;
    for (Card c : cards_of{r.deck}) {
      const int es = r.effective_suit[c];
      if ((seg < 4 && es == seg) || (seg == 4 && (es < 0 || es >= 4))) cards[n++] = c;
    }
    std::sort(cards, cards + n, [&](Card a, Card b) {
      return r.strength[a] != r.strength[b] ? r.strength[a] < r.strength[b] : a < b;
    });
    for (int i = 0; i < n; ++i) {
      if (i > 0 && r.strength[cards[i]] == r.strength[cards[i - 1]]) exact_ = true;
      spos_[cards[i]] = static_cast<std::uint8_t>(pos);
      scard_[pos] = cards[i];
      seg_[pos] = static_cast<std::uint8_t>(seg);
      srank_[pos] = static_cast<std::uint8_t>(i);
      seg_mask_[seg] |= bit(static_cast<Card>(pos));
      ++pos;
    }
  }
  if (seg_mask_[4]) exact_ = true;
  for (int k = 0; k < 8; ++k)
    for (int v = 1; v < 256; ++v) {
      const int low = __builtin_ctz(v);
      const Card c = static_cast<Card>(8 * k + low);
      chunk_[k][v] = chunk_[k][v & (v - 1)] | (((r.deck >> c) & 1) ? bit(spos_[c]) : 0);
    }
  for (int b = 0; b < pos; ++b) {
    slabel_[b] = exact_ ? kIdentityLabel : ev_.card_label(scard_[b]);
    owner_[b] = kNoOwner;
  }
  // Label bit planes, unless every card has the same label.
  bool uniform = true;
  for (int b = 1; b < pos; ++b)
    if (slabel_[b] != slabel_[0]) uniform = false;
  for (int b = 0; b < pos && !uniform; ++b)
    for (int j = 0; j < 4; ++j)
      if ((slabel_[b] >> j) & 1) label_plane_[j] |= bit(static_cast<Card>(b));
  // Card points order the moves only where the objective tells cards apart by them.
  points_matter_ = !uniform;
  for (int b = 0; b < pos && points_matter_; ++b) spoints_[b] = r.points[scard_[b]];
  // Point symmetry needs the labels to name card points.
  point_symmetry_ = uniform ? PointSymmetry::kNone : ev_.point_symmetry();
  bool seen[16] = {};
  for (int b = 0; b < pos && point_symmetry_ != PointSymmetry::kNone; ++b) {
    const int label = slabel_[b], points = r.points[scard_[b]];
    if (label == kIdentityLabel || (seen[label] && label_points_[label] != points)) {
      point_symmetry_ = PointSymmetry::kNone;
    } else {
      seen[label] = true;
      label_points_[label] = points;
    }
  }
  hands_hash_ = 0;
  for (int p = 0; p < st_.num_players(); ++p) {
    sh_[p] = to_space(st_.hand(p));
    side_s_[is_max(p)] |= sh_[p];
    for (Card c : cards_of{st_.hand(p)}) {
      owner_[spos_[c]] = static_cast<std::uint8_t>(p);
      hands_hash_ ^= kZobrist.key[p][c];
    }
  }
  in_hand_ = remaining_cards(st_);
  every_card_played_ = every_card_played(st_);
  ordered_ = ev_.has_order() && point_symmetry_ == PointSymmetry::kNone;
  identity_s_ = to_space(ev_.identity_cards(st_, in_hand_ | st_.trick_cards()));
}

void Search::play(Card c) {
  const int p = st_.to_move();
  if (c == kFoldMove) {
    // The player's whole hand leaves the play (PV10).
    for (Card f : cards_of{st_.hand(p)}) {
      owner_[spos_[f]] = kNoOwner;
      hands_hash_ ^= kZobrist.key[p][f];
    }
    in_hand_ &= ~st_.hand(p);
    side_s_[is_max(p)] &= ~sh_[p];
    sh_[p] = 0;
    st_.fold();
    return;
  }
  const std::uint8_t b = spos_[c];
  sh_[p] &= ~bit(b);
  side_s_[is_max(p)] &= ~bit(b);
  owner_[b] = kNoOwner;
  in_hand_ &= ~bit(c);
  hands_hash_ ^= kZobrist.key[p][c];
  st_.play(c);
}

void Search::undo() {
  const int folds = st_.num_folds();
  if (folds > 0 && st_.fold_record(folds - 1).at == st_.cards_played()) {
    const FoldRecord& f = st_.fold_record(folds - 1);
    for (Card c : cards_of{f.cards}) {
      owner_[spos_[c]] = f.seat;
      hands_hash_ ^= kZobrist.key[f.seat][c];
    }
    sh_[f.seat] = to_space(f.cards);
    side_s_[is_max(f.seat)] |= sh_[f.seat];
    in_hand_ |= f.cards;
    st_.undo();
    return;
  }
  const int i = st_.cards_played() - 1;
  const Card c = st_.history_card(i);
  const int p = st_.history_player(i);
  const std::uint8_t b = spos_[c];
  sh_[p] |= bit(b);
  side_s_[is_max(p)] |= bit(b);
  owner_[b] = static_cast<std::uint8_t>(p);
  in_hand_ |= bit(c);
  hands_hash_ ^= kZobrist.key[p][c];
  st_.undo();
}

std::uint64_t Search::canonical_key(CardSet identity_s, CardSet r, std::uint64_t state,
                                    Labels* labels) const {
  // The canonical form, by relative-rank masks: which of the remaining cards (in strength
  // order) each seat holds, has each label bit, or is an identity card. With at most 32 cards
  // left, two masks share a word, and the label masks of an objective with point symmetry are
  // left out of the key and returned in *labels instead.
  // The words enter the hash by KeySteps.
  const bool narrow = popcount(r) <= 32;
  const bool labels_apart = narrow && point_symmetry_ != PointSymmetry::kNone;
  const int shift = narrow ? 32 : 0;
  KeySteps h(0x13198A2E03707344ULL);
  auto step = [&h](std::uint64_t v) { h.step(v); };
  std::uint64_t word = 0;
  bool half = false;
  auto add = [&](std::uint64_t v) {
    if (shift == 0) {
      step(v);
    } else if (half) {
      step(word | v << shift);
      half = false;
    } else {
      word = v;
      half = true;
    }
  };
  // The masks to pack: the hands, the label planes, the identity cards.
  std::uint64_t words[kMaxPlayers + 5];
  int n = 0;
  for (int p = 0; p < st_.num_players(); ++p) words[n++] = sh_[p];
  const int first_plane = n;
  for (int j = 0; j < 4; ++j)
    if (label_plane_[j]) words[n++] = label_plane_[j];
  words[n++] = identity_s;
  pext_all(words, n, r);
  for (int i = 0; i < first_plane; ++i) add(words[i]);
  *labels = Labels{};
  for (int j = 0, i = first_plane; j < 4; ++j) {
    if (!label_plane_[j]) continue;
    if (labels_apart) {
      labels->plane[j] = static_cast<std::uint32_t>(words[i++]);
    } else {
      add(words[i++]);
    }
  }
  add(words[n - 1]);
  if (half) step(word);
  // Cards left per segment (7 bits each), the leader and the objective's state.
  std::uint64_t counts = 0;
  for (int s = 0; s < 5; ++s)
    counts = counts << 7 | static_cast<std::uint64_t>(popcount(r & seg_mask_[s]));
  step(counts | static_cast<std::uint64_t>(st_.leader()) << 35);
  step(state);
  step(r & (identity_s | (exact_ ? ~0ULL : 0)));
  if (st_.folding()) step(st_.active());  // who is still in the play
  return h.done();
}

std::uint64_t Search::exact_hash(std::uint64_t state) const {
  KeySteps h(0x51ED2701A3B5C7E9ULL ^ hands_hash_);
  h.step(static_cast<std::uint64_t>(st_.leader()) | static_cast<std::uint64_t>(st_.active()) << 8);
  h.step(state);
  if (st_.cards_played() == 0) h.step(st_.first_lead_cards());
  return h.done() | 1;  // never the empty memo's 0
}

// Bounds on final - base of the current position from an entry of its key whose labels may
// differ: every line of play is worth what it was there, plus the points its cards gained
// (see PointSymmetry).
void Search::shifted_bounds(const Entry& e, const Labels& labels, int* lo, int* hi) const {
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

int Search::node(int alpha, int beta) {
  ++nodes_;
  if (st_.trick_len() == 0) {
    if (!ranks_) return trick_start(alpha, beta);
    // The two layouts share the memory; a deck of more than 32 cards uses the wide one.
    if (wide_deck_) return trick_start_ranks(alpha, beta, wide_, n_wide_);
    return trick_start_ranks(alpha, beta, narrow_, n_narrow_);
  }
  Card best;
  if (ranks_) {
    int v;
    if (st_.trick_len() == 1 && second_seat_bound(alpha, beta, &v)) return v;
    return expand<true>(alpha, beta, kNoCard, &best);
  }
  return expand<false>(alpha, beta, kNoCard, &best);
}

bool Search::second_seat_bound(int alpha, int beta, int* value) {
  const RulesTable& r = st_.rules();
  const int me = st_.to_move();
  const int third = (me + 1) & 3, fourth = (me + 2) & 3;
  const Card led = st_.trick_card(0);
  const CardSet suit = r.suit_cards[r.effective_suit[led]];
  const CardSet trumps = r.trump >= 0 ? r.trump_cards : 0;
  const CardSet h2 = st_.hand(me), h3 = st_.hand(third), h4 = st_.hand(fourth);
  // The third seat follows the led suit when it can, so only its cards of the suit could beat
  // a card of the suit (a ruff is looked at apart).
  const bool led_trump = (suit & trumps) != 0;
  const bool third_ruffs = !led_trump && !(h3 & suit) && (h3 & trumps);
  if (third_ruffs) return false;
  CardSet sig = 0;
  const CardSet ours = (h2 | h4) & suit;
  const bool ruff =
      !led_trump && ((!(h2 & suit) && (h2 & trumps)) || (!(h4 & suit) && (h4 & trumps)));
  if (!ruff) {
    if (!ours) return false;
    const Card high = highest_card(ours);
    if (!((r.beaters(led) >> high) & 1) || (r.beaters(high) & h3 & suit)) return false;
    sig = bit(static_cast<Card>(spos_[high]));
  }
  const int base = ev_.base(st_);
  const int left = st_.total_tricks() - st_.tricks_played();
  // The tricks the side needs for a bound that decides the window.
  const int need = is_max(me) ? beta - base : base + left - alpha;
  int tricks = 1;
  // Without trumps in the opponents' hands (or at all) nothing of theirs ruffs the winners.
  const CardSet opponents = h3 | st_.hand((me + 3) & 3);
  if (tricks < need && !(opponents & trumps) && !ruff) tricks += later_winners(sig, need - 1, &sig);
  if (tricks < need) return false;
  *value = is_max(me) ? base + tricks : base + left - tricks;
  sig_ = sig;
  return true;
}

int Search::later_winners(CardSet won_with, int need, CardSet* sig) const {
  // With no trump in the opponents' hands, the hand that wins the trick with its top card of
  // the led suit (its partner cannot ruff it: it follows suit or holds no trump) leads next and
  // cashes its other winners: the next card of the led suit when it holds that too, the top
  // card of each other suit, and every card of a suit no other hand holds (DDS counts these at
  // the second seat in no-trump play). Each keeps it on lead.
  const int me = st_.to_move();
  const int high = __builtin_ctzll(won_with);
  const int hand = (sh_[me] >> high) & 1 ? me : (me + 2) & 3;
  const CardSet own = sh_[hand];
  CardSet others = 0;
  for (int p = 0; p < 4; ++p)
    if (p != hand) others |= sh_[p];
  int tricks = 0;
  const int led = seg_[high];
  const CardSet rest = (own | others) & seg_mask_[led] & ~bit(static_cast<Card>(high));
  if (rest) {
    const int next = highest_card(rest);
    if ((own >> next) & 1) {
      ++tricks;
      *sig |= bit(static_cast<Card>(next));
    }
  }
  for (int seg = 0; seg < 4 && tricks < need; ++seg) {
    const CardSet mine = own & seg_mask_[seg];
    if (seg == led || !mine) continue;
    const CardSet theirs = others & seg_mask_[seg];
    if (!theirs) {
      tricks += popcount(mine);  // the suit is its alone: lengths, no ranks, decide
    } else if (highest_card(mine) > highest_card(theirs)) {
      ++tricks;
      *sig |= bit(highest_card(mine));
    }
  }
  return tricks;
}

int Search::trick_start(int alpha, int beta) {
  if (st_.is_terminal()) return ev_.terminal(st_);
  const int n = st_.trick_size();
  const int total_left = (st_.total_tricks() - st_.tricks_played()) * n;
  if (total_left == n && every_card_played_ && !st_.folding()) return last_trick_value();
  const int base = ev_.base(st_);
  int lo = -kInf, hi = kInf;
  CardSet identity = 0;  // the identity cards, strength space
  const CardSet r = side_s_[0] | side_s_[1];
  std::uint64_t key;
  Labels labels;
  int note = 0;
  KeyMemo* memo = nullptr;
  std::uint64_t exact = 0;
  std::uint64_t state = 0;  // the evaluator's state_key(), read once for the memo and the key
  // The bounds this trick start proved or read (they include the memo's own, read first), kept
  // in the exact position's memo slot unless the search below took the slot for another
  // position; like the table's entry, they replace what the slot held.
  auto remember = [&](int l, int h) {
    if (!memo || memo->exact != exact) return;
    memo->lo = static_cast<std::int16_t>(std::clamp(l - base, -kMemoUnbounded, kMemoUnbounded));
    memo->hi = static_cast<std::int16_t>(std::clamp(h - base, -kMemoUnbounded, kMemoUnbounded));
  };
  // A window the bounds decide: they go to the memo, and the deciding one is the value.
  auto settled = [&] {
    remember(lo, hi);
    return lo >= beta ? lo : hi;
  };

  if (split_) {
    // The key (from the memo when the exact position was met before), the memo's bounds and
    // the table first: most positions met again are decided by them, which spares the
    // evaluator's bounds.
    state = ev_.state_key(st_);
    exact = exact_hash(state);
    KeyMemo* slot = table_.memo(exact);
    if (slot->exact == exact && slot->gen == table_.generation()) {
      key = slot->key;
      labels = slot->labels;
      identity = slot->identity;
      note = slot->note;
      // The exact position's own bounds decide most positions met again: the memo is small
      // enough to stay in a near cache, the table's bucket is mostly a load from memory.
      if (memo_bounds_) {
        lo = base + slot->lo;
        hi = base + slot->hi;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
      }
    } else {
      const CardSet identity_ids = ev_.trick_identity(st_, in_hand_, &note);
      if (identity_ids) identity = to_space(identity_ids);
      key = canonical_key(identity, r, state, &labels);
      if (st_.cards_played() == 0) key = combine(key, 0xF1257 ^ st_.first_lead_cards());
      *slot = KeyMemo{exact, key, labels, identity, note, table_.generation()};
    }
    if (memo_bounds_) memo = slot;
  } else {
    CardSet identity_ids;
    ev_.trick_start(st_, in_hand_, base, &lo, &hi, &identity_ids);
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    state = ev_.state_key(st_);
    if (identity_ids) identity = to_space(identity_ids);
    key = canonical_key(identity, r, state, &labels);
    if (st_.cards_played() == 0) key = combine(key, 0xF1257 ^ st_.first_lead_cards());
  }
  if (ordered_) labels.plane[0] = static_cast<std::uint32_t>(ev_.order(st_) + (1 << 20));
  // The entries of the key: this position's, and those of positions that differ from it only
  // in card points (their bounds shifted by the difference).
  int best_lead = 0xFF;
  bool own_entry = false;
  table_.for_each(key, [&](const Entry& e) {
    int e_lo, e_hi;
    shifted_bounds(e, labels, &e_lo, &e_hi);
    lo = std::max(lo, base + e_lo);
    hi = std::min(hi, base + e_hi);
    // The position's own best lead, else one of a position like it.
    if (e.labels == labels) {
      own_entry = true;
      if (e.best != 0xFF) best_lead = e.best;
    } else if (!own_entry && best_lead == 0xFF) {
      best_lead = e.best;
    }
  });
  if (lo >= beta || hi <= alpha) return settled();
  if (split_) {
    int bound_lo, bound_hi;
    ev_.trick_bounds_window(st_, in_hand_, base, note, alpha, beta, &bound_lo, &bound_hi);
    lo = std::max(lo, bound_lo);
    hi = std::min(hi, bound_hi);
    if (lo >= beta || hi <= alpha) return settled();
  }
  if (lo >= hi) {
    remember(lo, lo);
    return lo;
  }
  const Card hint = stored_lead(r, best_lead);
  const CardSet saved_identity = identity_s_;
  identity_s_ = identity;
  Card best = kNoCard;
  // Two tricks left: too few cards for move ordering and equivalent cards to pay their way.
  const int v = total_left == 2 * n && every_card_played_ && !st_.folding()
                    ? last_two(alpha, beta, &best)
                    : expand<false>(alpha, beta, hint, &best);
  identity_s_ = saved_identity;

  int new_lo = lo, new_hi = hi;
  if (v <= alpha) {
    new_hi = std::min(new_hi, v);
  } else if (v >= beta) {
    new_lo = std::max(new_lo, v);
  } else {
    new_lo = new_hi = v;
  }
  if (new_lo > new_hi) new_lo = new_hi = v;
  remember(new_lo, new_hi);
  // The best lead is kept from searches that cut (a lead that proves the bound) or found the
  // exact value; an all-node's search tries every lead, and its best is only the one that
  // failed least.
  std::uint8_t best_index = 0xFF;
  const bool proved = is_max(st_.to_move()) ? v > alpha : v < beta;
  if (proved && best != kNoCard && best != kFoldMove) {
    best_index = lead_index(r, best);
  }
  table_.store(key, labels, new_lo - base, new_hi - base, best_index, total_left);
  return v;
}

Card Search::stored_lead(CardSet r, int index) const {
  if (index == 0xFF) return kNoCard;
  CardSet m = r;
  for (int i = 0; i < index && m; ++i) m &= m - 1;
  if (!m) return kNoCard;
  const Card c = scard_[__builtin_ctzll(m)];
  return ((st_.hand(st_.to_move()) >> c) & 1) ? c : kNoCard;
}

int Search::last_trick_value() {
  // Every hand holds one card and must play it.
  if (int v; ev_.last_trick(st_, st_.last_trick_outcome(), &v)) return v;
  const int n = st_.trick_size();
  for (int i = 0; i < n; ++i) st_.play(lowest_card(st_.hand(st_.to_move())));
  const int v = ev_.terminal(st_);
  for (int i = 0; i < n; ++i) st_.undo();
  return v;
}

int Search::last_two(int alpha, int beta, Card* best_out) {
  // The play state alone moves here (the search's own card sets stay as they were at the
  // trick start): nothing below reads them.
  if (st_.trick_len() == 0 && st_.tricks_played() + 1 == st_.total_tricks()) {
    ++nodes_;
    return last_trick_value();
  }
  if (st_.trick_len() != 0) ++nodes_;
  const bool maxing = is_max(st_.to_move());
  int best = maxing ? -kInf : kInf;
  Card best_card = kNoCard;
  for (Card c : cards_of{st_.legal_moves()}) {
    st_.play(c);
    Card unused;
    const int v = last_two(alpha, beta, &unused);
    st_.undo();
    if (maxing ? v > best : v < best) {
      best = v;
      best_card = c;
    }
    if (maxing) {
      if (best >= beta) break;
      alpha = std::max(alpha, best);
    } else {
      if (best <= alpha) break;
      beta = std::min(beta, best);
    }
  }
  *best_out = best_card;
  return best;
}

CardSet Search::trick_winner_sig() const {
  const TrickRecord& t = st_.trick_record(st_.tricks_played() - 1);
  const RulesTable& r = st_.rules();
  Card w = kNoCard;
  for (int i = t.first; i < t.first + t.size; ++i)
    if (st_.history_player(i) == t.winner) w = st_.history_card(i);
  int same = 0;
  for (int i = t.first; i < t.first + t.size; ++i)
    same += r.effective_suit[st_.history_card(i)] == r.effective_suit[w];
  return same >= 2 ? bit(spos_[w]) : 0;
}

template <class Mask>
int Search::trick_start_ranks(int alpha, int beta, PBucket<Mask>* buckets, std::size_t n_buckets) {
  sig_ = 0;
  if (st_.is_terminal()) return ev_.terminal(st_);
  const int n = st_.trick_size();
  const int total_left = (st_.total_tricks() - st_.tricks_played()) * n;
  if (total_left == n) {
    for (int i = 0; i < n; ++i) play(lowest_card(st_.hand(st_.to_move())));
    const int v = ev_.terminal(st_);
    sig_ = trick_winner_sig();
    for (int i = 0; i < n; ++i) undo();
    return v;
  }
  const CardSet r = side_s_[0] | side_s_[1];
  std::uint64_t lens = 0;
  for (int p = 0; p < 4; ++p)
    for (int seg = 0; seg < 4; ++seg)
      lens = lens << 4 | static_cast<std::uint64_t>(popcount(sh_[p] & seg_mask_[seg]));
  std::uint64_t key = combine(combine(0x5851F42D4C957F2DULL, lens),
                              static_cast<std::uint64_t>(st_.leader()) | ev_.state_key(st_) << 8);
  if constexpr (sizeof(Mask) == 8) {
    // Long decks: far more positions share their suit lengths than the buckets of a key hold,
    // so the holders of the top cards of each suit join the key (entries serve fewer
    // positions, but stay in the table).
    std::uint64_t tops = 0;
    for (int seg = 0; seg < 4; ++seg) {
      CardSet m = r & seg_mask_[seg];
      for (int k = 0; k < kKeyTops && m; ++k) {
        const int b = highest_card(m);
        tops = tops << 2 | owner_[b];
        m &= ~bit(static_cast<Card>(b));
      }
      tops = tops << 1 | 1;
    }
    key = combine(key, tops);
  }
  // The key's buckets, each from its own hash of the key.
  PBucket<Mask>* key_buckets[kKeyBuckets<Mask>];
  std::uint64_t h = key;
  for (int i = 0; i < kKeyBuckets<Mask>; ++i) {
    key_buckets[i] =
        &buckets[static_cast<std::size_t>((static_cast<unsigned __int128>(h) * n_buckets) >> 64)];
    for (std::size_t line = 0; line < sizeof(PBucket<Mask>); line += 64)
      __builtin_prefetch(reinterpret_cast<const char*>(key_buckets[i]) + line);
    h = mix64(h ^ 0x6A09E667F3BCC909ULL);
  }
  const int base = ev_.base(st_);
  int lo, hi;
  CardSet sig_lo, sig_hi;
  ev_.trick_bounds_sig(st_, base, alpha, beta, &lo, &hi, &sig_lo, &sig_hi);
  if (lo >= beta) {
    sig_ = to_space(sig_lo);
    return lo;
  }
  if (hi <= alpha) {
    sig_ = to_space(sig_hi);
    return hi;
  }
  Mask seat[3];
  for (int p = 0; p < 3; ++p) seat[p] = static_cast<Mask>(pext_bmi2(sh_[p], r));
  const std::uint16_t gen = table_.generation();
  Card hint = kNoCard;
  for (int i = 0; i < kKeyBuckets<Mask> * 4; ++i) {
    const PEntry<Mask>& e = key_buckets[i >> 2]->e[i & 3];
    if (e.key != key || e.gen != gen) continue;
    if (((seat[0] ^ e.seat[0]) | (seat[1] ^ e.seat[1]) | (seat[2] ^ e.seat[2])) & e.sig) continue;
    if (base + e.lo >= beta) {
      sig_ = pdep_bmi2(e.sig, r);
      return base + e.lo;
    }
    if (base + e.hi <= alpha) {
      sig_ = pdep_bmi2(e.sig, r);
      return base + e.hi;
    }
    if (hint == kNoCard) hint = stored_lead(r, e.best);
  }
  Card best = kNoCard;
  const int v = expand<true>(alpha, beta, hint, &best);
  const CardSet sig = sig_;
  const int left = total_left / n;
  int new_lo = 0, new_hi = left;
  if (v <= alpha) {
    new_hi = v - base;
  } else if (v >= beta) {
    new_lo = v - base;
  } else {
    new_lo = new_hi = v - base;
  }
  const Mask sig_rel = static_cast<Mask>(pext_bmi2(close_sig(sig, r), r));
  std::uint8_t best_index = 0xFF;
  if (best != kNoCard) best_index = lead_index(r, best);
  // The same class of positions: tighten its bounds; else replace an old or the cheapest entry,
  // the first such from a place that moves on with every store: positions of one key at one
  // depth tie, and a fixed first choice would keep replacing one entry while the others age.
  PEntry<Mask>* victim = nullptr;
  const int first = static_cast<int>(stores_++ % (kKeyBuckets<Mask> * 4));
  for (int j = 0; j < kKeyBuckets<Mask> * 4; ++j) {
    const int i = (first + j) % (kKeyBuckets<Mask> * 4);
    PEntry<Mask>& e = key_buckets[i >> 2]->e[i & 3];
    if (e.gen == gen && e.key == key && e.sig == sig_rel &&
        !(((seat[0] ^ e.seat[0]) | (seat[1] ^ e.seat[1]) | (seat[2] ^ e.seat[2])) & sig_rel)) {
      new_lo = std::max<int>(new_lo, e.lo);
      new_hi = std::min<int>(new_hi, e.hi);
      if (new_lo > new_hi) new_lo = new_hi = v - base;
      victim = &e;
      break;
    }
    if (replaces_better(e, victim, gen)) victim = &e;
  }
  victim->key = key;
  victim->sig = sig_rel;
  for (int p = 0; p < 3; ++p) victim->seat[p] = seat[p] & sig_rel;
  victim->lo = static_cast<std::int8_t>(new_lo);
  victim->hi = static_cast<std::int8_t>(new_hi);
  victim->best = best_index;
  victim->depth = static_cast<std::uint8_t>(total_left);
  victim->gen = gen;
  sig_ = sig;
  return v;
}

int Search::roem_score(CardSet trick, bool mine, bool maxing) const {
  const int roem = klaverjas_roem_of_set(trick, st_.rules().trump);
  if (!roem) return 0;
  // The roem counts for the maximizing side when it wins the trick, against it when the others
  // do and the objective is the margin (the points of a side count its own roem alone).
  const bool max_wins = mine == maxing;
  const int for_max = max_wins ? roem : (point_symmetry_ == PointSymmetry::kMargin ? -roem : 0);
  return (maxing ? for_max : -for_max) * kRoemWeight;
}

int Search::lead_tops_score(int b, CardSet own, CardSet friends) const {
  const int me = st_.to_move();
  const CardSet left_opp = sh_[(me + 1) & 3], right_opp = sh_[(me + 3) & 3];
  const CardSet suit = (own | friends | left_opp | right_opp) & seg_mask_[seg_[b]];
  const CardSet opps = suit & (left_opp | right_opp);
  const CardSet above = suit & ~((2ULL << b) - 1);
  const int top = highest_card(suit);
  const CardSet below_top = suit & ~bit(static_cast<Card>(top));
  if (!below_top) return 0;
  const int second = highest_card(below_top);
  const CardSet partner_above = above & friends;
  const int partner_high = partner_above ? highest_card(partner_above) : -1;
  const bool side_tops =
      !(above & ~own) || (partner_high >= 0 && !(opps & ~((2ULL << partner_high) - 1)));
  constexpr int kUnit = 1 << 16;
  if (!side_tops) {
    if (((left_opp >> top) & 1) && ((friends >> second) & 1)) return 24 * kUnit;
    // The second highest card, led from touching cards: it drives out the opponents' top.
    const CardSet below = suit & ((1ULL << b) - 1);
    if (second == b && below && ((own >> highest_card(below)) & 1)) return 25 * kUnit;
    return 0;
  }
  if (((right_opp >> second) & 1) && popcount(right_opp & seg_mask_[seg_[b]]) != 1)
    return -20 * kUnit;
  return 0;
}

int Search::forcing_card(int led, CardSet own, Card winning, CardSet legal_s,
                         CardSet occupied) const {
  const CardSet fourth = sh_[(st_.to_move() + 1) & 3] & seg_mask_[led];
  const CardSet mine = own & seg_mask_[led];
  const int w = spos_[winning];
  if (popcount(fourth) < 2 || !mine || seg_[w] != led) return -1;
  const int top = highest_card(fourth);
  if (top < highest_card(mine)) return -1;  // the third seat can win it itself
  const int second = highest_card(fourth & ~bit(static_cast<Card>(top)));
  const CardSet above = mine & ~((2ULL << std::max(second, w)) - 1);
  return above ? group_top(__builtin_ctzll(above), legal_s, occupied) : -1;
}

int Search::lookahead_trick(Card c) {
  const bool maxing = is_max(st_.to_move());
  play(c);
  int played = 1;
  while (st_.trick_len() != 0) {
    const CardSet legal = st_.legal_moves();
    if (!legal) break;  // (no valid play state leaves a seat without a card mid-trick)
    Card moves[kMaxMoves];
    if (legal & (legal - 1)) {
      generate(legal, kNoCard, moves);
    } else {
      moves[0] = lowest_card(legal);
    }
    play(moves[0]);
    ++played;
  }
  int value = 0;
  if (st_.trick_len() == 0) {
    const TrickRecord& t = st_.trick_record(st_.tricks_played() - 1);
    const int points = t.points + t.bonus;
    value = is_max(t.winner) == maxing ? points : -points;
  }
  for (int i = 0; i < played; ++i) undo();
  return value;
}

int Search::opp_choices_to_trump(int b) const {
  const bool maxing = is_max(st_.to_move());
  const int left = st_.total_tricks() - st_.tricks_played();
  int choices = 0;
  for (int p = 0; p < st_.num_players(); ++p) {
    if (is_max(p) == maxing || !((st_.active() >> p) & 1)) continue;
    const CardSet trumps = sh_[p] & seg_mask_[seg_[b]];
    const CardSet higher = trumps & ~((2ULL << b) - 1);
    choices += higher ? popcount(higher) : trumps ? popcount(trumps) : left;
  }
  return choices;
}

bool Search::fourth_seat_wins(int led) const {
  const RulesTable& r = st_.rules();
  const int me = st_.to_move();
  const CardSet third = sh_[(me + 1) & 3], fourth = sh_[(me + 2) & 3];
  const CardSet suit = seg_mask_[led];
  const CardSet trumps = r.trump >= 0 ? seg_mask_[r.trump] : 0;
  const bool led_trump = (suit & trumps) != 0;
  if (!led_trump && !(third & suit) && (third & trumps)) return false;  // the third may ruff
  if (fourth & suit) {
    const int high = highest_card(fourth & suit);
    return high > spos_[st_.trick_card(0)] && !(third & suit & ~((2ULL << high) - 1));
  }
  return !led_trump && (fourth & trumps);  // a ruff the third seat cannot overruff
}

template <int kSeat>
int Search::generate_moves(CardSet legal, Card hint, Card* moves) {
  const RulesTable& r = st_.rules();
  const int me = st_.to_move();
  const bool maxing = is_max(me);
  const CardSet own = sh_[me];
  const CardSet friends_s = side_s_[maxing] & ~own;  // the partners' cards (they order the leads)
  const CardSet opponents_s = side_s_[!maxing];      // the opponents' cards
  const CardSet trick_s = trick_space();
  const CardSet occupied = side_s_[0] | side_s_[1] | trick_s;
  const CardSet legal_s = legal == st_.hand(me) ? own : to_space(legal);

  // Players may trump a suit they could follow (All Fours): any trump holder can ruff.
  const bool may_trump = r.policy.may_trump_when_able_to_follow;
  const int len = st_.trick_len();
  constexpr bool leading = kSeat == 0;
  constexpr bool last = kSeat == 2;  // no lead reads it
  int led = -1;
  Card w = kNoCard;
  bool friend_winning = false;
  bool winner_sure = false;
  if (!leading) {
    led = r.effective_suit[st_.trick_card(0)];
    w = st_.trick_card(st_.current_winner_index());
    friend_winning = is_max(st_.current_winner()) == maxing;
    // Can anyone still to play beat the winning card?
    if (friend_winning && !last) {
      const int wb = spos_[w];
      const CardSet above = seg_mask_[seg_[wb]] & ~((2ULL << wb) - 1);
      CardSet later = occupied & ~own & ~trick_s;
      winner_sure = (later & above) == 0;
      if (winner_sure && !r.is_trump(w) && r.trump >= 0) {
        // A later player void in the led suit could trump.
        int p = me;
        for (int i = len + 1; i < st_.trick_size(); ++i) {
          do {
            p = p + 1 == st_.num_players() ? 0 : p + 1;
          } while (!((st_.active() >> p) & 1));
          if ((sh_[p] & seg_mask_[r.trump]) && (may_trump || !(sh_[p] & seg_mask_[led])))
            winner_sure = false;
        }
      }
    }
  }

  // Cards of the opponents still to play in this trick, and whether one of them could ruff.
  CardSet later_opp = 0;
  bool later_opp_ruff = false;
  if (!leading && !last) {
    int p = me;
    for (int i = len + 1; i < st_.trick_size(); ++i) {
      do {
        p = p + 1 == st_.num_players() ? 0 : p + 1;
      } while (!((st_.active() >> p) & 1));
      if (is_max(p) == maxing) continue;
      later_opp |= sh_[p];
      if (r.trump >= 0 && (sh_[p] & seg_mask_[r.trump]) &&
          (may_trump || !(sh_[p] & seg_mask_[led])))
        later_opp_ruff = true;
    }
  }
  // Leading: the plain suits that an opponent could ruff, and those that a partner could.
  CardSet opp_ruffs = 0, friend_ruffs = 0;
  if (leading && r.trump >= 0) {
    const CardSet trumps = seg_mask_[r.trump];
    for (int p = 0; p < st_.num_players(); ++p) {
      if (p == me || !((st_.active() >> p) & 1) || !(sh_[p] & trumps)) continue;
      CardSet voids = 0;
      for (int seg = 0; seg < 4; ++seg)
        if (seg != r.trump && (may_trump || !(sh_[p] & seg_mask_[seg]))) voids |= seg_mask_[seg];
      if (is_max(p) == maxing) {
        friend_ruffs |= voids;
      } else {
        opp_ruffs |= voids;
      }
    }
  }
  // At the last seat each card's roem is known: the trick holds every other card (and none
  // is possible unless the three cards played allow it).
  const CardSet trick_cards = st_.trick_cards();
  const bool roem_known = last && r.trick_bonus == TrickBonus::kKlaverjasRoem &&
                          klaverjas_roem_possible(trick_cards, r.trump);
  // Keeping a suit's top card for later beats spending it now, among cards that win alike or
  // give points to a partner's trick: those cards sort after the others of their kind (while
  // the opponents hold cards of the suit; see keep_top).
  constexpr int kKeepTop = 1 << 18;
  // A card of suit length more outweighs any difference of rank (4 a rank).
  constexpr int kLongDiscard = 64;
  // Games scored by card points (Klaverjas, Kiksas) order three kinds of follow their own way,
  // each measured over 200 Klaverjas deals (together: nodes -6%); the whist trick counts and
  // All Fours game points do better with the first way.
  const bool card_points = split_ && points_matter_;
  const int keep_top_holding = card_points || ranks_ ? 2 : 1;  // see keep_top
  const int smear_rank = card_points ? 4 : -4;
  // Card point games: ruffing a trick the partner surely wins spends a trump for points the
  // trick has anyway, and a trump is worth keeping to win a richer trick: such a ruff comes
  // after the plain cards given to the partner (Klaverjas deals, seeds 1-5: nodes median
  // -1.5% to -2.9%, sum -1.8% to -2.8%, third-largest deal -1% to -21%).
  const int ruff_partner_penalty =
      card_points && !leading && r.trump >= 0 && led != r.trump && friend_winning ? 1 << 20 : 0;
  // Four seats, second seat: the partner in the fourth seat surely wins the trick (its highest
  // card of the led suit beats the lead and every card of the third seat, or it ruffs where
  // the third seat cannot). Then trick counts play low (whist 52-card deals: nodes -10%) and
  // card point games give the trick points as to a partner's sure trick (Klaverjas deals,
  // three sets of 200: nodes median -3% to -10%, sum -6% to -13%; Kiksas -8%). Trick counts
  // not where the partner ruffs: a higher card may still set up a winner, and the wins first
  // do better since leads count the opponents' choices (52-card deals, seven sets: nodes in
  // sum +2% to -6%, mean -1.7%; 32-card deals -1% to -4%).
  const bool partner_wins =
      len == 1 &&
      (ranks_ ? (sh_[(me + 2) & 3] & seg_mask_[led]) != 0
              : card_points && st_.num_players() == 4 && st_.active() == 0xF) &&
      fourth_seat_wins(led);
  const int led_seg = leading ? -1 : seg_[spos_[st_.trick_card(0)]];
  // All Fours, where a player may trump while able to follow: the trumps capture and hold the
  // items (High, Low, Jack, Game and the extras), so a trump played to a plain suit's trick
  // comes late (see the end of the loop below). Bench deals, 200 each, seeds 1-4, nodes against
  // ruffs ordered as wins: Oklahoma median -15%, -30%, -30%, -23%, sum -39%, -33%, -38%, -25%;
  // Trinidad median -6%, -21%, +3%, -3%, sum -9%, -18%, -17%, -16%; Auction Pitch sum -27%,
  // -36%, -22%, -18%. The last seat's top trump on a poor trick (no item, less than a ten's
  // worth of Game) then: Oklahoma median -5%, -11%, -8%, -9%, sum -5% to -7%; Trinidad median
  // +3% to +5%, sum -4% to +1%; Auction Pitch sum -2% to -8%.
  const bool all_fours_order = may_trump && !card_points && !ranks_;
  const bool spend_trumps_last = all_fours_order && !leading && r.trump >= 0 && led != r.trump;
  bool poor_trick = false;
  if (spend_trumps_last && last) poor_trick = !(trick_s & identity_s_) && st_.trick_points() < 10;
  // Trick counts, third seat, the fourth seat holding the led suit's top card and more: the
  // lowest card above its second highest (and above the card winning so far) forces out that
  // top card; it comes first among the wins a later card takes over (DDS's third-hand order;
  // 52-card deals: nodes -1% to -4%).
  const int forcing = ranks_ && len == 2 ? forcing_card(led, own, w, legal_s, occupied) : -1;
  // Leading: the opponents' choices in each suit, their length in it, or for a hand void in
  // it the tricks left (it may then play any card; where the rules make it trump, its trumps
  // if it holds any); a lead with fewer of them makes a smaller tree, so it comes first (DDS's
  // suit weight). It counts most against leading trumps into a void (without trump leads the
  // count costs nodes). Whist 52-card deals, nodes in sum: the bench's first 100 -36%, four
  // sets of 40 -41%, -37%, -24%, -6% (median -27%); 32-card deals -9% (400) and -12% (the
  // bench's 200). Klaverjas deals (seeds 1-3, 200 each): median -1.5%, -12.6%, -9.9%, sum
  // -4.2%, -8.9%, -6.1%; every other game's 100 deals -0.7% (All Fours, Trinidad) to -11%
  // (Trikiksis points). Counting a void hand's trumps where it must trump: Klaverjas seeds 1-5,
  // median -5.7%, +2.5%, -0.2%, +2.0%, -0.1%, sum -1.7% to 0%; Kiksas and Trikiksis +3.5% to
  // -4.3%. And where a trump lead must be headed, only the higher trumps of a hand that holds
  // one: Klaverjas seeds 1-5, median -0.3% to -3.7%, sum -0.1% to -2.0%.
  int opp_choices[5] = {0, 0, 0, 0, 0};
  if (leading) {
    const int left = st_.total_tricks() - st_.tricks_played();
    const bool must_trump = r.policy.void_trump != VoidTrumpDuty::kNever && r.trump >= 0;
    for (int p = 0; p < st_.num_players(); ++p) {
      if (is_max(p) == maxing || !((st_.active() >> p) & 1)) continue;
      const int trumps = must_trump ? popcount(sh_[p] & seg_mask_[r.trump]) : 0;
      for (int seg = 0; seg < 5; ++seg) {
        const int length = popcount(sh_[p] & seg_mask_[seg]);
        opp_choices[seg] += length ? length : seg != r.trump && trumps ? trumps : left;
      }
    }
  }
  const Card killer = leading ? killer_[killer_slot()] : kNoCard;
  int scores[kMaxMoves];
  int n = 0;
  for (CardSet m = legal_s; m; m &= m - 1) {
    const int b = __builtin_ctzll(m);
    // Skip b when the next card above it is its equivalent (the group's top is searched).
    if (equivalent_above(b, legal_s, occupied) >= 0) continue;
    // The cards still in play above b in its suit.
    const CardSet above = occupied & seg_mask_[seg_[b]] & ~((2ULL << b) - 1);
    const Card c = scard_[b];
    const int pts = spoints_[b];
    // The top card of its suit is kept for later only while the opponents hold cards of the
    // suit, for it to win one of theirs then: two for card points and trick counts, one for
    // the others. Given to the partner's trick (Klaverjas deals, seeds 1-5: nodes median -3.9%,
    // -6.2%, +1.1%, -5.3%, -5.8%, sum -2.3% to -4.6%, against keeping every top card; Kiksas
    // points -4.7%; whist -0.1% to -0.5%), and, the same rule, in winning the trick (Klaverjas
    // median -0.1% to -3.1%, sum +0.2% to -1.4%; whist unchanged). The game points of All Fours
    // do best with one card (200 deals each, against two: Oklahoma median -14%, sum -1.6%;
    // Trinidad -19%, -4.1%; Auction Pitch median 24.5 against 26.5 nodes, sum -4.5%; the
    // Kiksas and Trikiksis races median +2.7%, +2.2%, sum -1.5%, -4.1%; Kirves unchanged;
    // whist with one card +0.3% on 52-card deals). Card point games keep it also while the
    // opponents' one card of the suit is worth ten points or more, a capture worth waiting for
    // (Klaverjas deals, seeds 1-8: nodes median -1.9%, 0%, -2.8%, -1.5%, +3.4%, -0.8%, 0%,
    // -0.5%, sum -0.9% to -2.3%; Kiksas points -0.7%, Trikiksis points -5.5%).
    const CardSet opp_suit = opponents_s & seg_mask_[seg_[b]];
    const int opp_held = popcount(opp_suit);
    const bool rich_capture =
        card_points && opp_held == 1 && spoints_[__builtin_ctzll(opp_suit)] >= 10;
    const int keep_top = !above && (opp_held >= keep_top_holding || rich_capture) ? kKeepTop : 0;
    int score;
    if (leading) {
      // The table's best lead first; the killer is worth one kind of lead more (Klaverjas
      // deals, seeds 1-4: median nodes -3% and the made/nat test's -15% against a killer
      // before every kind; for follows a killer or a history costs nodes).
      score = c == hint ? 1 << 28 : c == killer ? 1 << 20 : 0;
      if (!(above & ~own)) {
        // The top of its suit: cash it, with its points. A top trump is better kept (to win a
        // richer trick, or to ruff) than led now: it comes after the other top cards and the
        // leads towards a partner's top card; where card points or tricks are the objective
        // (not the game points of All Fours), a plain top card is cashed first of all. (Whist
        // trick counts had neither rule before: 52-card deals, nodes -36%.)
        // Since leads count the opponents' choices, which weigh against trump leads already,
        // the top trump is kept by less: trick counts by 3 << 18 (52-card deals, five sets:
        // nodes in sum -0.8% to -5.4% against 3 << 19; 32-card deals -1.5% and -1.7%), the
        // other games by 3 << 17 (Klaverjas deals, seeds 1-5: nodes median +0.7% to -5.5%,
        // sum +0.2% to -2.3%; every other game's deals -1.3% to -6.5%; no penalty at all:
        // Klaverjas median +3.1% on seed 1).
        score += (3 << 20) + pts * 1024;
        if (r.is_trump(c)) score -= ranks_ ? 3 << 18 : 3 << 17;
        if (split_ && !r.is_trump(c)) score += 1 << 19;
      } else if (above & friends_s & ~own) {
        // A partner holds a higher card: lead low towards it.
        score += (2 << 20) - pts * 1024 - b * 4;
        // The partner holds the top card: as good as cashing one's own.
        if ((friends_s >> highest_card(above)) & 1) score += 3 << 19;
      } else {
        score += (1 << 20) - pts * 1024 - b * 4;
      }
      if (ranks_) score += lead_tops_score(b, own, friends_s);
      // Card point games: a plain top card or a trump led in a suit the opponents no longer
      // hold takes none of their cards: it sorts after the leads towards a partner's higher
      // card. Klaverjas deals, seeds 1-8, nodes: the plain top card median +0.8%, -1.8%,
      // -1.1%, -1.1%, -1.5%, -2.0%, -1.4%, -1.3%, sum -0.3% to -1.6% (Kiksas points +0.5%,
      // Trikiksis points -0.1%); the trump then median -1.3%, -0.3%, -1.4%, -0.6%, -2.6%,
      // -1.3%, +0.6%, -0.6%, sum -0.2% to -1.1% (Kiksas points -1.0%, Trikiksis points -2.1%).
      if (card_points && !(opponents_s & seg_mask_[seg_[b]]) && (r.is_trump(c) || !(above & ~own)))
        score -= 2 << 20;
      const bool headed = r.policy.head_trump_lead && r.is_trump(c);
      score -= (headed ? opp_choices_to_trump(b) : opp_choices[seg_[b]]) << 19;
      if ((opp_ruffs >> b) & 1) {
        // An opponent can ruff it: usually a lost trick and a lost card.
        score -= 2 << 20;
      } else if ((friend_ruffs >> b) & 1) {
        // A partner can ruff it.
        score += 3 << 20;
      }
    } else {
      const bool wins = r.beats(c, w, led);
      const int strength_rank = srank_[b];
      if (last) {
        if (wins && !friend_winning) {
          score = (6 << 20) + pts * 1024 - strength_rank * 4 - keep_top;
        } else if (friend_winning) {
          // The trick is the side's: give it points (taking it from the partner adds nothing);
          // among cards of equal points, card point games give the stronger (nodes -1%).
          score = (5 << 20) + pts * 1024 + smear_rank * strength_rank - keep_top;
          if (r.is_trump(c)) score -= ruff_partner_penalty;
        } else {
          score = (2 << 20) - pts * 1024 - strength_rank * 4;
        }
        if (roem_known) score += roem_score(trick_cards | bit(c), wins || friend_winning, maxing);
      } else if (friend_winning && winner_sure) {
        score = (5 << 20) + pts * 1024 + smear_rank * strength_rank - keep_top;
        if (r.is_trump(c)) score -= ruff_partner_penalty;
      } else if (wins) {
        // Would it hold against the players still to come?
        bool sure = !(later_opp & above);
        if (sure && !r.is_trump(c) && r.trump >= 0 && (later_opp_ruff)) sure = false;
        // A win a later card may take over: card point games and trick counts try the
        // cheapest such card first (Klaverjas nodes -4%; whist 52-card deals -10%), the others
        // the richest.
        const bool cheapest_first = card_points || ranks_;
        score = sure ? (5 << 20) + pts * 1024 - strength_rank * 4 - keep_top
                     : (4 << 20) +
                           (cheapest_first ? -strength_rank * 4 : pts * 256 + strength_rank * 4);
        if (b == forcing) score += 1 << 16;
        // Card point games: a ruff sure to win the trick sorts among the wins a later card may
        // take over, by its points: the trump may be worth more later (Klaverjas deals, seeds
        // 1-5: nodes median -0.8%, +1.3%, -3.0%, -3.3%, -0.8%, sum -0.7% to -1.9%; Kiksas
        // points -2.1%, Trikiksis points -0.8%).
        if (sure && card_points && r.is_trump(c) && led != r.trump) score -= 1 << 20;
      } else {
        score = (2 << 20) - pts * 1024 - strength_rank * 4;
        // A discard: among cards of equal points, card point games try the shortest suit
        // first (nodes -0.6%).
        if (card_points && seg_[b] != led_seg) score -= 2 * popcount(own & seg_mask_[seg_[b]]);
      }
      if (partner_wins) {
        score = card_points ? (5 << 20) + pts * 1024 + smear_rank * strength_rank - keep_top
                            : (2 << 20) - strength_rank * 4;
      }
    }
    // All Fours (see spend_trumps_last): a trump played to a plain suit's trick is spent only
    // after the other cards are tried: on the partner's trick after every other card, as an
    // under-ruff after the other losing cards, and as a ruff over an opponent's card after the
    // ducks, except at the last seat, where the trick's cards are all known: there only the
    // top trump on a poor trick goes after the ducks.
    if (spend_trumps_last && r.is_trump(c)) {
      if (friend_winning) {
        score -= 4 << 20;
      } else if (!r.beats(c, w, led)) {
        score -= 1 << 19;
      } else if (!last) {
        score -= 3 << 20;
      } else if (keep_top && poor_trick) {
        score -= 4 << 20;
      }
    }
    // All Fours: an item card (High, Low, the jack and the extras on: a card whose identity
    // the score reads) goes first to a trick the partner surely wins, and after the other
    // losing cards to one the opponents win. Bench deals, 200 each, seeds 1-3, nodes:
    // Oklahoma median -7.6%, -3.0%, -2.9%, sum -2.6%, -3.8%, -2.5%; Trinidad median +3%, 0%,
    // sum -1%, 0%; Auction Pitch sum -0.4%, -0.3%.
    if (all_fours_order && !leading && ((identity_s_ >> b) & 1)) {
      if (friend_winning && (last || winner_sure)) {
        score += 1 << 20;
      } else if (!friend_winning && !r.beats(c, w, led)) {
        score -= 1 << 19;
      }
    }
    // Trick counts discard from the longest suit first (a short suit's cards guard its
    // higher ones; whist 52-card deals: nodes -6%).
    if (ranks_ && !leading && seg_[b] != led_seg && !r.is_trump(c))
      score += kLongDiscard * popcount(own & seg_mask_[seg_[b]]);
    // The history of cut-offs orders the leads only (the follow heuristics do better alone).
    if (leading) score += std::min(history_[me][c], (1 << 18) - 1) >> 8;
    // Card point games, the leads of the first tricks, where a wrong first lead costs the
    // largest trees: a look-ahead of one trick, each later seat playing its first card in
    // this order; what the trick is worth to the side weighs with the other rules. Klaverjas
    // deals, seeds 1-8, nodes median -4.6%, -10.0%, -3.1%, -7.2%, -3.1%, -3.5%, -4.6%, -2.6%,
    // sum -2.5% to -5.1%; Kiksas points -5.9%, Trikiksis points -5.7%. It costs thousands of
    // instructions a lead: over the first three tricks, nodes fell further (seeds 1-4, sum
    // -6.1% against -4.3%) but instructions less (seed 2: -1.5% against -2.7%); look-aheads of
    // two or three tricks ordered no better.
    if (leading && card_points && c != hint && st_.tricks_played() < kLookaheadTricks)
      score += lookahead_trick(c) * kLookaheadWeight;
    int i = n++;
    while (i > 0 && scores[i - 1] < score) {
      scores[i] = scores[i - 1];
      moves[i] = moves[i - 1];
      --i;
    }
    scores[i] = score;
    moves[i] = c;
  }
  return n;
}

template <bool kRanks>
int Search::expand(int alpha, int beta, Card hint, Card* best_out) {
  const int me = st_.to_move();
  const bool maxing = is_max(me);
  Card moves[kMaxMoves + 1];
  const CardSet legal = st_.legal_moves();
  int n = 0;
  if (legal & (legal - 1)) {
    n = generate(legal, hint, moves);
  } else if (legal) {
    moves[n++] = lowest_card(legal);  // a forced card
  }
  if (st_.folding() && st_.can_fold()) moves[n++] = kFoldMove;  // last: folding rarely pays
  const int alpha0 = alpha, beta0 = beta;
  int best = maxing ? -kInf : kInf;
  Card best_card = kNoCard;
  [[maybe_unused]] const bool completes = st_.trick_len() == st_.trick_size() - 1;
  [[maybe_unused]] CardSet sig = 0;
  // Partition search: the suits in which a card below every card the results so far relied on
  // was searched. Another such card of the suit leads to a position of the same class (the
  // two differ only below the lowest relied-on card), so it is skipped.
  [[maybe_unused]] unsigned small_done = 0;
  [[maybe_unused]] CardSet occupied = 0;
  if constexpr (kRanks) occupied = occupied_space();
  for (int i = 0; i < n; ++i) {
    const Card c = moves[i];
    if constexpr (kRanks) {
      const int seg = seg_[spos_[c]];
      const CardSet m = sig & seg_mask_[seg];
      if (((small_done >> seg) & 1) && (!m || spos_[c] < __builtin_ctzll(m))) continue;
    }
    play(c);
    // Principal variation search: under a wider window than zero, the first card (the
    // likeliest best) gets the window; each later card is first tested with a zero window at
    // the bound it must beat, and searched with the window only when it beats it.
    int v;
    if (i == 0 || beta - alpha <= 1) {
      v = node(alpha, beta);
    } else if (maxing) {
      v = node(alpha, alpha + 1);
      if (v > alpha && v < beta) v = search_again(v - 1, beta, true);
    } else {
      v = node(beta - 1, beta);
      if (v < beta && v > alpha) v = search_again(alpha, v + 1, false);
    }
    CardSet child_sig = 0;
    if constexpr (kRanks) {
      child_sig = completes ? sig_ | trick_winner_sig() : sig_;
      // The card stands for the cards of the mover directly below it (generate() searches one
      // of them): the others lead to the same positions but for the two swapped, so when one
      // of them counts, all do.
      const int b = spos_[c];
      CardSet group = bit(static_cast<Card>(b));
      CardSet below = occupied & seg_mask_[seg_[b]] & ((1ULL << b) - 1);
      while (below) {
        const int u = highest_card(below);
        if (!((sh_[me] >> u) & 1)) break;
        group |= bit(static_cast<Card>(u));
        below &= ~bit(static_cast<Card>(u));
      }
      if (child_sig & group) child_sig |= group;
    }
    undo();
    if (maxing) {
      if (v > best) {
        best = v;
        best_card = c;
      }
      if (best >= beta) {
        // A cut: this card alone proves the bound.
        if constexpr (kRanks) sig = child_sig;
        break;
      }
      if (best > alpha) alpha = best;
    } else {
      if (v < best) {
        best = v;
        best_card = c;
      }
      if (best <= alpha) {
        if constexpr (kRanks) sig = child_sig;
        break;
      }
      if (best < beta) beta = best;
    }
    if constexpr (kRanks) {
      sig |= child_sig;
      const int seg = seg_[spos_[c]];
      const CardSet m = sig & seg_mask_[seg];
      if (!m || spos_[c] < __builtin_ctzll(m)) small_done |= 1u << seg;
    }
  }
  if constexpr (kRanks) sig_ = sig;
  if (best_card != kNoCard && n > 1 && st_.trick_len() == 0) {
    const int left = st_.total_tricks() - st_.tricks_played();
    history_[me][best_card] += left * left;
    if (maxing ? best > alpha0 : best < beta0) killer_[killer_slot()] = best_card;
  }
  *best_out = best_card;
  return best;
}

int Search::search_again(int alpha, int beta, bool up) {
  // The test proved the value beyond one end of the window (above alpha when `up`), and it
  // most often lies close to that end: a window of kAspiration from it first.
  if (beta - alpha > kAspiration + 1) {
    if (up) {
      const int near = alpha + 1 + kAspiration;
      const int v = node(alpha, near);
      return v < near ? v : node(v - 1, beta);
    }
    const int near = beta - 1 - kAspiration;
    const int v = node(near, beta);
    return v > near ? v : node(alpha, v + 1);
  }
  return node(alpha, beta);
}

int Search::root_value(int guess, int lower, int upper) {
  // Wide ranges (card points): a window search, principal variation search below it.
  // Zero-window tests from the root spent half their nodes on tests more than five points
  // from the value; the window search never makes them (Klaverjas: nodes -11%). The window
  // is first kRootAspiration either side of the guess, then widened towards the side the
  // value lies on.
  if (!ranks_ && upper - lower > kWideRange) {
    int a = std::max(lower - 1, guess - kRootAspiration);
    int b = std::min(upper + 1, guess + kRootAspiration);
    for (int windows = 1;; ++windows) {
      const int v = node(a, b);
      if (v > a && v < b) return v;
      if (v <= a) {
        if (a < lower) return v;
        b = v + 1;
        a = std::max(lower - 1, v - 2 * kRootAspiration);
      } else {
        if (b > upper) return v;
        a = v - 1;
        b = std::min(upper + 1, v + 2 * kRootAspiration);
      }
      // Each window moves at least 2 * kRootAspiration towards the value, so sound bounds never
      // need this many; a wrong one (a defect) could send the windows back and forth, and the
      // whole range then ends the search rather than looping.
      if (windows == kMaxRootWindows) {
        a = lower - 1;
        b = upper + 1;
      }
    }
  }
  // Narrow ranges (tricks, a win, game points): zero-window tests, the first at the guess,
  // then bisection of what is left; each fail-soft result narrows the interval by as much as
  // it proves.
  int beta = std::clamp(guess, lower + 1, std::max(lower + 1, upper));
  while (lower < upper) {
    const int g = node(beta - 1, beta);
    if (g < beta) {
      upper = g;
    } else {
      lower = g;
    }
    if (ranks_) {
      // Trick counts: the guess is close, so step from it.
      beta = g < beta ? upper : lower + 1;
    } else {
      beta = lower + (upper - lower + 1) / 2;
    }
  }
  return lower;
}

void Search::representatives(CardSet legal, Card* rep_of) const {
  const CardSet occupied = occupied_space();
  const CardSet legal_s = to_space(legal);
  for (Card c : cards_of{legal}) rep_of[c] = scard_[group_top(spos_[c], legal_s, occupied)];
}

// ---------------------------------------------------------------------------------------

std::uint64_t context_hash(const PlayState& s, const Objective& o, int side) {
  const RulesTable& r = s.rules();
  std::uint64_t h = 0x1234567;
  for (int c = 0; c < 64; ++c)
    h = combine(h, static_cast<std::uint64_t>(static_cast<std::uint8_t>(r.effective_suit[c])) |
                       static_cast<std::uint64_t>(r.strength[c]) << 8 |
                       static_cast<std::uint64_t>(r.points[c]) << 16);
  h = combine(h, r.deck);
  h = combine(h, static_cast<std::uint64_t>(static_cast<std::uint8_t>(r.trump)) |
                     static_cast<std::uint64_t>(r.last_trick_bonus) << 8 |
                     static_cast<std::uint64_t>(r.trick_bonus) << 16);
  const FollowPolicy& p = r.policy;
  h = combine(h, static_cast<std::uint64_t>(p.void_trump) |
                     static_cast<std::uint64_t>(p.overtrump) << 4 |
                     static_cast<std::uint64_t>(p.head_trump_lead) << 8 |
                     static_cast<std::uint64_t>(p.head_in_suit) << 9 |
                     static_cast<std::uint64_t>(p.may_trump_when_able_to_follow) << 10 |
                     static_cast<std::uint64_t>(p.no_undertrump) << 11 |
                     static_cast<std::uint64_t>(p.undertrump_compulsory) << 12 |
                     static_cast<std::uint64_t>(p.must_beat_trick) << 13 |
                     static_cast<std::uint64_t>(p.must_beat_exempts_partner) << 14);
  h = combine(h, static_cast<std::uint64_t>(s.num_players()) |
                     static_cast<std::uint64_t>(s.active()) << 8 |
                     static_cast<std::uint64_t>(s.total_tricks()) << 24 |
                     static_cast<std::uint64_t>(s.fixed_leader() + 1) << 32);
  for (int q = 0; q < s.num_players(); ++q) h = combine(h, static_cast<std::uint64_t>(s.side(q)));
  const std::uint64_t kind = o.kind == ObjectiveKind::kKlaverjasMade
                                 ? static_cast<std::uint64_t>(ObjectiveKind::kMargin)
                                 : static_cast<std::uint64_t>(o.kind);
  h = combine(h, kind | static_cast<std::uint64_t>(o.scoring) << 8 |
                     static_cast<std::uint64_t>(side) << 16 |
                     static_cast<std::uint64_t>(o.playing_team) << 24 |
                     static_cast<std::uint64_t>(o.klaverjas.pit_for_any_team) << 32 |
                     static_cast<std::uint64_t>(o.klaverjas.tie_is_nat) << 33);
  return h;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Solver

struct Solver::Impl {
  explicit Impl(std::size_t memory_mb) : table(memory_mb) {}
  // Calls on one solver from several threads take turns: a search reads and writes the table
  // throughout, and a call with another context starts a new generation under it.
  std::mutex mutex;
  Table table;
  std::uint64_t context = 0;
  bool has_context = false;
  std::atomic<std::uint64_t> nodes{0};  // read without the lock
};

Solver::Solver(std::size_t memory_mb) : impl_(std::make_unique<Impl>(memory_mb)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

void Solver::clear() {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->table.new_generation();
  impl_->has_context = false;
}
std::uint64_t Solver::nodes() const {
  return impl_->nodes;
}
std::size_t Solver::memory_bytes() const {
  return impl_->table.bytes();
}

namespace {

struct Prepared {
  int side;      // the side reported to the caller
  int max_side;  // the side the search maximizes
  std::unique_ptr<Evaluator> ev;
};

Prepared prepare(const PlayState& s, const Objective& o) {
  Prepared p;
  p.side = o.side >= 0 ? o.side : s.side(s.to_move());
  if (o.side >= 0 && side_mask(s, o.side) == 0)
    throw std::invalid_argument("objective side " + std::to_string(o.side) +
                                " is not the side of any playing seat");
  const bool klaverjas =
      o.scoring == Scoring::kKlaverjas || o.kind == ObjectiveKind::kKlaverjasMade;
  if (klaverjas) {
    if (s.num_players() != 4 || s.active() != 0xF)
      throw std::invalid_argument("Klaverjas scoring needs a four-seat deal");
    for (int q = 0; q < 4; ++q)
      if (s.side(q) != 0 && s.side(q) != 1)
        throw std::invalid_argument("Klaverjas scoring needs teams 0 and 1");
    if (o.playing_team != 0 && o.playing_team != 1)
      throw std::invalid_argument("playing team must be 0 or 1");
  }
  p.max_side = p.side;
  Objective eo = o;
  if (o.kind == ObjectiveKind::kKlaverjasMade) {
    p.max_side = o.playing_team;
    eo.scoring = Scoring::kKlaverjas;
  }
  p.ev = make_evaluator(s, eo, p.max_side);
  return p;
}

}  // namespace

namespace {

// Runs a search with the solver's table; fn(search, evaluator, root_base) does the work.
template <class Fn>
auto with_search(Table& table, std::uint64_t& context, bool& has_context,
                 std::atomic<std::uint64_t>& nodes, const PlayState& state, const Objective& o,
                 Fn fn) {
  Prepared p = prepare(state, o);
  Objective ctx_o = o;
  if (o.kind == ObjectiveKind::kKlaverjasMade) ctx_o.scoring = Scoring::kKlaverjas;
  const std::uint64_t ctx = combine(context_hash(state, ctx_o, p.max_side), p.ev->context_key());
  if (!has_context || ctx != context) {
    if (has_context) table.new_generation();
    context = ctx;
    has_context = true;
  }
  Search search(table, state, *p.ev, side_mask(state, p.max_side));
  const int root_base = p.ev->base(state);
  auto result = fn(search, *p.ev, root_base, p);
  nodes += search.nodes();
  return result;
}

int root_bounds_lo(Search& s, const Evaluator& ev, int root_base, int* hi) {
  int lo;
  ev.bounds(s.state(), remaining_cards(s.state()) | s.state().trick_cards(), root_base, &lo, hi);
  return lo;
}

// The exact final value of the search's current position, a child of a root whose value is
// root_value: no child is better than the root for the root's mover (at most root_value when
// the mover maximizes, at least root_value when it minimizes), so one zero-window test settles
// each best card.
int child_value(Search& s, const Evaluator& ev, int root_value, bool root_maxes) {
  if (s.state().is_terminal()) return ev.terminal(s.state());
  int hi;
  int lo = root_bounds_lo(s, ev, ev.base(s.state()), &hi);
  if (root_maxes) {
    hi = std::min(hi, root_value);
  } else {
    lo = std::max(lo, root_value);
  }
  if (lo > hi) lo = hi = root_value;
  if (lo == hi) return lo;
  // A zero-window test at the root's value first: it settles each best card.
  if (root_maxes) {
    const int g = s.node(root_value - 1, root_value);
    if (g >= root_value) return root_value;
    hi = std::min(hi, g);
  } else {
    const int g = s.node(root_value, root_value + 1);
    if (g <= root_value) return root_value;
    lo = std::max(lo, g);
  }
  if (lo > hi) lo = hi;
  return s.root_value(root_value, lo, hi);
}

int made_threshold(const Objective& o) {
  return o.klaverjas.tie_is_nat ? 1 : 0;
}

// The made/nat answer reported to `side`: 1 when the playing team makes it and the side is
// that team, or when it goes nat and the side is the other.
int made_for_side(bool made, const Objective& o, int side) {
  return static_cast<int>(side == o.playing_team ? made : !made);
}

// made_for_side() of the position: one zero-window test of the margin.
int made_answer(Search& s, const Evaluator& ev, const Objective& o, int side) {
  const int t = made_threshold(o);
  const bool made = s.state().is_terminal() ? ev.terminal(s.state()) >= t : s.node(t - 1, t) >= t;
  return made_for_side(made, o, side);
}

}  // namespace

int Solver::value(const PlayState& state, const Objective& o) {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  return with_search(impl_->table, impl_->context, impl_->has_context, impl_->nodes, state, o,
                     [&](Search& s, const Evaluator& ev, int root_base, const Prepared& p) {
                       if (o.kind == ObjectiveKind::kKlaverjasMade)
                         return made_answer(s, ev, o, p.side);
                       int hi;
                       const int lo = root_bounds_lo(s, ev, root_base, &hi);
                       const int guess =
                           ev.guess(s.state(), remaining_cards(s.state()) | s.state().trick_cards(),
                                    root_base, lo, hi);
                       const int v = s.state().is_terminal() ? ev.terminal(s.state())
                                                             : s.root_value(guess, lo, hi);
                       return ev.report(v, root_base);
                     });
}

bool Solver::reaches(const PlayState& state, const Objective& o, int target) {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  return with_search(impl_->table, impl_->context, impl_->has_context, impl_->nodes, state, o,
                     [&](Search& s, const Evaluator& ev, int root_base, const Prepared& p) {
                       if (o.kind == ObjectiveKind::kKlaverjasMade)
                         return made_answer(s, ev, o, p.side) >= target;
                       const int goal = target + root_base;
                       if (s.state().is_terminal()) return ev.terminal(s.state()) >= goal;
                       return s.node(goal - 1, goal) >= goal;
                     });
}

SolveResult Solver::solve(const PlayState& state, const Objective& o) {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  return with_search(impl_->table, impl_->context, impl_->has_context, impl_->nodes, state, o,
                     [&](Search& s, const Evaluator& ev, int root_base, const Prepared& p) {
                       SolveResult res;
                       res.side = p.side;
                       const std::uint64_t nodes0 = s.nodes();
                       PlayState& st = s.state();
                       const bool made_kind = o.kind == ObjectiveKind::kKlaverjasMade;
                       const int t = made_threshold(o);
                       auto to_report = [&](int final_value) {
                         if (made_kind) return made_for_side(final_value >= t, o, p.side);
                         return ev.report(final_value, root_base);
                       };
                       if (st.is_terminal()) {
                         res.value = to_report(ev.terminal(st));
                         return res;
                       }
                       int hi;
                       const int lo = root_bounds_lo(s, ev, root_base, &hi);
                       int root_final;
                       if (made_kind) {
                         root_final = s.node(t - 1, t) >= t ? t : t - 1;
                       } else {
                         const CardSet in_play = remaining_cards(st) | st.trick_cards();
                         root_final =
                             s.root_value(ev.guess(st, in_play, root_base, lo, hi), lo, hi);
                       }
                       res.value = to_report(root_final);
                       const CardSet legal = st.legal_moves();
                       const bool root_maxes = s.is_max(st.to_move());
                       Card rep_of[64];
                       s.representatives(legal, rep_of);
                       int value_of[64];
                       bool done[64] = {};
                       // The final value after a move (a card, or kFoldMove).
                       auto value_after = [&](Card move) {
                         s.play(move);
                         int v;
                         if (made_kind) {
                           v = s.state().is_terminal() ? ev.terminal(s.state()) : s.node(t - 1, t);
                           v = v >= t ? t : t - 1;
                         } else {
                           v = child_value(s, ev, root_final, root_maxes);
                         }
                         s.undo();
                         return v;
                       };
                       for (Card c : cards_of{legal}) {
                         const Card r = rep_of[c];
                         if (!done[r]) {
                           value_of[r] = value_after(r);
                           done[r] = true;
                         }
                         const int v = to_report(value_of[r]);
                         res.cards.push_back(CardValue{c, v});
                         if (v == res.value) res.best |= bit(c);
                       }
                       if (st.can_fold()) {
                         res.can_fold = true;
                         res.fold_value = to_report(value_after(kFoldMove));
                       }
                       res.nodes = s.nodes() - nodes0;
                       return res;
                     });
}

std::vector<int> solve_many(const std::vector<PlayState>& states, const Objective& objective,
                            int threads, std::size_t memory_mb, std::vector<int>* card_values,
                            int missing) {
  const std::size_t n = states.size();
  std::vector<int> values(n, 0);
  if (card_values) card_values->assign(n * 64, missing);
  for_each_item(
      n, threads, [&] { return Solver(memory_mb); },
      [&](Solver& solver, std::size_t i) {
        if (card_values) {
          const SolveResult r = solver.solve(states[i], objective);
          values[i] = r.value;
          for (const CardValue& cv : r.cards) (*card_values)[i * 64 + cv.card] = cv.value;
        } else {
          values[i] = solver.value(states[i], objective);
        }
      });
  return values;
}

}  // namespace tricktaker
