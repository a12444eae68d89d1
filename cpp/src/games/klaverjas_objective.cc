// Klaverjas as the solver sees it: the roem that can still fall (the bounds and the cards whose
// identity matters), Klaverjas scoring (the pit bonus, the totals of klaverjas_score()) on top
// of the solver's point objectives (solver/points.h), and the made/nat question.
#include "tricktaker/games/klaverjas_objective.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <utility>

#include "solver/points.h"

namespace tricktaker {

namespace solver_detail {
namespace {

// The roem combinations of one trick that can still occur. At a trick boundary the cards of
// a combination must lie in different hands (each seat plays one card to a trick); in a trick
// in progress any card still in play counts (a looser superset).
struct RoemChances {
  CardSet cards = 0;  // cards of possible combinations
  // Cards of the combinations each side could win.
  CardSet side_cards[2] = {};
  // How many tricks could score each value: four jacks (200), four of a kind (100), a run of
  // four (50), a run of three (20). Four of a kind is counted by the side it would go to
  // (index 0 and 1) and in all (index 2): the trick holding all four cards of a rank has one
  // trump, so the seat that holds the trump of that rank wins it.
  int n200[3] = {}, n100[3] = {};
  // Runs likewise by the side that could win them (at a trick boundary; in all elsewhere).
  int n50[3] = {}, n20[3] = {};
  bool stuk[3] = {};  // stuk, by the side that could win it and in all
};

// For each start of a run (its lowest card in the natural order), where the run's strongest
// card lies: top3[o] holds the starts of runs of three whose strongest card is o above the
// start, top4[o] those of runs of four.
struct RunTops {
  explicit RunTops(const RulesTable& r);
  CardSet top3[3] = {}, top4[4] = {};
  CardSet above_king = 0;  // the trumps stronger than the trump king
};

namespace {

// Runs of one suit (window starts: s3 of runs of three, s4 of runs of four) counted into
// n50/n20 at index k: the richest single run first, then what a second adds (a suit of eight
// ranks holds at most two disjoint runs), so that roem_bound()'s richest combinations never
// exceed what the suit's runs make together.
void count_runs(unsigned s3, unsigned s4, RoemChances* out, int k) {
  if (!s3) return;
  // Two disjoint runs: the first is the earliest of its length, the second starts after it.
  const int first3 = __builtin_ctz(s3);
  if (!s4) {
    ++out->n20[k];
    if (s3 >> (first3 + 3)) ++out->n20[k];  // two runs of three: 40
    return;
  }
  ++out->n50[k];
  const int first4 = __builtin_ctz(s4);
  if (s4 >> (first4 + 4)) {
    ++out->n50[k];  // two runs of four: 100
  } else if ((s4 >> (first3 + 3)) || (s3 >> (first4 + 4))) {
    ++out->n20[k];  // a run of four and one of three: 70
  }
}

}  // namespace

RunTops::RunTops(const RulesTable& r) {
  for (Card c : cards_of{r.deck}) {
    for (int len = 3; len <= 4; ++len) {
      bool whole = true;
      int top = 0;
      for (int o = 1; o < len; ++o) {
        const int d = c + o;
        if (d / 16 != c / 16 || !((r.deck >> d) & 1)) {
          whole = false;
        } else if (r.strength[d] > r.strength[c + top]) {
          top = o;
        }
      }
      if (whole) (len == 3 ? top3 : top4)[top] |= bit(c);
    }
  }
  if (r.trump >= 0) {
    const Card king = make_card(r.trump, kKing);
    for (Card c : cards_of{r.trump_cards})
      if (r.strength[c] > r.strength[king]) above_king |= bit(c);
  }
}

// With `tops` (for seats of sides 0 and 1 only), combinations are also counted by the side
// that could win them; with `only_side` (0 or 1, with `tops`) the runs only by that side (the
// other side's counts of runs and those of all are then left out).
RoemChances roem_chances(const PlayState& s, const RunTops* tops = nullptr, int only_side = -1) {
  RoemChances out;
  const RulesTable& r = s.rules();
  if (s.trick_size() != 4 || s.is_terminal()) return out;
  const bool boundary = s.trick_len() == 0;
  CardSet in_play = s.trick_cards();
  for (int p = 0; p < s.num_players(); ++p) in_play |= s.hand(p);
  // Nothing to count: no three touching cards of a suit, no rank with all four cards, not
  // both the king and queen of trumps.
  const CardSet lanes = kSuitMask[0] | kSuitMask[1] | kSuitMask[2] | kSuitMask[3];
  const CardSet touching3 = in_play & (in_play >> 1) & (in_play >> 2) & lanes;
  const CardSet all_four =
      in_play & (in_play >> 16) & (in_play >> 32) & (in_play >> 48) &
      ((1ULL << kJack) | (1ULL << kAce) | (1ULL << kTen) | (1ULL << kKing) | (1ULL << kQueen));
  const CardSet stuk_cards = klaverjas_stuk_cards(r.trump);
  if (!touching3 && !all_four && (!stuk_cards || (in_play & stuk_cards) != stuk_cards)) return out;
  // Starts b of windows where one seat holds two cards: of (b, b+1, b+2) in bad3, of
  // (b..b+3) in bad4. Lanes are 16 bits apart and ranks 13..15 are empty, so shifts never
  // join two suits.
  // The pairs of every seat are gathered first and shifted once.
  CardSet d1 = 0, d2 = 0, d3 = 0;
  for (int p = 0; p < s.num_players() && boundary; ++p) {
    const CardSet h = s.hand(p);
    d1 |= h & (h >> 1);
    d2 |= h & (h >> 2);
    d3 |= h & (h >> 3);
  }
  const CardSet bad3 = d1 | d2 | (d1 >> 1);
  const CardSet bad4 = bad3 | d3 | (d2 >> 1) | (d1 >> 2);
  const CardSet t3 = touching3 & ~bad3;
  const CardSet t4 = t3 & (in_play >> 3) & ~bad4;
  const CardSet in_runs = t3 | (t3 << 1) | (t3 << 2);
  out.cards |= in_runs;
  // The runs each side could win, at a trick boundary. The trick holding a run of four has
  // only the run's cards, so the run's strongest card wins it. A run of three leaves one card
  // to the seat holding none of the run: the trick goes to the run's strongest card or to
  // that card (a higher card or trump of the run's suit, a ruff, or the lead of a suit the
  // run's holders lack), so only those two seats' sides can score it; a run of three trumps
  // goes to its strongest card unless that card is a higher trump.
  CardSet wins3[2] = {t3, t3}, wins4[2] = {t4, t4};
  const bool by_side = boundary && tops != nullptr;
  if (by_side && in_runs) {
    // Per side: the cards its seats hold, and the starts of runs of three a seat lacks (only
    // for `only_side` where it is given).
    CardSet held[2] = {}, missing[2] = {};
    for (int p = 0; p < s.num_players(); ++p) {
      if (s.side(p) == 1 - only_side) continue;
      const CardSet h = s.hand(p);
      held[s.side(p)] |= h;
      missing[s.side(p)] |= ~(h | (h >> 1) | (h >> 2));
    }
    // A run of three trumps: the seat holding none of it adds the trick's fourth card, and
    // only a higher trump among its cards beats the run's strongest; without one, that
    // seat's side cannot score the run (Klaverjas deals: nodes -1.3%).
    for (CardSet m = t3 & r.trump_cards; m; m &= m - 1) {
      const int b = __builtin_ctzll(m);
      int o = 0;
      while (!((tops->top3[o] >> b) & 1)) ++o;
      const CardSet run = CardSet{7} << b, higher = r.stronger[b + o];
      for (int p = 0; p < s.num_players(); ++p)
        if (s.side(p) != 1 - only_side && !(s.hand(p) & (run | higher)))
          missing[s.side(p)] &= ~bit(static_cast<Card>(b));
    }
    for (int k = 0; k < 2; ++k) {
      if (k == 1 - only_side) continue;
      CardSet top3 = 0, top4 = 0;
      for (int o = 0; o < 3; ++o) top3 |= tops->top3[o] & (held[k] >> o);
      for (int o = 0; t4 && o < 4; ++o) top4 |= tops->top4[o] & (held[k] >> o);
      wins4[k] = t4 & top4;
      // A run of four also counts as a run of three towards two disjoint runs.
      wins3[k] = (t3 & (top3 | missing[k])) | wins4[k];
    }
  }
  for (int k = 0; k < 2; ++k)
    out.side_cards[k] = wins3[k] | (wins3[k] << 1) | (wins3[k] << 2) | (wins4[k] << 3);
  // Only the suits with a run.
  for (CardSet suits = t3; suits;) {
    const int suit = __builtin_ctzll(suits) / 16;
    suits &= ~kSuitMask[suit];
    const auto lane = [suit](CardSet m) {
      return static_cast<unsigned>(m >> (16 * suit)) & 0xFFFF;
    };
    if (only_side >= 0) {
      count_runs(lane(wins3[only_side]), lane(wins4[only_side]), &out, only_side);
      continue;
    }
    count_runs(lane(t3), lane(t4), &out, 2);
    for (int k = 0; k < 2; ++k) count_runs(lane(wins3[k]), lane(wins4[k]), &out, k);
  }
  // Ranks with all four cards still in play.
  for (std::uint64_t m = all_four; m; m &= m - 1) {
    const int rank = __builtin_ctzll(m);
    const CardSet four = (1ULL << rank) * 0x0001000100010001ULL;
    bool spread = true;
    if (boundary)
      for (int p = 0; p < s.num_players(); ++p)
        if (popcount(s.hand(p) & four) > 1) spread = false;
    if (!spread) continue;
    out.cards |= four;
    int* count = rank == kJack ? out.n200 : out.n100;
    ++count[2];
    // The side of the trump's holder wins that trick; either side while no seat holds it (no
    // trump, or it is already in the trick in progress).
    int winner = -1;
    if (r.trump >= 0)
      for (int p = 0; p < s.num_players(); ++p)
        if ((s.hand(p) >> make_card(r.trump, rank)) & 1) winner = s.side(p);
    if (winner == 0 || winner == 1) {
      ++count[winner];
      out.side_cards[winner] |= four;
    } else {
      ++count[0];
      ++count[1];
      out.side_cards[0] |= four;
      out.side_cards[1] |= four;
    }
  }
  if (stuk_cards) {
    const CardSet m = stuk_cards;
    bool split = (in_play & m) == m;
    if (split && boundary)
      for (int p = 0; p < s.num_players(); ++p)
        if ((s.hand(p) & m) == m) split = false;
    if (split) {
      out.cards |= m;
      out.stuk[2] = true;
      // The trick holding the king and queen of trumps goes to the king or to a higher trump
      // of one of the other two seats.
      const Card king = make_card(r.trump, kKing), queen = make_card(r.trump, kQueen);
      for (int k = 0; k < 2; ++k) {
        bool wins = !by_side;
        for (int p = 0; !wins && p < s.num_players(); ++p) {
          if (s.side(p) != k || ((s.hand(p) >> queen) & 1)) continue;
          wins = ((s.hand(p) >> king) & 1) || (s.hand(p) & tops->above_king);
        }
        if (wins) {
          out.side_cards[k] |= m;
          out.stuk[k] = true;
        }
      }
    }
  }
  return out;
}

// The roem the side `side` (or, with -1, any side) could still win.
// This is the loosest part of the Klaverjas bounds: a combination counts while its cards lie
// in different hands, though the other side mostly keeps it from falling together. Of the
// trick starts that only this bound keeps from a cut, 82-90% (seeds 1-2, 200 deals each,
// three to six tricks left) are proved below the window by their search; with no roem in the
// upper bound at all (unsound, for the measure only) nodes fall 25% in sum and 28-34% at the
// median. A search of the roem the side can force, tried as a further bound there, proved most
// of them but cost more nodes than it saved.
int roem_bound(const RoemChances& c, int tricks_left, int side) {
  // The richest combinations, one per trick left.
  const int k = side == 0 || side == 1 ? side : 2;
  int total = c.stuk[k] ? 20 : 0;
  int left = tricks_left;
  for (const auto& [count, value] : {std::pair{c.n200[k], 200}, std::pair{c.n100[k], 100},
                                     std::pair{c.n50[k], 50}, std::pair{c.n20[k], 20}}) {
    const int take = std::min(count, left);
    total += take * value;
    left -= take;
  }
  return total;
}

// The solver's point objectives with roem: a combination's cards keep their identity while it
// can still fall, and the bounds count the roem each side could still win.
template <class Base>
class WithRoem : public Base {
 public:
  template <class... Args>
  explicit WithRoem(Args&&... args)
      : Base(std::forward<Args>(args)...), run_tops_(per_rules<RunTops>(this->rules_)) {}

  bool has_identity() const override { return true; }
  CardSet identity_cards(const PlayState& s, CardSet) const override {
    return roem_chances(s).cards;
  }
  // The note holds the roem the side could still win (low 16 bits) and, for the margin, the
  // roem the others could (high 16 bits).
  CardSet trick_identity(const PlayState& s, CardSet, int* note) const override {
    const bool two_sides = this->side_ < 2 && this->n_sides_ == 2;
    // The side's points need only the combinations it could win.
    const RoemChances c = roem_chances(s, this->n_sides_ == 2 ? &run_tops_ : nullptr,
                                       two_sides && !this->margin_ ? this->side_ : -1);
    const int left = s.total_tricks() - s.tricks_played();
    // The others' roem counts only towards the margin.
    *note = roem_bound(c, left, two_sides ? this->side_ : -1);
    if (this->margin_) *note |= roem_bound(c, left, two_sides ? 1 - this->side_ : -1) << 16;
    // The side's points count only the roem it wins: combinations that only the others could
    // win leave its value alone, so their cards need no identity (the margin counts both).
    if (two_sides && !this->margin_) return c.side_cards[this->side_];
    return c.cards;
  }

 private:
  const RunTops& run_tops_;  // shared by every call on the same rules
};

constexpr int kPitBonus = 100;

// Klaverjas scoring for the playing team: the totals of klaverjas_score() (card points, roem,
// and the pit bonus for a team that takes every trick) in place of the play state's credits.
template <class Base>
class KlaverjasScored : public Base {
 public:
  KlaverjasScored(const PlayState& s, int side, int playing_team,
                  const KlaverjasScoringOptions& options)
      : Base(s, side), playing_team_(playing_team), options_(options) {}

 protected:
  // The scoring hooks of PointsBase.
  int final_points(const PlayState& s) const { return totals(s)[this->side_]; }
  int final_margin(const PlayState& s) const {
    const auto t = totals(s);
    return t[this->side_] - t[1 - this->side_];
  }
  int final_points_after(const PlayState& s, const TrickRecord& t) const {
    return totals_after(s, t)[this->side_];
  }
  int final_margin_after(const PlayState& s, const TrickRecord& t) const {
    const auto totals = totals_after(s, t);
    return totals[this->side_] - totals[1 - this->side_];
  }
  int extra_points_possible(const PlayState& s, bool mine) const {
    return pit_possible(s, mine) ? kPitBonus : 0;
  }
  std::uint64_t scoring_state(const PlayState& s) const {
    const int played = s.tricks_played();
    // The side's points count only its own pit: whether the others took every trick so far
    // changes nothing (and nothing at all where the side cannot score a pit).
    if (!this->margin_) {
      if (!options_.pit_for_any_team && this->side_ != playing_team_) return 0;
      return static_cast<std::uint64_t>(this->tricks_of(s, this->mine_) == played);
    }
    return static_cast<std::uint64_t>(this->tricks_of(s, this->mine_) == played) |
           static_cast<std::uint64_t>(this->tricks_of(s, this->theirs_) == played) << 1;
  }
  bool scoring_guess(const PlayState& s, CardSet in_play, int base, int lo, int hi,
                     int* out) const {
    if (this->margin_ || s.cards_played() != 0 || s.num_players() != 4 || this->rules_.trump < 0 ||
        popcount(in_play) != 32)
      return false;
    *out = std::clamp(base + deal_guess(s), lo, hi);
    return true;
  }

 private:
  // Can the side (mine) or the others still get the pit bonus?
  bool pit_possible(const PlayState& s, bool mine) const {
    const int team = mine ? this->side_ : 1 - this->side_;
    if (!options_.pit_for_any_team && team != playing_team_) return false;
    if (this->tricks_of(s, mine ? this->mine_ : this->theirs_) != s.tricks_played()) return false;
    // At a trick boundary, the other team holding the highest trump left (a trump no card
    // still in play beats) wins a trick with it.
    if (s.trick_len() != 0 || s.is_terminal() || !this->every_card_played_) return true;
    return this->sure_.top_trumps(s, remaining_cards(s), mine ? this->theirs_ : this->mine_) == 0;
  }
  std::array<int, 2> totals(const PlayState& s) const {
    const std::array<int, 2> roem = {s.side_bonus(0), s.side_bonus(1)};
    return klaverjas_score(s, playing_team_, roem, options_, -1).total;
  }
  // totals() once the last trick `t` is played.
  std::array<int, 2> totals_after(const PlayState& s, const TrickRecord& t) const {
    std::array<int, 2> roem = {s.side_bonus(0), s.side_bonus(1)};
    roem[s.side(t.winner)] += t.bonus;
    return klaverjas_score_after(s, t, playing_team_, roem, options_, -1).total;
  }
  // The side's points of a whole deal, from a least-squares fit to 1600 solved deals (either
  // side, Amsterdam and Rotterdam): the card points it holds, its trumps, the jack and nine of
  // trumps, its plain aces, and whether it leads. Half the errors are within 17 points (39 for
  // half of all points); a closer guess lets the aspiration window hold.
  int deal_guess(const PlayState& s) const {
    CardSet held = 0;
    for (unsigned m = this->mine_; m; m &= m - 1) held |= s.hand(__builtin_ctz(m));
    const int trump = this->rules_.trump;
    CardSet plain_aces = 0;
    for (int suit = 0; suit < kNumSuits; ++suit)
      if (suit != trump) plain_aces |= bit(make_card(suit, kAce));
    const double guess = -102.38 + 0.55 * this->card_points(held) +
                         20.03 * popcount(held & this->rules_.trump_cards) +
                         44.6 * ((held >> make_card(trump, kJack)) & 1) +
                         13.29 * ((held >> make_card(trump, kNine)) & 1) +
                         26.6 * popcount(held & plain_aces) +
                         18.35 * ((this->mine_ >> s.to_move()) & 1);
    return static_cast<int>(guess);
  }

  int playing_team_;
  KlaverjasScoringOptions options_;
};

// The evaluator of `kind` (points or margin) on scoring `Scored`, with roem where the table
// scores it.
template <class Scored, class... Args>
std::unique_ptr<Evaluator> points_evaluator(const PlayState& s, bool margin, Args&&... args) {
  const bool roem = s.rules().trick_bonus == kKlaverjasRoem;
  if (margin) {
    if (roem) return std::make_unique<PointMargin<WithRoem<Scored>>>(s, args...);
    return std::make_unique<PointMargin<Scored>>(s, args...);
  }
  if (roem) return std::make_unique<SidePoints<WithRoem<Scored>>>(s, args...);
  return std::make_unique<SidePoints<Scored>>(s, args...);
}

}  // namespace
}  // namespace solver_detail

KlaverjasObjective::KlaverjasObjective(int playing_team, const KlaverjasScoringOptions& scoring,
                                       bool made)
    : playing_team_(playing_team), scoring_(scoring), made_(made) {}

void KlaverjasObjective::check(const PlayState& s) const {
  if (s.num_players() != 4 || s.active() != 0xF)
    throw std::invalid_argument("Klaverjas scoring needs a four-seat deal");
  for (int q = 0; q < 4; ++q)
    if (s.side(q) != 0 && s.side(q) != 1)
      throw std::invalid_argument("Klaverjas scoring needs teams 0 and 1");
  if (playing_team_ != 0 && playing_team_ != 1)
    throw std::invalid_argument("playing team must be 0 or 1");
}

std::unique_ptr<solver_detail::Evaluator> KlaverjasObjective::evaluator(const PlayState& s,
                                                                        ObjectiveKind kind,
                                                                        int side) const {
  using solver_detail::KlaverjasScored;
  using solver_detail::PointsBase;
  // The made/nat question is settled on the margin; tricks are counted as ever.
  if (!made_ && kind == ObjectiveKind::kTricks) return nullptr;
  const bool margin = made_ || kind == ObjectiveKind::kMargin;
  return solver_detail::points_evaluator<KlaverjasScored<PointsBase>>(s, margin, side,
                                                                      playing_team_, scoring_);
}

std::uint64_t KlaverjasObjective::context_key() const {
  return solver_detail::combine(0x4B4C4156 /* "KLAV" */,
                                static_cast<std::uint64_t>(playing_team_) |
                                    static_cast<std::uint64_t>(scoring_.pit_for_any_team) << 8 |
                                    static_cast<std::uint64_t>(scoring_.tie_is_nat) << 9);
}

bool KlaverjasObjective::decision(int* side, int* threshold) const {
  if (!made_) return false;
  *side = playing_team_;
  // The playing team makes it with more points than the defenders, or as many where a tie
  // does not go nat.
  *threshold = scoring_.tie_is_nat ? 1 : 0;
  return true;
}

int KlaverjasObjective::answer(bool reached, int side) const {
  // 1 when the playing team makes it and the side is that team, or when it goes nat and the
  // side is the other.
  return static_cast<int>(side == playing_team_ ? reached : !reached);
}

namespace {

class KlaverjasChecked final : public GameObjective {
 public:
  KlaverjasChecked(std::shared_ptr<const GameObjective> question, KlaverjasObjective scoring)
      : question_(std::move(question)), scoring_(std::move(scoring)) {}
  void check(const PlayState& state) const override {
    scoring_.check(state);
    question_->check(state);
  }
  std::unique_ptr<solver_detail::Evaluator> evaluator(const PlayState& state, ObjectiveKind kind,
                                                      int side) const override {
    return question_->evaluator(state, kind, side);
  }
  std::uint64_t context_key() const override {
    return solver_detail::combine(question_->context_key(), scoring_.context_key());
  }
  bool decision(int* side, int* threshold) const override {
    return question_->decision(side, threshold);
  }
  int answer(bool reached, int side) const override { return question_->answer(reached, side); }

 private:
  std::shared_ptr<const GameObjective> question_;
  KlaverjasObjective scoring_;
};

}  // namespace

std::shared_ptr<const GameObjective> with_klaverjas_check(
    std::shared_ptr<const GameObjective> question, int playing_team,
    const KlaverjasScoringOptions& scoring) {
  return std::make_shared<KlaverjasChecked>(std::move(question),
                                            KlaverjasObjective(playing_team, scoring, false));
}

std::unique_ptr<solver_detail::Evaluator> klaverjas_roem_evaluator(const PlayState& s,
                                                                   ObjectiveKind kind, int side) {
  if (kind == ObjectiveKind::kTricks) return nullptr;
  return solver_detail::points_evaluator<solver_detail::PointsBase>(
      s, kind == ObjectiveKind::kMargin, side);
}

}  // namespace tricktaker
