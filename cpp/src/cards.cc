#include "tricktaker/cards.h"

#include <cctype>
#include <stdexcept>
#include <string>

namespace tricktaker {

namespace {
constexpr char kRankChars[] = "23456789TJQKA";
constexpr char kSuitChars[] = "SHDC";

int parse_suit(std::string_view s) {
  if (s.size() == 1) {
    switch (std::toupper(static_cast<unsigned char>(s[0]))) {
      case 'S':
        return kSpades;
      case 'H':
        return kHearts;
      case 'D':
        return kDiamonds;
      case 'C':
        return kClubs;
    }
  }
  // The four suit symbols in UTF-8 (and their white variants).
  if (s == "\u2660" || s == "\u2664") return kSpades;
  if (s == "\u2665" || s == "\u2661") return kHearts;
  if (s == "\u2666" || s == "\u2662") return kDiamonds;
  if (s == "\u2663" || s == "\u2667") return kClubs;
  return kNoSuit;
}

int parse_rank(std::string_view r) {
  if (r == "10") return kTen;
  if (r.size() != 1) return -1;
  const char ch = static_cast<char>(std::toupper(static_cast<unsigned char>(r[0])));
  for (int i = 0; i < kNumRanks; ++i)
    if (kRankChars[i] == ch) return i;
  return -1;
}
}  // namespace

std::string card_to_string(Card c) {
  if (c == kRedJoker) return "RJ";
  if (c == kBlackJoker) return "BJ";
  if (!is_valid_card(c)) return "??";
  return std::string{kRankChars[printed_rank(c)], kSuitChars[printed_suit(c)]};
}

Card parse_card(std::string_view text) {
  std::string_view t = text;
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  if (t.size() == 2) {
    const char a = static_cast<char>(std::toupper(static_cast<unsigned char>(t[0])));
    const char b = static_cast<char>(std::toupper(static_cast<unsigned char>(t[1])));
    if (b == 'J' && a == 'R') return kRedJoker;
    if (b == 'J' && a == 'B') return kBlackJoker;
  }
  // Rank first, then suit: the suit is the last ASCII letter or the trailing UTF-8 symbol.
  for (std::size_t split = 1; split < t.size(); ++split) {
    const int rank = parse_rank(t.substr(0, split));
    const int suit = parse_suit(t.substr(split));
    if (rank >= 0 && suit >= 0) return make_card(suit, rank);
  }
  throw std::invalid_argument("malformed card '" + std::string(text) +
                              "': expected a rank (2-9, T or 10, J, Q, K, A) followed by a "
                              "suit (S H D C or a suit symbol), or RJ / BJ");
}

}  // namespace tricktaker
