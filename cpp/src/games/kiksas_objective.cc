// Kiksas as the solver sees it. Each final value comes from the game's own evaluation
// (kiksas_evaluate), so the solver and the scoring agree by construction. None of these values
// is a sum over tricks, so base() is 0 and state_key() carries everything about the tricks
// already played that the rest of the deal can still turn on.
#include "tricktaker/games/kiksas_objective.h"

#include <stdexcept>
#include <string>

#include "solver/evaluator.h"

namespace tricktaker {

namespace solver_detail {
namespace {

class KiksasRaceEvaluator final : public EvaluatorBase {
 public:
  KiksasRaceEvaluator(const PlayState& s, const std::array<int, 2>& targets, int side)
      : EvaluatorBase(s, side), points_(per_rules<CardPoints>(s)) {
    for (int p = 0; p < s.num_players(); ++p)
      if (((s.active() >> p) & 1) && s.side(p) > 1)
        throw std::invalid_argument("the Kiksas race needs two sides, 0 and 1");
    const auto& t = targets;
    if (t[0] < 0 || t[1] < 0 || t[0] + t[1] != kKiksasDeckPoints)
      throw std::invalid_argument("Kiksas targets must be two non-negative numbers summing to " +
                                  std::to_string(kKiksasDeckPoints) + ", got " +
                                  std::to_string(t[0]) + " and " + std::to_string(t[1]));
    if (s.total_tricks() > kKiksasMaxTricks)
      throw std::invalid_argument("the Kiksas race needs a Kiksas play state (at most 8 tricks)");
    ctx_.type = KiksasDealType::kWritingOff;
    ctx_.targets = t;
  }
  int terminal(const PlayState& s) const override {
    const int w = race_winner(s);
    if (w < 0) throw std::logic_error("a finished Kiksas race without a winner");
    return w == side_ ? 1 : 0;
  }
  int base(const PlayState&) const override { return 0; }
  std::uint8_t card_label(Card c) const override { return points_.label(c); }
  // Who won the race, or else the points of both sides (the targets are in the context).
  std::uint64_t state_key(const PlayState& s) const override {
    const int w = race_winner(s);
    if (w >= 0) return static_cast<std::uint64_t>(w + 1);
    return static_cast<std::uint64_t>(s.side_points(0)) << 2 |
           static_cast<std::uint64_t>(s.side_points(1)) << 12;
  }
  void bounds(const PlayState& s, CardSet in_play, int, int* lo, int* hi) const override {
    const int w = race_winner(s);
    if (w >= 0) {
      *lo = *hi = w == side_ ? 1 : 0;
      return;
    }
    // A side that cannot reach its target any more loses: the other reaches its own, since
    // the targets sum to every point of the deal.
    const int left = points_.points(in_play) + (s.is_terminal() ? 0 : s.rules().last_trick_bonus);
    const int other = 1 - side_;
    *lo = s.side_points(other) + left < ctx_.targets[other] ? 1 : 0;
    *hi = s.side_points(side_) + left < ctx_.targets[side_] ? 0 : 1;
    if (*lo > *hi) *lo = *hi;  // cannot happen with targets summing to the deal's points
  }
  std::uint64_t context_key() const override {
    return static_cast<std::uint64_t>(ctx_.targets[0]) << 16 |
           static_cast<std::uint64_t>(ctx_.targets[1]);
  }

 private:
  // The race as the deal's evaluation records it (the first side to reach its target).
  int race_winner(const PlayState& s) const { return kiksas_evaluate(s, ctx_).race_winner; }

  const CardPoints& points_;  // shared by every call on the same rules
  KiksasDealContext ctx_;
};

// An Akis: the Akis side must take every trick (kinds a, b) or none (c); the first trick that
// breaks it decides the deal.
class KiksasAkisEvaluator final : public EvaluatorBase {
 public:
  KiksasAkisEvaluator(const PlayState& s, AkisKind akis, int akis_side, int side)
      : EvaluatorBase(s, side) {
    if (akis == AkisKind::kNone)
      throw std::invalid_argument("the Akis objective needs the kind of Akis (a, b or c)");
    if (akis_side != 0 && akis_side != 1)
      throw std::invalid_argument("the Akis side must be 0 or 1");
    if (s.total_tricks() > kKiksasMaxTricks)
      throw std::invalid_argument(
          "the Akis objective needs a Kiksas play state (at most 8 tricks)");
    ctx_.akis = akis;
    ctx_.akis_side = akis_side;
  }
  int terminal(const PlayState& s) const override { return decided(s); }
  int base(const PlayState&) const override { return 0; }
  // Whether each side has taken a trick (all that the Akis can still turn on).
  std::uint64_t state_key(const PlayState& s) const override {
    return static_cast<std::uint64_t>(s.side_tricks(0) > 0) |
           static_cast<std::uint64_t>(s.side_tricks(1) > 0) << 1;
  }
  void bounds(const PlayState& s, CardSet, int, int* lo, int* hi) const override {
    const int v = decided(s);
    *lo = v < 0 ? 0 : v;
    *hi = v < 0 ? 1 : v;
  }
  std::uint64_t context_key() const override {
    return static_cast<std::uint64_t>(ctx_.akis) | static_cast<std::uint64_t>(ctx_.akis_side) << 4;
  }

 private:
  // 1 or 0 once the Akis is fulfilled or broken (for the side), -1 before.
  int decided(const PlayState& s) const {
    const KiksasDealResult r = kiksas_evaluate(s, ctx_);
    if (r.outcome != KiksasOutcome::kAkisMade && r.outcome != KiksasOutcome::kAkisFailed) return -1;
    const bool made = r.outcome == KiksasOutcome::kAkisMade;
    return (side_ == ctx_.akis_side) == made ? 1 : 0;
  }

  KiksasDealContext ctx_;
};

}  // namespace
}  // namespace solver_detail

std::unique_ptr<solver_detail::Evaluator> KiksasRaceObjective::evaluator(const PlayState& s,
                                                                         ObjectiveKind,
                                                                         int side) const {
  return std::make_unique<solver_detail::KiksasRaceEvaluator>(s, targets_, side);
}

std::unique_ptr<solver_detail::Evaluator> KiksasAkisObjective::evaluator(const PlayState& s,
                                                                         ObjectiveKind,
                                                                         int side) const {
  return std::make_unique<solver_detail::KiksasAkisEvaluator>(s, akis_, akis_side_, side);
}

}  // namespace tricktaker
