// Whist: plain trick taking for four players in two partnerships (N-S = side 0, E-W = side 1):
// follow suit, an optional trump suit, no card points; the value is the number of tricks. Any
// deck of 2..13 ranks per suit, taken from the ace down (8 ranks: A..7, the 32-card deck).
// It is the game the solver is compared on with bridge double-dummy solvers.
//
// PBN deals: "N:AKQJ.T98.7.A KQ2.... ... ...": the seat of the first hand (N, E, S or W), a
// colon, then four hands clockwise from that seat, separated by spaces; each hand lists its
// spades, hearts, diamonds and clubs separated by dots, ranks as A K Q J T 9 .. 2 (a void is
// empty).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "tricktaker/play_state.h"
#include "tricktaker/rules.h"
#include "tricktaker/solver.h"

namespace tricktaker {

inline constexpr int kNoTrump = -1;
inline constexpr int kNumStrains = 5;  // spades, hearts, diamonds, clubs, no trump

using Hands4 = std::array<CardSet, 4>;  // by seat: N, E, S, W

// The deck of the top `ranks_per_suit` ranks of every suit (2..13).
CardSet whist_deck(int ranks_per_suit);

// The rules table: trump 0..3 or kNoTrump, deck of the top ranks_per_suit ranks.
RulesTable whist_rules(int trump, int ranks_per_suit);

// Reads a PBN deal into hands by seat. Throws std::invalid_argument naming the position
// (0-based character offset) of a fault: a bad seat letter, a missing colon, not four hands,
// not four suits in a hand, a bad or repeated rank, a card in two hands, unequal hand sizes.
Hands4 parse_pbn(std::string_view text);

// The PBN form of hands by seat, starting with seat `first`.
std::string format_pbn(const Hands4& hands, int first = 0);

// The smallest ranks_per_suit whose deck holds every card of the hands.
int ranks_needed(const Hands4& hands);

// A whist play state: partnerships N-S and E-W, `leader` on lead. Throws
// std::invalid_argument for cards outside the deck or unequal hands.
PlayState whist_state(const Hands4& hands, int trump, int leader, int ranks_per_suit);

// Double-dummy table: [strain][declarer] = tricks the declarer's side takes when the player
// on the declarer's left leads; strains are spades, hearts, diamonds, clubs, no trump and
// declarers N, E, S, W.
// `limits` bound the whole table, its 20 searches together (SearchLimitExceeded).
using DdTable = std::array<std::array<int, 4>, kNumStrains>;
DdTable whist_dd_table(const Hands4& hands, int ranks_per_suit, Solver& solver,
                       const SearchLimits& limits = {});

// Tables of many deals on `threads` threads (0 = hardware, at most kMaxThreads), one solver of
// memory_mb (1..Solver::kMaxMemoryMb) each; limits.max_nodes bounds each deal's table,
// limits.deadline the whole batch.
std::vector<DdTable> whist_dd_tables(const std::vector<Hands4>& deals, int ranks_per_suit,
                                     int threads, std::size_t memory_mb,
                                     const SearchLimits& limits = {});

}  // namespace tricktaker
