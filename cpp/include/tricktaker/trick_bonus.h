// Trick bonuses (RulesTable::trick_bonus): points a completed trick scores for the combination
// of its cards, on top of their card points, credited to the trick's winner. The core knows a
// bonus rule by its tag alone; the game that defines a rule implements these functions for its
// tag (games/trick_bonuses.cc), so that the play state and the solver apply every rule without
// naming its game. Direct calls, not virtual ones: a play state closes many tricks.
#pragma once

#include "tricktaker/cards.h"
#include "tricktaker/rules.h"

namespace tricktaker {

// The bonus of a completed trick holding `cards` under `rule` (not TrickBonus::kNone), with
// trump suit `trump` (-1 for none).
int trick_bonus_of(TrickBonus rule, CardSet cards, int trump);

// Whether one more card could give the cards of an unfinished trick (`cards`) a bonus under
// `rule`: a necessary condition, so that the solver's move ordering weighs each card's bonus
// only where one is possible.
bool trick_bonus_possible(TrickBonus rule, CardSet cards, int trump);

}  // namespace tricktaker
