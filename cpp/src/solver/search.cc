// The search: nodes, trick starts (the table, the bounds, the last two tricks), the expansion of
// a node's moves and the drivers of the root. See tricktaker/solver.h for an overview.
#include "search.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>

#include "partition.h"

namespace tricktaker::solver_detail {

StrengthSpace::StrengthSpace(const RulesTable& r) {
  for (int segment = 0; segment < 5; ++segment) {
    Card cards[64];
    int n = 0;
    for (Card c : cards_of{r.deck}) {
      const int es = r.effective_suit[c];
      if ((segment < 4 && es == segment) || (segment == 4 && (es < 0 || es >= 4))) cards[n++] = c;
    }
    std::sort(cards, cards + n, [&](Card a, Card b) {
      return r.strength[a] != r.strength[b] ? r.strength[a] < r.strength[b] : a < b;
    });
    for (int i = 0; i < n; ++i) {
      if (i > 0 && r.strength[cards[i]] == r.strength[cards[i - 1]]) exact = true;
      spos[cards[i]] = static_cast<std::uint8_t>(size);
      scard[size] = cards[i];
      seg[size] = static_cast<std::uint8_t>(segment);
      srank[size] = static_cast<std::uint8_t>(i);
      seg_mask[segment] |= bit(static_cast<Card>(size));
      ++size;
    }
  }
  if (seg_mask[4]) exact = true;
  for (int k = 0; k < 8; ++k)
    for (int v = 1; v < 256; ++v) {
      const int low = __builtin_ctz(v);
      const Card c = static_cast<Card>(8 * k + low);
      chunk[k][v] = chunk[k][v & (v - 1)] | (((r.deck >> c) & 1) ? bit(spos[c]) : 0);
    }
}

void Search::setup_space() {
  const RulesTable& r = st_.rules();
  const StrengthSpace& space = per_rules<StrengthSpace>(st_);
  const int pos = space.size;
  exact_ = space.exact;
  chunk_ = space.chunk;
  std::copy(std::begin(space.spos), std::end(space.spos), spos_);
  std::copy(std::begin(space.scard), std::end(space.scard), scard_);
  std::copy(std::begin(space.seg), std::end(space.seg), seg_);
  std::copy(std::begin(space.srank), std::end(space.srank), srank_);
  std::copy(std::begin(space.seg_mask), std::end(space.seg_mask), seg_mask_);
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
    // The player's whole hand leaves the play.
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

void Search::check_limits() {
  if (limits_.max_nodes != 0 && nodes_ > limits_.max_nodes)
    throw SearchLimitExceeded("the search reached its limit of " +
                              std::to_string(limits_.max_nodes) + " nodes");
  std::uint64_t next = nodes_ + SearchLimits::kClockEvery;
  if (limits_.deadline != SearchLimits::Clock::time_point::max()) {
    if (SearchLimits::Clock::now() >= limits_.deadline)
      throw SearchLimitExceeded("the search reached its time limit after " +
                                std::to_string(nodes_) + " nodes");
  } else {
    next = ~std::uint64_t{0};
  }
  if (limits_.max_nodes != 0) next = std::min(next, limits_.max_nodes + 1);
  check_at_ = next;
}

int Search::node(int alpha, int beta) {
  if (++nodes_ >= check_at_) check_limits();
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
    if (++nodes_ >= check_at_) check_limits();
    return last_trick_value();
  }
  if (st_.trick_len() != 0 && ++nodes_ >= check_at_) check_limits();
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
  // from the value; the window search never makes them. The window is first kRootAspiration
  // either side of the guess, then widened towards the side the value lies on.
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

}  // namespace tricktaker::solver_detail
