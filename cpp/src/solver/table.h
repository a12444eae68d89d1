// Internal to the solver: the transposition table (entries of point-labelled positions, the
// key memo) and the entries of the partition search. The search that fills them lives in
// search.cc and partition.h.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "evaluator.h"

namespace tricktaker::solver_detail {

// The point labels of the cards left, in strength order: bit i of plane j is bit j of the label
// of the i-th card (with at most 32 cards left). Entries of positions that differ only in these
// share a key (see PointSymmetry); entries of other objectives hold zeros.
struct Labels {
  std::uint32_t plane[4];
  bool operator==(const Labels& o) const {
    return plane[0] == o.plane[0] && plane[1] == o.plane[1] && plane[2] == o.plane[2] &&
           plane[3] == o.plane[3];
  }
};

// What a probe hands out of an entry of the key (a Bucket keeps an entry's parts apart; each
// entry takes 32 bytes there: the key, a Slot and the labels).
struct Entry {
  Labels labels;
  std::int16_t lo;  // bounds on final - base
  std::int16_t hi;
  std::uint8_t best;  // canonical index of the best lead, or 0xFF
};

// What an entry holds besides its key and labels.
struct Slot {
  std::int16_t lo;  // bounds on final - base
  std::int16_t hi;
  std::uint8_t best;   // canonical index of the best lead, or 0xFF
  std::uint8_t depth;  // cards left in play: the work the entry saves
  std::uint16_t gen;
};

// Four entries, so that several positions of one key (differing in labels) fit: the keys and
// bounds on the first cache line, the labels on the second. A position never met before (no key
// matches) reads one line from memory (the table's probe waits on memory more than on anything
// else).
struct alignas(64) Bucket {
  std::uint64_t key[4];
  Slot slot[4];
  Labels labels[4];
};
static_assert(sizeof(Bucket) == 128, "buckets are two cache lines");

// A 64-bit hash of a sequence of words: each enters by an invertible step (a different last
// word always gives a different state), and one full mix at the end spreads the bits over the
// bucket index.
class KeySteps {
 public:
  explicit KeySteps(std::uint64_t seed) : h_(seed) {}
  void step(std::uint64_t v) {
    h_ = (h_ ^ v) * 0xBF58476D1CE4E5B9ULL;
    h_ ^= h_ >> 31;
  }
  std::uint64_t done() const { return mix64(h_); }

 private:
  std::uint64_t h_;
};

// What a trick start derives from the hands before it reads the table (the canonical key, the
// labels, the identity cards and the evaluator's note), kept for the exact position: most
// positions are met again, in another search of the same position or by another order of the
// same tricks, and then need none of that work again. With them, the bounds on final - base
// that the position last proved or read: a second, small table of exact positions, one cache
// line each, that decides positions met again before the main table's bucket is loaded.
inline constexpr int kMemoUnbounded = 30000;  // no bound (values stay far inside)
struct alignas(64) KeyMemo {
  std::uint64_t exact;  // the hands, the leader and the objective's state (0: empty)
  std::uint64_t key;
  Labels labels;
  CardSet identity;  // in the search's strength space
  std::int32_t note;
  std::uint16_t gen;
  std::int16_t lo = -kMemoUnbounded, hi = kMemoUnbounded;  // bounds on final - base
};

// The replacement rule of every entry layout: an entry of an older generation first, else the
// one whose position had the least play left (the least work saved).
template <class E>
bool replaces_better(const E& e, const E* victim, std::uint16_t gen) {
  if (e.gen != gen) return !victim || victim->gen == gen;
  return !victim || (victim->gen == gen && e.depth < victim->depth);
}

class Table {
 public:
  explicit Table(std::size_t memory_mb) {
    // Solver checks memory_mb (1..65536); the clamp and the division keep the sizing finite
    // whatever it is given (n * 2 * sizeof(Bucket) could wrap around and loop forever).
    const std::size_t bytes = std::clamp<std::size_t>(memory_mb, 1, std::size_t{1} << 16) << 20;
    std::size_t n = 1;
    while (n <= bytes / (2 * sizeof(Bucket))) n *= 2;
    n_ = n;
    // Fresh anonymous memory reads as zeros (empty entries, generation 0) and costs nothing
    // until touched, so a big table is cheap to make; huge pages cut TLB misses.
    bytes_ = n * sizeof(Bucket);
#if defined(__linux__)
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    madvise(p, bytes_, MADV_HUGEPAGE);
#endif
    buckets_ = static_cast<Bucket*>(p);
#else
    buckets_ = static_cast<Bucket*>(std::calloc(n, sizeof(Bucket)));
    if (!buckets_) throw std::bad_alloc();
#endif
    mask_ = n - 1;
    gen_ = 1;
    memos_.assign(kMemos, KeyMemo{});
    seen_.assign(kSeenWords, 0);
    dirty_.reserve(kMaxDirty);
  }
  ~Table() {
#if defined(__linux__)
    munmap(buckets_, bytes_);
#else
    std::free(buckets_);
#endif
  }
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;
  void new_generation() {
    clear_seen();
    if (++gen_ == 0) {
      clear();
    }
  }
  void clear() {
    clear_seen();
    std::fill(buckets_, buckets_ + n_, Bucket{});
    std::fill(memos_.begin(), memos_.end(), KeyMemo{});
    gen_ = 1;
  }
  // The memo slot of an exact position (see KeyMemo): holds it if slot->exact == exact and
  // slot->gen == generation().
  KeyMemo* memo(std::uint64_t exact) { return &memos_[exact & (kMemos - 1)]; }
  // Calls fn(entry) for every live entry of the key.
  template <class Fn>
  void for_each(std::uint64_t key, Fn fn) const {
    const Bucket& b = buckets_[key & mask_];
    if (!(seen_[seen_word(key)] & seen_bit(key))) {
      // No entry of the key: nothing to read now, but the search below mostly ends in a
      // store to this bucket, which then finds it in a near cache.
      __builtin_prefetch(&b, 1);
      return;
    }
    for (int i = 0; i < 4; ++i) {
      const Slot& e = b.slot[i];
      if (b.key[i] == key && e.gen == gen_) fn(Entry{b.labels[i], e.lo, e.hi, e.best});
    }
  }
  void store(std::uint64_t key, const Labels& labels, int lo, int hi, std::uint8_t best,
             int depth) {
    std::uint64_t& word = seen_[seen_word(key)];
    if (word == 0 && dirty_.size() < kMaxDirty) dirty_.push_back(seen_word(key));
    word |= seen_bit(key);
    Bucket& b = buckets_[key & mask_];
    int victim = -1;
    for (int i = 0; i < 4; ++i) {
      const Slot& e = b.slot[i];
      if (e.gen == gen_ && b.key[i] == key && b.labels[i] == labels) {
        victim = i;
        if (best == 0xFF) best = e.best;  // an all-node's search leaves the best lead as it was
        break;
      }
      if (replaces_better(e, victim < 0 ? nullptr : &b.slot[victim], gen_)) victim = i;
    }
    b.key[victim] = key;
    b.labels[victim] = labels;
    b.slot[victim] = Slot{static_cast<std::int16_t>(std::clamp(lo, -32767, 32767)),
                          static_cast<std::int16_t>(std::clamp(hi, -32767, 32767)), best,
                          static_cast<std::uint8_t>(depth), gen_};
  }
  std::size_t bytes() const {
    return n_ * sizeof(Bucket) + memos_.size() * sizeof(KeyMemo) +
           seen_.size() * sizeof(std::uint64_t);
  }
  // The same memory in the layout of the partition search (below), which never shares a
  // context, and so a generation, with the entries above.
  template <class B>
  B* as(std::size_t* count) const {
    *count = bytes_ / sizeof(B);
    return reinterpret_cast<B*>(buckets_);
  }
  std::uint16_t generation() const { return gen_; }

 private:
  Bucket* buckets_ = nullptr;
  std::size_t n_ = 0;
  std::size_t bytes_ = 0;
  std::size_t mask_ = 0;
  std::uint16_t gen_ = 1;
  static constexpr std::size_t kMemos = 1 << 12;
  // A bit per key (one of 2^20, from key bits above any bucket index), set when an entry of
  // the key is stored in this generation: a key whose bit is clear has no entry, and its
  // bucket, mostly a load from memory, is not read. The set fits a near cache (128 KB).
  static constexpr std::size_t kSeenWords = 1 << 14;
  static std::size_t seen_word(std::uint64_t key) { return (key >> 40) & (kSeenWords - 1); }
  static std::uint64_t seen_bit(std::uint64_t key) { return 1ULL << ((key >> 34) & 63); }
  std::vector<std::uint64_t> seen_;
  // The words of seen_ set in this generation, while few: a generation of a small search
  // clears those alone, not the 128 KiB of seen_ (most of a call's time one trick from the
  // end). Past kMaxDirty words the whole of seen_ is cleared.
  static constexpr std::size_t kMaxDirty = kSeenWords / 16;
  std::vector<std::uint32_t> dirty_;
  void clear_seen() {
    if (dirty_.size() < kMaxDirty) {
      for (const std::uint32_t w : dirty_) seen_[w] = 0;
    } else {
      std::fill(seen_.begin(), seen_.end(), 0);
    }
    dirty_.clear();
  }
  std::vector<KeyMemo> memos_;
};

// Partition search entries (evaluators with rank_partition()). The key is the leader and every
// hand's length in every suit (for decks of more than 32 cards also the holder of each suit's
// top card, and the key's entries may lie in any of four buckets); an entry also
// holds `sig`, the remaining cards (in strength order, as relative ranks) whose holders its bounds
// rely on, closed upwards within each suit, and those holders (a mask per seat of the first three;
// the fourth holds the rest). It serves every position with the same key whose holders agree on
// `sig`: the cards below a suit's lowest such card only ever lost tricks to it or to cards
// whose holders are fixed, so any of them does what another did.
// Mask: one bit per remaining card, 32 bits for decks of at most 32 cards, else 64.
template <class Mask>
struct PEntry {
  std::uint64_t key;
  Mask sig;
  Mask seat[3];
  std::int8_t lo;  // bounds on final - base
  std::int8_t hi;
  std::uint8_t best;
  std::uint8_t depth;
  std::uint16_t gen;
};
static_assert(sizeof(PEntry<std::uint32_t>) == 32, "narrow entries are 32 bytes");
static_assert(sizeof(PEntry<std::uint64_t>) == 48, "wide entries are 48 bytes");

template <class Mask>
struct alignas(64) PBucket {
  PEntry<Mask> e[4];
};

}  // namespace tricktaker::solver_detail
