#include "tricktaker/games/whist.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>

#include "tricktaker/parallel.h"

namespace tricktaker {

namespace {

const char kSeatLetters[] = "NESW";
const char kRankLetters[] = "23456789TJQKA";

void check_ranks(int ranks_per_suit) {
  if (ranks_per_suit < 2 || ranks_per_suit > kNumRanks)
    throw std::invalid_argument("ranks per suit must be 2..13, got " +
                                std::to_string(ranks_per_suit));
}

[[noreturn]] void fail(std::size_t pos, const std::string& what) {
  throw std::invalid_argument("PBN deal, position " + std::to_string(pos) + ": " + what);
}

int seat_of(char ch) {
  const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  for (int i = 0; i < 4; ++i)
    if (kSeatLetters[i] == up) return i;
  return -1;
}

int rank_of(char ch) {
  const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  for (int i = 0; i < kNumRanks; ++i)
    if (kRankLetters[i] == up) return i;
  return -1;
}

}  // namespace

CardSet whist_deck(int ranks_per_suit) {
  check_ranks(ranks_per_suit);
  CardSet deck = 0;
  for (int s = 0; s < kNumSuits; ++s)
    for (int r = kAce; r > kAce - ranks_per_suit; --r) deck |= bit(make_card(s, r));
  return deck;
}

RulesTable whist_rules(int trump, int ranks_per_suit) {
  if (trump < kNoTrump || trump >= kNumSuits)
    throw std::invalid_argument("trump must be a suit 0..3 or no trump (-1), got " +
                                std::to_string(trump));
  RulesTable t = make_plain_rules(whist_deck(ranks_per_suit));
  finalize_suits(t, trump);
  return t;
}

Hands4 parse_pbn(std::string_view text) {
  std::size_t i = 0;
  const std::size_t n = text.size();
  auto skip_space = [&]() {
    while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  skip_space();
  if (i >= n) fail(i, "empty deal; expected e.g. \"N:AKQ.JT9.87.65 ...\"");
  const int first = seat_of(text[i]);
  if (first < 0) fail(i, std::string("expected a seat N, E, S or W, got '") + text[i] + "'");
  ++i;
  if (i >= n || text[i] != ':') fail(i, "expected ':' after the seat");
  ++i;
  Hands4 hands{};
  std::size_t hand_start[4] = {};
  CardSet seen = 0;
  for (int h = 0; h < 4; ++h) {
    skip_space();
    if (i >= n) fail(i, "expected 4 hands, got " + std::to_string(h));
    hand_start[h] = i;
    const int seat = (first + h) % 4;
    int suit = 0;
    CardSet hand = 0;
    while (i < n && !std::isspace(static_cast<unsigned char>(text[i]))) {
      const char ch = text[i];
      if (ch == '.') {
        if (++suit >= kNumSuits) fail(i, "a hand has more than 4 suits");
      } else if (ch == '-' && i + 1 < n && text[i + 1] == '-') {
        fail(i, "unknown cards are not allowed in a double-dummy deal");
      } else if (ch == '-') {
        // A void written as '-'.
      } else {
        const int rank = rank_of(ch);
        if (rank < 0) fail(i, std::string("expected a rank A K Q J T 9..2, got '") + ch + "'");
        const Card c = make_card(suit, rank);
        if (hand & bit(c)) fail(i, card_to_string(c) + " appears twice in a hand");
        if (seen & bit(c)) fail(i, card_to_string(c) + " is held by two hands");
        hand |= bit(c);
        seen |= bit(c);
      }
      ++i;
    }
    if (suit != kNumSuits - 1)
      fail(i, std::string("the hand of ") + kSeatLetters[seat] + " has " +
                  std::to_string(suit + 1) + " suits; expected 4 separated by dots");
    hands[seat] = hand;
  }
  skip_space();
  if (i < n) fail(i, "unexpected text after the fourth hand");
  for (int h = 1; h < 4; ++h) {
    const int a = first, b = (first + h) % 4;
    if (popcount(hands[a]) != popcount(hands[b]))
      fail(hand_start[h], std::string("hands must be of equal size: ") + kSeatLetters[a] +
                              " holds " + std::to_string(popcount(hands[a])) + " cards, " +
                              kSeatLetters[b] + " holds " + std::to_string(popcount(hands[b])));
  }
  if (popcount(hands[0]) == 0) fail(0, "the hands are empty");
  return hands;
}

std::string format_pbn(const Hands4& hands, int first) {
  std::string out;
  out += kSeatLetters[first & 3];
  out += ':';
  for (int h = 0; h < 4; ++h) {
    if (h) out += ' ';
    const CardSet hand = hands[(first + h) % 4];
    for (int s = 0; s < kNumSuits; ++s) {
      if (s) out += '.';
      for (int r = kAce; r >= 0; --r)
        if (hand & bit(make_card(s, r))) out += kRankLetters[r];
    }
  }
  return out;
}

int ranks_needed(const Hands4& hands) {
  CardSet all = hands[0] | hands[1] | hands[2] | hands[3];
  int lowest = kAce;
  for (Card c : cards_of{all}) lowest = std::min(lowest, printed_rank(c));
  return std::max(2, kAce - lowest + 1);
}

PlayState whist_state(const Hands4& hands, int trump, int leader, int ranks_per_suit) {
  if (leader < 0 || leader > 3) throw std::invalid_argument("leader must be a seat 0..3");
  PlayStateSetup setup;
  setup.rules = whist_rules(trump, ranks_per_suit);
  setup.num_players = 4;
  for (int p = 0; p < 4; ++p) {
    setup.hands[p] = hands[p];
    setup.side[p] = static_cast<std::uint8_t>(p & 1);
  }
  setup.leader = leader;
  return PlayState(setup);
}

DdTable whist_dd_table(const Hands4& hands, int ranks_per_suit, Solver& solver,
                       const SearchLimits& limits) {
  DdTable table{};
  Objective o;
  o.kind = ObjectiveKind::kTricks;
  o.side = 0;  // always N-S, so the four declarers of a strain share the solver's table
  const int tricks = popcount(hands[0]);
  const std::uint64_t nodes0 = solver.nodes();
  for (int strain = 0; strain < kNumStrains; ++strain) {
    const int trump = strain < 4 ? strain : kNoTrump;
    for (int declarer = 0; declarer < 4; ++declarer) {
      const PlayState s = whist_state(hands, trump, (declarer + 1) % 4, ranks_per_suit);
      // The node limit is the table's: each search gets what the ones before it left.
      SearchLimits left = limits;
      if (limits.max_nodes != 0) {
        const std::uint64_t used = solver.nodes() - nodes0;
        if (used >= limits.max_nodes)
          throw SearchLimitExceeded("the search reached its limit of " +
                                    std::to_string(limits.max_nodes) + " nodes");
        left.max_nodes = limits.max_nodes - used;
      }
      const int ns = solver.value(s, o, left);
      table[strain][declarer] = (declarer & 1) ? tricks - ns : ns;
    }
  }
  return table;
}

std::vector<DdTable> whist_dd_tables(const std::vector<Hands4>& deals, int ranks_per_suit,
                                     int threads, std::size_t memory_mb,
                                     const SearchLimits& limits) {
  check_ranks(ranks_per_suit);
  Solver::check_memory_mb(memory_mb);
  const std::size_t n = deals.size();
  std::vector<DdTable> out(n);
  for_each_item(
      n, threads, [&] { return Solver(memory_mb); },
      [&](Solver& solver, std::size_t i) {
        out[i] = whist_dd_table(deals[i], ranks_per_suit, solver, limits);
      });
  return out;
}

}  // namespace tricktaker
