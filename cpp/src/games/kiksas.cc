#include "tricktaker/games/kiksas.h"

#include <stdexcept>
#include <string>

namespace tricktaker {

namespace {
// Indexed by rank 0..12; only 9 (7), 10 (8), J (9), Q (10), K (11) and A (12) are in the deck.
// Plain order A 10 K Q J 9; trump order Q A 10 K J 9 (§1.2).
constexpr std::uint8_t kPlainStrength[kNumRanks] = {0, 0, 0, 0, 0, 0, 0, 1, 5, 2, 3, 4, 6};
constexpr std::uint8_t kTrumpStrength[kNumRanks] = {0, 0, 0, 0, 0, 0, 0, 1, 5, 2, 7, 4, 6};
// Points A 11, 10 10, K 4, Q 3 (the trump queen 11), J 2, 9 0 (§1.3).
constexpr std::uint8_t kPoints[kNumRanks] = {0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4, 11};
constexpr std::uint8_t kTrumpQueenPoints = 11;

void check_side(int side, const char* what) {
  if (side != 0 && side != 1)
    throw std::invalid_argument(std::string(what) + " must be side 0 or 1, got " +
                                std::to_string(side));
}

// Trumps a seat held right after trick 1: those in hand now plus those it played later.
int trumps_after_first_trick(const PlayState& s, int seat) {
  const CardSet trumps = s.rules().trump_cards;
  int n = popcount(s.hand(seat) & trumps);
  for (int i = s.trick_size(); i < s.cards_played(); ++i)
    if (s.history_player(i) == seat && s.rules().is_trump(s.history_card(i))) ++n;
  return n;
}

void award(KiksasDealResult& r, KiksasOutcome outcome, int side, FigureKind kind, int count) {
  r.outcome = outcome;
  r.decided = true;
  r.figure_side = side;
  r.figure_kind = kind;
  r.figure_count = count;
}
}  // namespace

CardSet kiksas_deck() {
  CardSet deck = 0;
  for (int s = 0; s < kNumSuits; ++s)
    for (int r = kNine; r <= kAce; ++r) deck |= bit(make_card(s, r));
  return deck;
}

Card kiksas_trump_queen(int trump) {
  return trump >= 0 && trump < kNumSuits ? make_card(trump, kQueen) : kNoCard;
}

RulesTable kiksas_rules(int trump, const KiksasRulesOptions& options) {
  if (trump < -1 || trump >= kNumSuits)
    throw std::invalid_argument("Kiksas trump must be a suit 0..3 or -1 for no trump, got " +
                                std::to_string(trump));
  RulesTable t = make_plain_rules(kiksas_deck());
  for (Card c : cards_of{t.deck}) {
    const int rank = printed_rank(c);
    const bool trump_card = printed_suit(c) == trump;
    t.strength[c] = trump_card ? kTrumpStrength[rank] : kPlainStrength[rank];
    t.points[c] = trump_card && rank == kQueen ? kTrumpQueenPoints : kPoints[rank];
  }
  finalize_suits(t, trump);
  t.last_trick_bonus = kKiksasLastTrickBonus;
  t.trick_bonus = TrickBonus::kNone;
  FollowPolicy& p = t.policy;
  // §2.3 rule 2: a void player holding a trump must trump, even over a winning partner, unless
  // partner_exemption frees him while his partner is winning.
  p.void_trump =
      options.partner_exemption ? VoidTrumpDuty::kUnlessPartnerWinning : VoidTrumpDuty::kAlways;
  // must_overtrump: a trump played (ruff or trump lead) beats the top trump when one can;
  // otherwise any trump.
  p.overtrump = options.must_overtrump ? OvertrumpDuty::kAlways : OvertrumpDuty::kNever;
  p.undertrump_compulsory = true;
  // must_head_in_suit: following the led suit (trumps included) one beats its highest card
  // when one can, whether or not the trick has been trumped.
  p.head_trump_lead = options.must_overtrump || options.must_head_in_suit;
  p.head_in_suit = options.must_head_in_suit;
  return t;
}

KiksasDealResult kiksas_evaluate(const PlayState& state, const KiksasDealContext& ctx) {
  KiksasTrickSummary summary;
  summary.total_tricks = state.total_tricks();
  summary.played = state.tricks_played();
  summary.trick_open = state.trick_len() != 0;
  if (summary.total_tricks > kKiksasMaxTricks)
    throw std::invalid_argument("a Kiksas deal has at most 8 tricks");
  for (int p = 0; p < state.num_players(); ++p)
    if (((state.active() >> p) & 1) && state.side(p) > 1)
      throw std::invalid_argument("a Kiksas deal has two sides, 0 and 1; seat " +
                                  std::to_string(p) + " is on side " +
                                  std::to_string(state.side(p)));
  for (int i = 0; i < summary.played; ++i) {
    const TrickRecord& t = state.trick_record(i);
    summary.winner_side[i] = static_cast<std::uint8_t>(state.side(t.winner));
    summary.points[i] = t.points;
  }
  return kiksas_evaluate_tricks(summary, ctx);
}

KiksasDealResult kiksas_evaluate_tricks(const KiksasTrickSummary& tricks,
                                        const KiksasDealContext& ctx) {
  check_side(ctx.writing_side, "writing_side");
  if (ctx.akis != AkisKind::kNone) check_side(ctx.akis_side, "akis_side");
  const int total = tricks.total_tricks;
  const int played = tricks.played;
  if (total < 1 || total > kKiksasMaxTricks || played < 0 || played > total ||
      (played == total && tricks.trick_open))
    throw std::invalid_argument("tricks: need 0 <= played <= total_tricks <= 8");

  KiksasDealResult r;
  for (int i = 0; i < played; ++i) {
    const int side = tricks.winner_side[i];
    check_side(side, "a trick's winner");
    r.points[side] += tricks.points[i];
    ++r.tricks[side];
  }
  const bool terminal = played == total;
  r.reached_at = {-1, -1};
  const int w = ctx.writing_side, o = 1 - w;

  if (ctx.last_lead_declined) {
    if (ctx.akis != AkisKind::kNone || ctx.type != KiksasDealType::kWritingOff || ctx.su_dviem)
      throw std::invalid_argument(
          "a last lead can be declined only in a writing-off deal without Akis or Su dviem");
    if (played != total - 1 || tricks.trick_open || r.tricks[o] != total - 1)
      throw std::invalid_argument(
          "a last lead can be declined only when O has won every trick but the last");
  }

  if (ctx.akis != AkisKind::kNone) {
    if (ctx.su_dviem) throw std::invalid_argument("no Su dviem in an Akis");
    const int a = ctx.akis_side, opp = 1 - a;
    const bool take_none = ctx.akis == AkisKind::kNoTrumpsNone;
    const bool failed = take_none ? r.tricks[a] > 0 : r.tricks[opp] > 0;
    if (failed) {
      award(r, KiksasOutcome::kAkisFailed, a, FigureKind::kCross, 1);
    } else if (terminal) {
      award(r, KiksasOutcome::kAkisMade, opp, FigureKind::kCross, 2);
    }
    r.over = terminal || (r.decided && !ctx.akis_play_out);
    return r;
  }

  if (ctx.type != KiksasDealType::kWritingOff) {
    if (ctx.su_dviem) throw std::invalid_argument("Su dviem exists only in writing-off deals");
    if (terminal) {
      if (r.tricks[w] == total) {
        award(r, KiksasOutcome::kWriterEgg, o, FigureKind::kEgg, 1);
      } else if (r.tricks[o] == total && ctx.sweep_egg_to_w &&
                 ctx.type == KiksasDealType::kWriting) {
        award(r, KiksasOutcome::kWritingOffSweep, w, FigureKind::kEgg, 1);
      } else {
        r.outcome = KiksasOutcome::kWritten;
        r.decided = true;
      }
      r.over = true;
    }
    return r;
  }

  // Writing-off deal: the race, trick by trick (§3.7.2).
  std::array<int, 2> running{0, 0};
  for (int side = 0; side < 2; ++side) {
    if (ctx.targets[side] < 0) throw std::invalid_argument("targets must not be negative");
    if (ctx.targets[side] == 0) r.reached_at[side] = 0;
  }
  if (ctx.targets[0] == 0 && ctx.targets[1] == 0)
    throw std::invalid_argument("targets must sum to the deal's points (138), got 0 and 0");
  for (int i = 0; i < played; ++i) {
    const int side = tricks.winner_side[i];
    running[side] += tricks.points[i];
    if (r.reached_at[side] < 0 && running[side] >= ctx.targets[side]) r.reached_at[side] = i + 1;
  }
  if (r.reached_at[0] >= 0 && (r.reached_at[1] < 0 || r.reached_at[0] < r.reached_at[1]))
    r.race_winner = 0;
  else if (r.reached_at[1] >= 0)
    r.race_winner = 1;

  if (ctx.su_dviem) {
    if (played < 3 || tricks.winner_side[0] != o || tricks.winner_side[1] != o ||
        tricks.winner_side[2] != o)
      throw std::invalid_argument("Su dviem is declared after trick 3, when O won tricks 1-3");
    if (r.tricks[w] > 0) {
      award(r, KiksasOutcome::kSuDviemFailed, o, FigureKind::kStroke, 2);
    } else if (terminal) {
      award(r, KiksasOutcome::kSuDviemMade, w, FigureKind::kStroke, ctx.su_dviem_made_strokes);
    }
    r.over = terminal || (r.decided && ctx.writing_off_end_when_decided);
    return r;
  }
  if (ctx.last_lead_declined) {
    if (r.race_winner >= 0)
      award(r, KiksasOutcome::kRaceWon, 1 - r.race_winner, FigureKind::kStroke, 1);
    else
      award(r, KiksasOutcome::kConceded, o, FigureKind::kStroke, 1);
    r.over = true;
    return r;
  }
  if (terminal) {
    if (r.tricks[o] == total) {
      award(r, KiksasOutcome::kSelfEgg, o, FigureKind::kEgg, 1);
    } else if (r.race_winner < 0) {
      throw std::invalid_argument("no side reached its target: targets must sum to 138");
    } else if (ctx.sweep_egg_to_o && r.race_winner == w && r.tricks[w] == total) {
      award(r, KiksasOutcome::kRaceSweepEgg, o, FigureKind::kEgg, 1);
    } else {
      award(r, KiksasOutcome::kRaceWon, 1 - r.race_winner, FigureKind::kStroke, 1);
    }
    r.over = true;
    return r;
  }
  // §3.7.3: fixed once a side has reached its target and W (and, under egg_to_O, O) has won a
  // trick.
  if (r.race_winner >= 0 && r.tricks[w] > 0 && (!ctx.sweep_egg_to_o || r.tricks[o] > 0)) {
    award(r, KiksasOutcome::kRaceWon, 1 - r.race_winner, FigureKind::kStroke, 1);
    r.over = ctx.writing_off_end_when_decided;
  }
  return r;
}

bool kiksas_su_dviem_available(const PlayState& state, const KiksasDealContext& ctx) {
  if (ctx.type != KiksasDealType::kWritingOff || ctx.akis != AkisKind::kNone || ctx.su_dviem)
    return false;
  check_side(ctx.writing_side, "writing_side");
  return state.tricks_played() == 3 && state.trick_len() == 0 &&
         state.side_tricks(1 - ctx.writing_side) == 3;
}

bool kiksas_may_decline_last_lead(const PlayState& state, const KiksasDealContext& ctx) {
  if (ctx.type != KiksasDealType::kWritingOff || ctx.akis != AkisKind::kNone || ctx.su_dviem ||
      ctx.last_lead_declined)
    return false;
  check_side(ctx.writing_side, "writing_side");
  const int last = state.total_tricks() - 1;
  return last >= 1 && state.tricks_played() == last && state.trick_len() == 0 &&
         state.side_tricks(1 - ctx.writing_side) == last;
}

KiksasTrumpCount kiksas_trump_count(const PlayState& state, int partner) {
  if (state.tricks_played() < 1)
    throw std::invalid_argument("the trump count is announced after trick 1");
  if (state.rules().trump < 0) throw std::invalid_argument("no trump count without a trump suit");
  KiksasTrumpCount tc;
  tc.announcer = state.trick_record(0).winner;
  if (partner >= 0) {
    if (partner >= state.num_players() || partner == tc.announcer ||
        !((state.active() >> partner) & 1))
      throw std::invalid_argument("partner must be another seat that takes part in the play");
  }
  int in_trick = 0;
  for (int i = 0; i < state.trick_size(); ++i)
    if (state.rules().is_trump(state.history_card(i))) ++in_trick;
  tc.announced = in_trick + trumps_after_first_trick(state, tc.announcer);
  tc.total = tc.announced;
  tc.partner = partner;
  if (partner >= 0) {
    tc.partner_trumps = trumps_after_first_trick(state, partner);
    tc.total += tc.partner_trumps;
  }
  return tc;
}

}  // namespace tricktaker
