// Partition search (trick counts of four-seat partnership play under plain follow-suit rules):
// each result carries the cards whose ranks it relied on, and a table entry serves every
// position whose holders agree on those cards (DDS's winning ranks). Internal to the solver:
// search.cc includes it, so that node() inlines its trick starts and second-seat bound as it
// would its own (kept apart, they cost trick counts about 1% of their instructions).
#pragma once

#include <cstddef>
#include <cstdint>

#include "search.h"

namespace tricktaker::solver_detail {

inline bool Search::second_seat_bound(int alpha, int beta, int* value) {
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

inline int Search::later_winners(CardSet won_with, int need, CardSet* sig) const {
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

inline CardSet Search::trick_winner_sig() const {
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
inline int Search::trick_start_ranks(int alpha, int beta, PBucket<Mask>* buckets,
                                     std::size_t n_buckets) {
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

}  // namespace tricktaker::solver_detail
