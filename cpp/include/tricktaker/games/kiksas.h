// Kiksas, Trikiksis and Akis: the 24-card deck, the rules-table entries (trump queen above the
// ace, ace-ten points, must follow and must trump with the options of D3) and the evaluation of
// a deal: points, the writing-off race decided trick by trick, eggs, "Su dviem", declined last
// leads and Akis. Spec: docs/rules/kiksas.md.
//
// The play engine is the shared PlayState: the Akis player leading every trick is its
// fixed_leader, the forced first lead of the trump queen its first_lead_cards, and an Akis
// player's partner sitting out its `active` mask. Sides in the play state: Kiksas pairs AC = 0
// and BD = 1; in Trikiksis each deal's own two sides (the active player against the coalition,
// or the Akis player against the other two).
#pragma once

#include <array>
#include <cstdint>

#include "tricktaker/play_state.h"
#include "tricktaker/rules.h"

namespace tricktaker {

inline constexpr int kKiksasDeckPoints = 138;  // 128 card points and 10 for the last trick
inline constexpr int kKiksasLastTrickBonus = 10;

// The 24-card deck: 9, J, Q, K, 10, A of every suit.
CardSet kiksas_deck();

// The queen of the trump suit (the highest card of an ordinary deal), or kNoCard for no trump.
Card kiksas_trump_queen(int trump);

struct KiksasRulesOptions {
  bool must_overtrump = false;     // D3
  bool must_head_in_suit = false;  // D3
  bool partner_exemption = false;  // D3: no duty to trump while the partner is winning
};

// The table for one deal: trump 0..3, or -1 for a no-trump Akis (kinds b and c), §1.2, §1.3, §2.3.
RulesTable kiksas_rules(int trump, const KiksasRulesOptions& options);

enum class KiksasDealType : std::uint8_t { kFirst = 0, kWriting = 1, kWritingOff = 2 };

enum class AkisKind : std::uint8_t {
  kNone = 0,
  kOwnTrumps = 1,     // (a): names a suit, holds and leads its queen, takes all tricks
  kNoTrumpsAll = 2,   // (b): no trumps, takes all tricks
  kNoTrumpsNone = 3,  // (c): no trumps, takes no trick
};

enum class FigureKind : std::uint8_t { kNone = 0, kStroke = 1, kEgg = 2, kCross = 3 };

enum class KiksasOutcome : std::uint8_t {
  kUndecided = 0,        // figures not fixed yet
  kWritten = 1,          // writing deal played out: points recorded, no figure (§3.6.1)
  kWriterEgg = 2,        // W took every trick of a writing deal: O +1 egg (§3.6.2, §4.5)
  kWritingOffSweep = 3,  // O took every trick of a writing deal under egg_to_W: W +1 egg (D17)
  kRaceWon = 4,          // the race decided: the loser +1 stroke (§3.7.7, D18)
  kRaceSweepEgg = 5,     // W won the race and every trick under egg_to_O: O +1 egg (D18)
  kConceded = 6,         // last lead declined with no target reached: O +1 stroke (§3.7.4)
  kSuDviemMade = 7,      // "Su dviem" and O took every trick: W +2 strokes (§3.7.5, D28)
  kSuDviemFailed = 8,    // "Su dviem" and W took a trick: O +2 strokes
  kSelfEgg = 9,          // O took every trick without "Su dviem": O +1 egg (§3.7.6, §4.4)
  kAkisMade = 10,        // Akis fulfilled: the opponents +2 crosses (§3.8.5, §4.7)
  kAkisFailed = 11,      // Akis failed: the Akis player's side +1 cross
};

// What the evaluation needs besides the play state. Sides are those of the play state.
struct KiksasDealContext {
  KiksasDealType type = KiksasDealType::kFirst;
  int writing_side = 0;          // the side of W (Trikiksis: the writer's side)
  std::array<int, 2> targets{};  // WRITING_OFF: the points each side needs (sum 138)
  bool su_dviem = false;         // O declared "Su dviem" after trick 3
  bool last_lead_declined = false;
  AkisKind akis = AkisKind::kNone;
  int akis_side = 0;  // the Akis player's side
  // Options.
  bool writing_off_end_when_decided = false;  // writing_off_end = end_when_decided (D12)
  bool sweep_egg_to_o = false;    // writing_pair_sweep_in_writing_off_deal = egg_to_O (D18)
  bool sweep_egg_to_w = false;    // writing_off_pair_sweep_in_writing_deal = egg_to_W (D17)
  bool akis_play_out = false;     // D21
  int su_dviem_made_strokes = 2;  // trikiksis_su_dviem_success = one_each gives 1 (D28)
};

struct KiksasDealResult {
  std::array<int, 2> points{};      // card points with the last-trick bonus, per side
  std::array<int, 2> tricks{};      // tricks won per side
  std::array<int, 2> reached_at{};  // WRITING_OFF: trick (1..) at which a side reached its
                                    // target, 0 for a target of 0, -1 when not (yet) reached
  int race_winner = -1;             // the side that reached its target first, or -1
  KiksasOutcome outcome = KiksasOutcome::kUndecided;
  bool decided = false;  // the figures can no longer change (outcome and figure are final)
  bool over = false;     // the deal ends now (played out, declined, or stopped early)
  int figure_side = -1;  // the side that receives figures, -1 for none
  FigureKind figure_kind = FigureKind::kNone;
  int figure_count = 0;  // per pair in Kiksas, per player of the side in Trikiksis
};

// Evaluates a deal in progress or finished. Throws std::invalid_argument for a context that
// contradicts the state (sides outside 0..1, a declined last lead at the wrong moment, ...).
KiksasDealResult kiksas_evaluate(const PlayState& state, const KiksasDealContext& context);

// The same from a summary of the tricks alone: who (which side) won each completed trick and
// its points (the last trick's with its bonus). kiksas_evaluate builds one from the state.
inline constexpr int kKiksasMaxTricks = 8;
struct KiksasTrickSummary {
  int total_tricks = 6;     // tricks in a played-out deal: 6 (Kiksas) or 8 (Trikiksis)
  int played = 0;           // completed tricks
  bool trick_open = false;  // cards of an unfinished trick are on the table
  std::array<std::uint8_t, kKiksasMaxTricks> winner_side{};
  std::array<std::uint16_t, kKiksasMaxTricks> points{};
};
KiksasDealResult kiksas_evaluate_tricks(const KiksasTrickSummary& tricks,
                                        const KiksasDealContext& context);

// "Su dviem" may be declared now: a writing-off deal without Akis, exactly three tricks played,
// all won by O, and none declared yet (§3.7.5).
bool kiksas_su_dviem_available(const PlayState& state, const KiksasDealContext& context);

// O's leader may decline to lead the last card now: a writing-off deal without Akis or "Su
// dviem", every trick but the last played and won by O, and the last not begun (§3.7.4).
bool kiksas_may_decline_last_lead(const PlayState& state, const KiksasDealContext& context);

// The trump-count announcement after trick 1 (§2.6, D5, D30), from the state right after
// trick 1. partner is the announcer's partner (-1 for none: a Trikiksis active player).
struct KiksasTrumpCount {
  int announcer = -1;
  int announced = 0;  // N1: trumps in trick 1 plus the announcer's remaining trumps
  int partner = -1;
  int partner_trumps = 0;  // 0: silent
  int total = 0;           // N2 = N1 + partner_trumps (N1 when silent)
};
KiksasTrumpCount kiksas_trump_count(const PlayState& state, int partner);

}  // namespace tricktaker
