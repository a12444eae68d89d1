// A family's check after each completed trick of the card step (bind_deal_step.cc): whether the
// trick goes back to the family's Python, or the step plays on as after any other card.
//
// A family whose Python looks at every trick (hook_every_trick) spends a round trip per trick
// where most tricks decide nothing; a gate made per deal context says which tricks do. The
// step asks it with the state right after the trick (tricks_played() is the trick's number).
// bind_trick_gate (bindings.h) registers the class, before the families bind their kinds.
#pragma once

#include "tricktaker/play_state.h"

namespace tricktaker::bindings {

class TrickGate {
 public:
  virtual ~TrickGate() = default;
  // True when the family's Python must see the trick just completed (a trick that ends the play
  // always goes back, without asking).
  virtual bool hands_back(const PlayState& state) const = 0;
};

}  // namespace tricktaker::bindings
