// Cards and card sets.
//
// Bit layout of a card id (0..63), one 16-bit lane per printed suit:
//
//   id = suit * 16 + rank        suit: 0 = spades, 1 = hearts, 2 = diamonds, 3 = clubs
//                                rank: 0 = two, 1 = three, ..., 8 = ten, 9 = jack,
//                                      10 = queen, 11 = king, 12 = ace
//   bits 13..15 of each lane are spare; the two jokers live in the spare bits of the
//   spades lane: red joker = 13, black joker = 14.
//
// A CardSet is one uint64_t with bit `id` set for each card it holds, so "the cards of
// printed suit s" is one AND with kSuitMask[s] and iteration is count-trailing-zeros.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace tricktaker {

using CardSet = std::uint64_t;
using Card = std::uint8_t;

inline constexpr int kNumSuits = 4;
inline constexpr int kNumRanks = 13;
inline constexpr int kNoSuit = -1;

inline constexpr int kTwo = 0, kThree = 1, kFour = 2, kFive = 3, kSix = 4, kSeven = 5, kEight = 6,
                     kNine = 7, kTen = 8, kJack = 9, kQueen = 10, kKing = 11, kAce = 12;
inline constexpr int kSpades = 0, kHearts = 1, kDiamonds = 2, kClubs = 3;

inline constexpr Card kRedJoker = 13;
inline constexpr Card kBlackJoker = 14;
inline constexpr Card kNoCard = 0xFF;

inline constexpr CardSet kLaneMask = 0x1FFFull;  // the 13 ranks of one lane
inline constexpr CardSet kSuitMask[kNumSuits] = {kLaneMask, kLaneMask << 16, kLaneMask << 32,
                                                 kLaneMask << 48};
inline constexpr CardSet kJokerMask = (1ull << kRedJoker) | (1ull << kBlackJoker);
inline constexpr CardSet kAllCards =
    kSuitMask[0] | kSuitMask[1] | kSuitMask[2] | kSuitMask[3] | kJokerMask;

constexpr Card make_card(int suit, int rank) {
  return static_cast<Card>(suit * 16 + rank);
}
constexpr bool is_joker(Card c) {
  return c == kRedJoker || c == kBlackJoker;
}
constexpr bool is_valid_card(int id) {
  return id >= 0 && id < 64 && (((kAllCards >> id) & 1u) != 0);
}
// Printed suit, or kNoSuit for a joker.
constexpr int printed_suit(Card c) {
  return is_joker(c) ? kNoSuit : c >> 4;
}
// Printed rank 0..12, or -1 for a joker.
constexpr int printed_rank(Card c) {
  return is_joker(c) ? -1 : (c & 15);
}
constexpr CardSet bit(Card c) {
  return 1ull << c;
}

inline int popcount(CardSet s) {
  return __builtin_popcountll(s);
}
inline Card lowest_card(CardSet s) {
  return static_cast<Card>(__builtin_ctzll(s));
}
// The highest set bit of a non-empty set (a card id, or a position in another bit layout).
inline Card highest_card(CardSet s) {
  return static_cast<Card>(63 - __builtin_clzll(s));
}
inline CardSet pop_lowest(CardSet s) {
  return s & (s - 1);
}

namespace detail {
// kSelectInByte[b * 8 + k]: the position of the k-th set bit of byte b (0-based).
constexpr std::array<std::uint8_t, 256 * 8> make_select_in_byte() {
  std::array<std::uint8_t, 256 * 8> table{};
  for (int b = 0; b < 256; ++b) {
    int k = 0;
    for (int i = 0; i < 8; ++i)
      if ((b >> i) & 1) table[b * 8 + k++] = static_cast<std::uint8_t>(i);
  }
  return table;
}
inline constexpr std::array<std::uint8_t, 256 * 8> kSelectInByte = make_select_in_byte();
}  // namespace detail

// The k-th card of a set (0-based, in id order); k < popcount(s). Branch-free (broadword
// select: byte counts, their prefix sums, and a table for the last byte), so a random index
// costs no mispredicted loop exit.
inline Card select_card(CardSet s, int k) {
  constexpr CardSet kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  CardSet b = s - ((s >> 1) & 0x5555555555555555ull);
  b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  const CardSet prefix = b * kOnes;  // byte i: the set bits in bytes 0..i
  // Bytes whose prefix is at most k (every count is below 128, so no byte borrows).
  const CardSet at_most_k = ((static_cast<CardSet>(k) * kOnes | kHigh) - prefix) & kHigh;
  const int byte = popcount(at_most_k);  // the byte that holds the k-th set bit
  const int before = static_cast<int>(((prefix << 8) >> (8 * byte)) & 0xFF);
  const int bits = static_cast<int>((s >> (8 * byte)) & 0xFF);
  return static_cast<Card>(8 * byte + detail::kSelectInByte[bits * 8 + (k - before)]);
}

// Iterate the cards of a set in id order: for (Card c : cards_of(set)) { ... }
class CardIterator {
 public:
  explicit constexpr CardIterator(CardSet s) : s_(s) {}
  Card operator*() const { return lowest_card(s_); }
  CardIterator& operator++() {
    s_ = pop_lowest(s_);
    return *this;
  }
  bool operator!=(const CardIterator& o) const { return s_ != o.s_; }

 private:
  CardSet s_;
};
struct cards_of {
  CardSet s;
  CardIterator begin() const { return CardIterator(s); }
  CardIterator end() const { return CardIterator(0); }
};

// Text form: rank then suit ("TS", "JH", "7C"), jokers "RJ" and "BJ".
std::string card_to_string(Card c);
// Accepts "10" for ten, suit symbols, either case. Throws std::invalid_argument naming the
// fault.
Card parse_card(std::string_view text);

}  // namespace tricktaker
