// The card-play heuristic every family's rule-based bot shares (python/tricktaker/protocol/
// card_heuristics.py describes it): one seat's view of the play as card masks, the game's style,
// and the card to play. Written once here so that a bot's pick is one call on masks.
#pragma once

#include <array>
#include <cstdint>

#include "tricktaker/cards.h"
#include "tricktaker/play_state.h"
#include "tricktaker/rules.h"

namespace tricktaker {

// The trick play as one seat sees it (the fields of the Python PlayView that the heuristic
// reads): nothing here is hidden from that seat.
struct HeuristicView {
  const RulesTable* rules = nullptr;
  int num_seats = 0;
  int me = 0;
  std::array<int, kMaxPlayers> sides{};
  std::array<int, kMaxPlayers> active{};  // seats taking part, in turn order from seat 0
  int num_active = 0;
  CardSet hand = 0;
  CardSet legal = 0;
  std::array<int, kMaxPlayers> trick_seat{};  // the current trick in play order
  std::array<Card, kMaxPlayers> trick_card{};
  int trick_len = 0;
  CardSet unseen = 0;                           // cards another seat may hold (or out of play)
  std::array<int, kMaxPlayers> hidden{};        // unseen cards each seat holds
  std::array<CardSet, kMaxPlayers> known{};     // cards known to be held, by seat
  std::uint32_t has_known = 0;                  // the seats with an entry in known
  std::array<CardSet, kMaxPlayers> excluded{};  // unseen cards a seat cannot hold
};

// How one game's bot weighs cards and what it leads (the Python Style).
struct HeuristicStyle {
  bool pull_trumps = false;
  int gamble_from = 10;
  int trick_worth = 0;
  std::uint32_t prefer_lead = 0;  // effective suits as bits
  std::uint32_t avoid_lead = 0;
  std::array<int, 64> bonus{};  // extra worth of each card beyond its points
};

// The card to play now: one of view.legal (which must not be empty).
Card choose_card(const HeuristicView& view, const HeuristicStyle& style);

// The view of `seat` from a play state whose whole history the seat has seen: its hand, the
// current trick, the cards not yet seen (neither in its hand nor played), each other seat's
// number of cards and, with `exclusions`, the cards each other seat's plays show it cannot hold
// (play_exclusions, sampling.h). It reads nothing else of the other hands; legal is left 0.
HeuristicView seat_view(const PlayState& state, int seat, bool exclusions);

}  // namespace tricktaker
