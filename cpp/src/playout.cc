#include "tricktaker/playout.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <utility>

#include "tricktaker/parallel.h"

namespace tricktaker {

ResultColumns::ResultColumns(const std::vector<ColumnSpec>& specs, std::vector<void*> buffers)
    : buffers_(std::move(buffers)) {
  if (buffers_.size() != specs.size())
    throw std::invalid_argument("one buffer per result column is needed");
  for (const ColumnSpec& s : specs) {
    types_.push_back(s.type);
    strides_.push_back(static_cast<std::size_t>(std::max(1, s.width)));
  }
}

// --- GamePlayouts ----------------------------------------------------------------------------

GamePlayouts::GamePlayouts(int num_players, int hand_size, CardSet deck)
    : num_players_(num_players), hand_size_(hand_size), deck_(deck), deck_size_(0) {
  if (num_players < 2 || num_players > kMaxPlayers)
    throw std::invalid_argument("number of players must be 2.." + std::to_string(kMaxPlayers));
  for (Card c : cards_of{deck}) deck_cards_[deck_size_++] = c;
  if (hand_size < 1 || num_players * hand_size > deck_size_)
    throw std::invalid_argument(std::to_string(num_players) + " hands of " +
                                std::to_string(hand_size) + " cards need more than the " +
                                std::to_string(deck_size_) + " cards of the deck");
  add_column("hands", ColumnType::kUInt64, num_players,
             "the hand of every seat at the start of the play, as a card mask");
  add_column("trump", ColumnType::kInt8, 0, "the trump suit 0..3 (S H D C)");
  add_column("leader", ColumnType::kInt8, 0, "the seat that led the first trick played");
  add_column("declarer", ColumnType::kInt8, 0, "the seat of the game's role (-1 for none)");
  add_column("dealer", ColumnType::kInt8, 0, "the dealer (-1 when not known)");
}

int GamePlayouts::add_column(std::string name, ColumnType type, int width, std::string doc) {
  columns_.push_back(ColumnSpec{std::move(name), type, width, std::move(doc)});
  return static_cast<int>(columns_.size()) - 1;
}

void GamePlayouts::deal_hands(Rng& rng, PlayoutDeal& deal) const {
  Card order[64];
  std::memcpy(order, deck_cards_, static_cast<std::size_t>(deck_size_));
  const int total = num_players_ * hand_size_;
  const int last = std::min(total, deck_size_ - 1);
  for (int i = 0; i < last; ++i) {
    const int j = i + static_cast<int>(rng.below(static_cast<std::uint64_t>(deck_size_ - i)));
    std::swap(order[i], order[j]);
  }
  int pos = 0;
  for (int p = 0; p < num_players_; ++p) {
    CardSet h = 0;
    for (int k = 0; k < hand_size_; ++k) h |= bit(order[pos++]);
    deal.hands[p] = h;
  }
  for (int p = num_players_; p < kMaxPlayers; ++p) deal.hands[p] = 0;
}

void GamePlayouts::check_common(const PlayoutDeal& deal) const {
  if (deal.trump < 0 || deal.trump >= kNumSuits)
    throw std::invalid_argument("trump must be a suit 0..3, got " + std::to_string(deal.trump));
  if (deal.leader < 0 || deal.leader >= num_players_)
    throw std::invalid_argument("leader must be a seat 0.." + std::to_string(num_players_ - 1) +
                                ", got " + std::to_string(deal.leader));
  if (deal.dealer < -1 || deal.dealer >= num_players_)
    throw std::invalid_argument("dealer must be a seat 0.." + std::to_string(num_players_ - 1) +
                                " or -1, got " + std::to_string(deal.dealer));
  for (int p = 0; p < num_players_; ++p)
    if (popcount(deal.hands[p]) != hand_size_)
      throw std::invalid_argument("seat " + std::to_string(p) + " holds " +
                                  std::to_string(popcount(deal.hands[p])) + " cards; every seat " +
                                  "must hold " + std::to_string(hand_size_));
  for (int p = num_players_; p < kMaxPlayers; ++p)
    if (deal.hands[p]) throw std::invalid_argument("cards given to a seat beyond the players");
}

namespace {
void check_declarer(const PlayoutDeal& deal, int num_players, const char* role) {
  if (deal.declarer < 0 || deal.declarer >= num_players)
    throw std::invalid_argument(std::string(role) + " must be a seat 0.." +
                                std::to_string(num_players - 1) + ", got " +
                                std::to_string(deal.declarer));
}

int holder_of(const PlayoutDeal& deal, int num_players, Card c) {
  for (int p = 0; p < num_players; ++p)
    if ((deal.hands[p] >> c) & 1u) return p;
  return -1;
}
}  // namespace

// --- Klaverjas -------------------------------------------------------------------------------

KlaverjasPlayouts::KlaverjasPlayouts(const KlaverjasRulesOptions& rules,
                                     const KlaverjasScoringOptions& scoring)
    : GamePlayouts(4, 8, piquet_deck()), scoring_(scoring) {
  for (int trump = 0; trump < kNumSuits; ++trump) tables_[trump] = klaverjas_rules(trump, rules);
  col_score_ = add_column("score", ColumnType::kInt16, 2, "the deal's score per team (N-S, E-W)");
  col_card_points_ = add_column("card_points", ColumnType::kInt16, 2,
                                "card points with the last trick per team (sum 162)");
  col_roem_ = add_column("roem", ColumnType::kInt16, 2, "roem won per team");
  col_pit_ = add_column("pit", ColumnType::kInt16, 2, "the pit bonus per team (100 or 0)");
  col_made_ = add_column("made", ColumnType::kBool, 0, "the declarer's team made the deal");
  col_pit_team_ =
      add_column("pit_team", ColumnType::kInt8, 0, "the team that took every trick, or -1");
}

void KlaverjasPlayouts::deal(Rng& rng, PlayoutDeal& deal) const {
  deal.dealer = static_cast<int>(rng.below(4));
  deal_hands(rng, deal);
  deal.trump = static_cast<int>(rng.below(4));
  deal.declarer = static_cast<int>(rng.below(4));
  deal.leader = (deal.dealer + 1) & 3;
  deal.bid = 0;
}

void KlaverjasPlayouts::check_roles(const PlayoutDeal& deal) const {
  check_declarer(deal, 4, "declarer");
}

PlayState KlaverjasPlayouts::start(const PlayoutDeal& deal) const {
  PlayStateSetup setup;
  setup.num_players = 4;
  for (int p = 0; p < 4; ++p) {
    setup.hands[p] = deal.hands[p];
    setup.side[p] = static_cast<std::uint8_t>(p & 1);
  }
  setup.leader = deal.leader;
  return PlayState(setup, tables_[deal.trump]);
}

void KlaverjasPlayouts::record(const PlayState& end, const PlayoutDeal& deal,
                               const ResultColumns& out, std::size_t row) const {
  const std::array<int, 2> roem = {end.side_bonus(0), end.side_bonus(1)};
  const KlaverjasDealScore s = klaverjas_score(end, deal.declarer & 1, roem, scoring_, -1);
  for (int t = 0; t < 2; ++t) {
    out.put(col_score_, row, t, s.score[t]);
    out.put(col_card_points_, row, t, s.card_points[t]);
    out.put(col_roem_, row, t, s.roem[t]);
    out.put(col_pit_, row, t, s.pit[t]);
  }
  out.put(col_made_, row, s.made);
  out.put(col_pit_team_, row, s.pit_team);
}

// --- Kirves ----------------------------------------------------------------------------------

KirvesPlayouts::KirvesPlayouts(int num_players, const KirvesRulesOptions& rules,
                               bool folded_players_score_with_side)
    : GamePlayouts(num_players, 5, kirves_deck()), folded_score_(folded_players_score_with_side) {
  for (int trump = 0; trump < kNumSuits; ++trump) tables_[trump] = kirves_rules(trump, rules);
  col_winner_ = add_column("winner", ColumnType::kInt8, 0, "the seat that won the deal");
  col_win_rule_ = add_column("win_rule", ColumnType::kInt8, 0,
                             "how: 1 three tricks, 2 first to two, 3 last trick");
  col_winning_side_ = add_column("winning_side", ColumnType::kInt8, 0,
                                 "the winner's side (0 = the trump maker, 1 = the others)");
  col_maker_won_ =
      add_column("trump_maker_won", ColumnType::kBool, 0, "the trump maker (a principal) won");
  col_marks_ = add_column("marks", ColumnType::kInt8, num_players, "marks earned per seat (0/1)");
  col_tricks_ = add_column("tricks", ColumnType::kInt8, num_players, "tricks won per seat");
}

void KirvesPlayouts::set_roles(const KirvesDealRoles& roles) {
  kirves_check_roles(roles, num_players_);
  roles_ = roles;
  fixed_roles_ = true;
}

KirvesDealRoles KirvesPlayouts::roles_of(const PlayoutDeal& deal) const {
  if (fixed_roles_) return roles_;
  KirvesDealRoles roles;
  roles.kind = KirvesDealKind::kNormal;
  roles.trump_maker = deal.declarer;
  roles.participants = static_cast<std::uint16_t>((1u << num_players_) - 1);
  return roles;
}

void KirvesPlayouts::deal(Rng& rng, PlayoutDeal& deal) const {
  const auto n = static_cast<std::uint64_t>(num_players_);
  deal.dealer = static_cast<int>(rng.below(n));
  deal_hands(rng, deal);
  deal.trump = static_cast<int>(rng.below(4));
  deal.declarer = static_cast<int>(rng.below(n));
  deal.leader = (deal.dealer + 1) % num_players_;
  deal.bid = 0;
}

void KirvesPlayouts::check_roles(const PlayoutDeal& deal) const {
  if (!fixed_roles_) check_declarer(deal, num_players_, "trump maker (declarer)");
}

PlayState KirvesPlayouts::start(const PlayoutDeal& deal) const {
  PlayStateSetup setup;
  setup.num_players = num_players_;
  setup.side = kirves_sides(roles_of(deal), num_players_);
  for (int p = 0; p < num_players_; ++p) setup.hands[p] = deal.hands[p];
  setup.leader = deal.leader;
  return PlayState(setup, tables_[deal.trump]);
}

void KirvesPlayouts::record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
                            std::size_t row) const {
  const KirvesDealOutcome o = kirves_outcome(end, roles_of(deal), folded_score_);
  out.put(col_winner_, row, o.winner.player);
  out.put(col_win_rule_, row, static_cast<int>(o.winner.rule));
  out.put(col_winning_side_, row, o.winning_side);
  out.put(col_maker_won_, row, o.principal_won);
  for (int p = 0; p < num_players_; ++p) {
    out.put(col_marks_, row, p, o.marks[p]);
    out.put(col_tricks_, row, p, end.tricks_won(p));
  }
}

// --- Kiksas and Trikiksis --------------------------------------------------------------------

KiksasPlayouts::KiksasPlayouts(bool trikiksis, const KiksasRulesOptions& rules,
                               bool forced_first_lead, const KiksasDealContext& options)
    : GamePlayouts(trikiksis ? 3 : 4, trikiksis ? 8 : 6, kiksas_deck()),
      trikiksis_(trikiksis),
      forced_first_lead_(forced_first_lead),
      options_(options) {
  for (int trump = 0; trump < kNumSuits; ++trump) tables_[trump] = kiksas_rules(trump, rules);
  options_.type = KiksasDealType::kWriting;
  options_.su_dviem = false;
  options_.last_lead_declined = false;
  options_.akis = AkisKind::kNone;
  const char* sides = trikiksis ? " (the writer, the other two)" : " (A-C, B-D)";
  col_points_ =
      add_column("points", ColumnType::kInt16, 2,
                 std::string("card points with the last trick per side") + sides + ", sum 138");
  col_tricks_ = add_column("tricks", ColumnType::kInt8, 2, std::string("tricks per side") + sides);
  col_player_points_ = add_column("player_points", ColumnType::kInt16, num_players_,
                                  "card points with the last trick per seat");
  col_outcome_ = add_column("outcome", ColumnType::kInt8, 0,
                            "the core's KiksasOutcome: 1 written, 2 writer's egg, 3 sweep egg");
  col_figure_side_ =
      add_column("figure_side", ColumnType::kInt8, 0, "the side receiving figures, or -1");
  col_figure_kind_ =
      add_column("figure_kind", ColumnType::kInt8, 0, "0 none, 1 stroke, 2 egg, 3 cross");
  col_figure_count_ = add_column("figure_count", ColumnType::kInt8, 0,
                                 "figures per pair (Kiksas) or per player of the side");
}

void KiksasPlayouts::set_context(const KiksasDealContext& context) {
  context_ = context;
  fixed_context_ = true;
}

std::array<std::uint8_t, kMaxPlayers> KiksasPlayouts::sides_of(int writer) const {
  std::array<std::uint8_t, kMaxPlayers> sides{};
  for (int p = 0; p < num_players_; ++p)
    sides[p] = static_cast<std::uint8_t>(trikiksis_ ? (p == writer ? 0 : 1) : (p & 1));
  return sides;
}

void KiksasPlayouts::deal(Rng& rng, PlayoutDeal& deal) const {
  const auto n = static_cast<std::uint64_t>(num_players_);
  deal.dealer = static_cast<int>(rng.below(n));
  deal_hands(rng, deal);
  deal.trump = static_cast<int>(rng.below(4));
  deal.declarer = static_cast<int>(rng.below(n));
  deal.leader = holder_of(deal, num_players_, kiksas_trump_queen(deal.trump));
  if (deal.leader < 0) deal.leader = (deal.dealer + 1) % num_players_;  // queen not dealt
  deal.bid = 0;
}

void KiksasPlayouts::check_roles(const PlayoutDeal& deal) const {
  if (!fixed_context_) check_declarer(deal, num_players_, "writer (declarer)");
}

PlayState KiksasPlayouts::start(const PlayoutDeal& deal) const {
  PlayStateSetup setup;
  setup.num_players = num_players_;
  setup.side = sides_of(deal.declarer);
  for (int p = 0; p < num_players_; ++p) setup.hands[p] = deal.hands[p];
  setup.leader = deal.leader;
  if (forced_first_lead_) setup.first_lead_cards = bit(kiksas_trump_queen(deal.trump));
  return PlayState(setup, tables_[deal.trump]);
}

void KiksasPlayouts::record(const PlayState& end, const PlayoutDeal& deal, const ResultColumns& out,
                            std::size_t row) const {
  KiksasDealContext context = context_;
  if (!fixed_context_) {
    context = options_;
    context.writing_side = trikiksis_ ? 0 : (deal.declarer & 1);
  }
  const KiksasDealResult r = kiksas_evaluate(end, context);
  for (int s = 0; s < 2; ++s) {
    out.put(col_points_, row, s, r.points[s]);
    out.put(col_tricks_, row, s, r.tricks[s]);
  }
  for (int p = 0; p < num_players_; ++p) out.put(col_player_points_, row, p, end.points_won(p));
  out.put(col_outcome_, row, static_cast<int>(r.outcome));
  out.put(col_figure_side_, row, r.figure_side);
  out.put(col_figure_kind_, row, static_cast<int>(r.figure_kind));
  out.put(col_figure_count_, row, r.figure_count);
}

// --- All Fours and Pitch ---------------------------------------------------------------------

AllFoursPlayouts::AllFoursPlayouts(const AllFoursPlayoutOptions& options)
    : GamePlayouts(options.num_players, options.hand_size, options.rules.deck),
      options_(options),
      num_sides_(0) {
  for (int p = 0; p < num_players_; ++p)
    num_sides_ = std::max(num_sides_, static_cast<int>(options.sides[p]) + 1);
  for (int trump = 0; trump < kNumSuits; ++trump)
    tables_[trump] = allfours_rules(trump, options.rules);
  col_points_ = add_column("points", ColumnType::kInt16, num_sides_,
                           "points earned per side (the sum of its items)");
  col_game_values_ = add_column("game_values", ColumnType::kInt16, num_sides_,
                                "game values in the tricks each side won");
  col_score_ = add_column("score", ColumnType::kInt16, num_sides_,
                          "score change per side after the contract (P9)");
  col_made_ = add_column("made", ColumnType::kBool, 0, "the pitcher's side made its bid");
  col_all_tricks_ =
      add_column("all_tricks_side", ColumnType::kInt8, 0, "the side that won every trick, or -1");
  col_moon_ = add_column("moon_side", ColumnType::kInt8, 0, "the side that shot the moon, or -1");
  col_item_side_ = add_column("item_side", ColumnType::kInt8, kNumAllFoursItems,
                              "the side credited with each item (AllFoursItem order), or -1");
  col_item_points_ = add_column("item_points", ColumnType::kInt8, kNumAllFoursItems,
                                "the points credited for each item (0 when not awarded)");
}

void AllFoursPlayouts::deal(Rng& rng, PlayoutDeal& deal) const {
  const auto n = static_cast<std::uint64_t>(num_players_);
  deal.dealer = static_cast<int>(rng.below(n));
  deal_hands(rng, deal);
  const bool auction = options_.first_lead == AllFoursFirstLead::kPitcher;
  deal.declarer = auction ? static_cast<int>(rng.below(n)) : -1;
  deal.bid = auction ? options_.bid : 0;
  switch (options_.first_lead) {
    case AllFoursFirstLead::kDealer:
      deal.leader = deal.dealer;
      break;
    case AllFoursFirstLead::kEldest:
      deal.leader = (deal.dealer + 1) % num_players_;
      break;
    case AllFoursFirstLead::kPitcher:
      deal.leader = deal.declarer;
      break;
  }
  const CardSet suited = deal.hands[deal.leader] & ~kJokerMask;
  if (options_.trump_selection == AllFoursTrumpSelection::kFirstLead && suited) {
    deal.trump = printed_suit(random_card(suited, rng));
  } else {
    deal.trump = static_cast<int>(rng.below(4));
  }
}

void AllFoursPlayouts::check_roles(const PlayoutDeal& deal) const {
  if (deal.dealer < 0) throw std::invalid_argument("All Fours needs the dealer of every deal");
  if (options_.first_lead == AllFoursFirstLead::kPitcher) {
    check_declarer(deal, num_players_, "pitcher (declarer)");
    if (deal.bid < 1) throw std::invalid_argument("an auction game needs a bid of at least 1");
  } else if (deal.declarer != -1) {
    throw std::invalid_argument("declarer must be -1 in a game without an auction");
  }
}

PlayState AllFoursPlayouts::start(const PlayoutDeal& deal) const {
  PlayStateSetup setup;
  setup.num_players = num_players_;
  setup.side = options_.sides;
  for (int p = 0; p < num_players_; ++p) setup.hands[p] = deal.hands[p];
  setup.leader = deal.leader;
  setup.folding = options_.folding;
  if (options_.trump_selection == AllFoursTrumpSelection::kFirstLead) {
    // The first card fixes trump: the leader leads a card of that printed suit (X11).
    setup.first_lead_cards = deal.hands[deal.leader] & kSuitMask[deal.trump];
    if (!setup.first_lead_cards)
      throw std::invalid_argument("the leader holds no card of the trump suit to fix trump with");
  } else if (options_.trump_selection == AllFoursTrumpSelection::kDeclare &&
             options_.first_lead_must_be_trump) {
    setup.first_lead_cards = tables_[deal.trump].trump_cards;
  }
  return PlayState(setup, tables_[deal.trump]);
}

void AllFoursPlayouts::record(const PlayState& end, const PlayoutDeal& deal,
                              const ResultColumns& out, std::size_t row) const {
  const int bidding_side = deal.declarer >= 0 ? options_.sides[deal.declarer] : -1;
  const AllFoursDealScore s =
      allfours_score(end, options_.scoring, deal.dealer, bidding_side, deal.bid);
  for (int side = 0; side < num_sides_; ++side) {
    out.put(col_points_, row, side, s.points[side]);
    out.put(col_game_values_, row, side, s.game_values[side]);
    out.put(col_score_, row, side, s.score[side]);
  }
  out.put(col_made_, row, s.made);
  out.put(col_all_tricks_, row, s.all_tricks_side);
  out.put(col_moon_, row, s.moon_side);
  for (int i = 0; i < kNumAllFoursItems; ++i) {
    out.put(col_item_side_, row, i, -1);
    out.put(col_item_points_, row, i, 0);
  }
  for (int a = 0; a < s.num_awards; ++a) {
    const AllFoursAward& award = s.awards[a];
    out.put(col_item_side_, row, static_cast<int>(award.item), award.side);
    out.put(col_item_points_, row, static_cast<int>(award.item), award.points);
  }
}

// --- the drivers -----------------------------------------------------------------------------

Rng deal_rng(std::uint64_t seed, std::size_t i) {
  return Rng(seed ^ (0xD1B54A32D192ED03ull * (static_cast<std::uint64_t>(i) + 1)));
}

Rng play_rng(std::uint64_t seed, std::size_t i) {
  return Rng(~seed ^ (0x9FB21C651E98DF25ull * (static_cast<std::uint64_t>(i) + 1)));
}

namespace {
void write_setup(const GamePlayouts& game, const PlayoutDeal& deal, const ResultColumns& out,
                 std::size_t row) {
  for (int p = 0; p < game.num_players(); ++p)
    out.put(kColHands, row, p, static_cast<std::int64_t>(deal.hands[p]));
  out.put(kColTrump, row, deal.trump);
  out.put(kColLeader, row, deal.leader);
  out.put(kColDeclarer, row, deal.declarer);
  out.put(kColDealer, row, deal.dealer);
}

// Runs fn(i) for i in [0, n) over threads; rethrows the exception of the lowest failing i.
template <typename Fn>
void run_parallel(std::size_t n, int threads, const Fn& fn) {
  threads = resolve_threads(threads, n);
  struct Failure {
    std::size_t index = 0;
    bool failed = false;
    bool invalid = false;
    std::string what;
  };
  std::vector<Failure> failures(static_cast<std::size_t>(threads));
  auto work = [&](int t, std::size_t begin, std::size_t end) {
    std::size_t i = begin;
    try {
      for (; i < end; ++i) fn(i);
    } catch (const std::invalid_argument& e) {
      failures[t] = Failure{i, true, true, e.what()};
    } catch (const std::exception& e) {
      failures[t] = Failure{i, true, false, e.what()};
    }
  };
  run_threads(threads, [&](int t) {
    const auto [begin, end] = chunk_of(n, threads, t);
    work(t, begin, end);
  });
  for (const Failure& f : failures) {  // chunks are in index order: the first is the lowest
    if (!f.failed) continue;
    const std::string what = "deal " + std::to_string(f.index) + ": " + f.what;
    if (f.invalid) throw std::invalid_argument(what);
    throw std::runtime_error(what);
  }
}
}  // namespace

void random_playouts(const GamePlayouts& game, std::size_t n, std::uint64_t seed, int threads,
                     const ResultColumns& out) {
  run_parallel(n, threads, [&](std::size_t i) {
    PlayoutDeal deal;
    Rng rng = deal_rng(seed, i);
    game.deal(rng, deal);
    PlayState state = game.start(deal);
    Rng play = play_rng(seed, i);
    random_playout(state, play);
    write_setup(game, deal, out, i);
    game.record(state, deal, out, i);
  });
}

void playouts_from_deals(const GamePlayouts& game, const PlayoutDeal* deals, std::size_t n,
                         std::uint64_t seed, int threads, const ResultColumns& out) {
  run_parallel(n, threads, [&](std::size_t i) {
    const PlayoutDeal& deal = deals[i];
    game.check(deal);
    PlayState state = game.start(deal);
    Rng play = play_rng(seed, i);
    random_playout(state, play);
    write_setup(game, deal, out, i);
    game.record(state, deal, out, i);
  });
}

void playouts_from_state(const GamePlayouts& game, const PlayState& start,
                         const PlayoutDeal& context, std::size_t n, std::uint64_t seed, int threads,
                         const ResultColumns& out) {
  if (start.num_players() != game.num_players())
    throw std::invalid_argument("the play state has " + std::to_string(start.num_players()) +
                                " seats; this game has " + std::to_string(game.num_players()));
  if (start.rules().deck != game.deck())
    throw std::invalid_argument("the play state is not of this game: its deck differs");
  game.check_roles(context);
  PlayoutDeal deal = context;
  for (int p = 0; p < kMaxPlayers; ++p) deal.hands[p] = p < start.num_players() ? start.hand(p) : 0;
  deal.leader = start.leader();
  deal.trump = start.rules().trump;
  run_parallel(n, threads, [&](std::size_t i) {
    PlayState state = start;
    Rng play = play_rng(seed, i);
    random_playout(state, play);
    write_setup(game, deal, out, i);
    game.record(state, deal, out, i);
  });
}

}  // namespace tricktaker
