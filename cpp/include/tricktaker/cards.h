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
inline CardSet pop_lowest(CardSet s) {
  return s & (s - 1);
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
