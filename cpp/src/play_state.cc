#include "tricktaker/play_state.h"

#include <cstring>
#include <string>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

#include "tricktaker/playout.h"
#include "tricktaker/rng.h"
#include "tricktaker/trick_bonus.h"

namespace tricktaker {

int trick_winner_index(const RulesTable& rules, const Card* trick_cards, int trick_len) {
  int best = 0;
  if (trick_len == 0) return -1;
  const int led = rules.effective_suit[trick_cards[0]];
  for (int i = 1; i < trick_len; ++i)
    if (rules.beats(trick_cards[i], trick_cards[best], led)) best = i;
  return best;
}

namespace {
// The legal cards for a hand facing a non-empty trick whose led effective suit is `led` and
// `beat` = rules.beaters(its winning card): the follow policy applied in a fixed order. Every
// branch works on card masks; only head_in_suit looks at the trick's cards.
template <typename PartnerWinning>
inline CardSet legal_in_trick(const RulesTable& rules, CardSet hand, int led, CardSet beat,
                              PartnerWinning partner_winning, const Card* trick_cards,
                              int trick_len) {
  const FollowPolicy& policy = rules.policy;
  const CardSet of_led = hand & rules.suit_cards[led];
  CardSet legal;
  if (led == rules.trump) {
    // Trump led: follow with a trump, heading the top trump if the policy asks and one can.
    if (of_led == 0) return hand;
    const CardSet higher = of_led & beat;
    legal = (policy.head_trump_lead && higher) ? higher : of_led;
  } else if (of_led) {
    legal = of_led;
    if (policy.head_in_suit) {
      // Beat the highest card of the led suit in the trick, whether or not it was trumped.
      int best = -1;
      for (int i = 0; i < trick_len; ++i)
        if (rules.effective_suit[trick_cards[i]] == led && rules.strength[trick_cards[i]] > best)
          best = rules.strength[trick_cards[i]];
      CardSet heading = 0;
      for (Card c : cards_of{of_led})
        if (rules.strength[c] > best) heading |= bit(c);
      if (heading) legal = heading;
    }
    if (policy.may_trump_when_able_to_follow) {
      const CardSet trumps = hand & rules.trump_cards;
      legal |= trumps;
      // Trumps lower than the top trump in the trick (none when the trick has no trump: then
      // every trump beats the winner), while other cards are left.
      const CardSet lower = trumps & ~beat;
      if (policy.no_undertrump && (legal & ~lower)) legal &= ~lower;
    }
  } else {
    const CardSet trumps = hand & rules.trump_cards;
    if (trumps == 0) return hand;
    // Void in a plain led suit, holding a trump. Trumps that beat the top trump (every trump
    // when the trick has none), and the rest.
    const CardSet higher = trumps & beat;
    const CardSet lower = trumps & ~higher;
    const bool must_trump =
        policy.void_trump == VoidTrumpDuty::kAlways ||
        (policy.void_trump == VoidTrumpDuty::kUnlessPartnerWinning && !partner_winning());
    if (must_trump) {
      const bool must_overtrump =
          policy.overtrump == OvertrumpDuty::kAlways ||
          (policy.overtrump == OvertrumpDuty::kUnlessPartnerWinning && !partner_winning());
      if (!must_overtrump) {
        legal = trumps;
      } else if (higher) {
        legal = higher;
      } else if (policy.undertrump_compulsory || !policy.no_undertrump) {
        legal = trumps;
      } else {
        legal = hand & ~rules.trump_cards;
        if (legal == 0) legal = hand;
      }
    } else {
      legal = hand;
      if (policy.no_undertrump && (legal & ~lower)) legal &= ~lower;
    }
  }

  if (policy.must_beat_trick && !(policy.must_beat_exempts_partner && partner_winning())) {
    const CardSet beating = legal & beat;
    if (beating) legal = beating;
  }
  return legal;
}
}  // namespace

CardSet legal_cards(const RulesTable& rules, CardSet hand, const Card* trick_cards, int trick_len,
                    int winner_pos, bool partner_winning) {
  if (trick_len == 0) return hand;
  const Card winning = trick_cards[winner_pos];
  return legal_in_trick(
      rules, hand, rules.effective_suit[trick_cards[0]], rules.beaters(winning),
      [partner_winning] { return partner_winning; }, trick_cards, trick_len);
}

PlayState::PlayState(const PlayStateSetup& setup) : PlayState(setup, intern_rules(setup.rules)) {}

PlayState::PlayState(const PlayStateSetup& setup, const RulesTable& rules)
    : PlayState(setup, intern_rules(rules)) {}

PlayState::PlayState(const PlayStateSetup& setup, SharedRules rules) : rules_(rules.get()) {
  if (setup.num_players < 2 || setup.num_players > kMaxPlayers)
    throw std::invalid_argument("number of players must be 2.." + std::to_string(kMaxPlayers) +
                                ", got " + std::to_string(setup.num_players));
  num_players_ = static_cast<std::uint8_t>(setup.num_players);
  const std::uint16_t all = static_cast<std::uint16_t>((1u << num_players_) - 1);
  active_ = setup.active ? setup.active : all;
  if (active_ & ~all) throw std::invalid_argument("active seats outside 0..num_players-1");
  if (__builtin_popcount(active_) < 2)
    throw std::invalid_argument("at least two seats must take part in the play");
  if (setup.leader < 0 || setup.leader >= num_players_ || !((active_ >> setup.leader) & 1))
    throw std::invalid_argument("leader " + std::to_string(setup.leader) +
                                " is not a seat that takes part in the play");
  if (setup.fixed_leader >= num_players_ ||
      (setup.fixed_leader >= 0 && !((active_ >> setup.fixed_leader) & 1)))
    throw std::invalid_argument("fixed leader is not a seat that takes part in the play");

  CardSet seen = 0;
  int hand_size = -1;
  hands_.fill(0);
  points_.fill(0);
  bonus_.fill(0);
  tricks_won_.fill(0);
  side_.fill(0);
  for (int p = 0; p < num_players_; ++p) {
    side_[p] = setup.side[p];
    const CardSet h = setup.hands[p];
    if (!((active_ >> p) & 1)) {
      if (h)
        throw std::invalid_argument("seat " + std::to_string(p) +
                                    " does not take part in the play but holds cards");
      continue;
    }
    if (h & ~rules_->deck)
      throw std::invalid_argument("seat " + std::to_string(p) + " holds " +
                                  card_to_string(lowest_card(h & ~rules_->deck)) +
                                  ", which is not in this game's deck");
    if (h & seen)
      throw std::invalid_argument(card_to_string(lowest_card(h & seen)) +
                                  " is held by more than one seat");
    seen |= h;
    const int n = popcount(h);
    if (setup.tricks > 0) {
      if (n < setup.tricks)
        throw std::invalid_argument("seat " + std::to_string(p) + " holds " + std::to_string(n) +
                                    " cards, fewer than the " + std::to_string(setup.tricks) +
                                    " tricks to play");
    } else if (hand_size >= 0 && n != hand_size) {
      throw std::invalid_argument("hands of the playing seats must be of equal size, got " +
                                  std::to_string(hand_size) + " and " + std::to_string(n) +
                                  " cards");
    }
    hand_size = n;
    hands_[p] = h;
  }
  if (setup.tricks < 0) throw std::invalid_argument("tricks must be >= 0");
  if (setup.tricks > 0 && setup.folding)
    throw std::invalid_argument("a play with folding plays every card: tricks must be 0");
  if (setup.tricks > 0) hand_size = setup.tricks;
  trick_size_ = static_cast<std::uint8_t>(__builtin_popcount(active_));
  if (hand_size * trick_size_ > kMaxCardsPlayed || hand_size > kMaxTricks)
    throw std::invalid_argument("too many cards in play");
  total_tricks_ = static_cast<std::uint8_t>(hand_size);
  cards_left_ = static_cast<std::uint8_t>(hand_size * trick_size_);
  tricks_played_ = 0;
  fixed_leader_ = static_cast<std::int8_t>(setup.fixed_leader);
  open_trick(fixed_leader_ >= 0 ? fixed_leader_ : setup.leader);
  history_len_ = 0;
  first_lead_cards_ = setup.first_lead_cards;
  trick_.fill(kNoCard);
  trick_players_.fill(0);
  folding_ = setup.folding;
  num_folds_ = 0;
  update_next_seats();
  if (setup.history) keep_history();
}

void PlayState::keep_history() {
  if (log_.get()) return;
  if (history_len_ != 0 || num_folds_ != 0)
    throw Error("the record of the play can be kept only from its start");
  PlayLogHandle log(true);
  log.get()->cards.fill(kNoCard);
  log_ = std::move(log);
}

void PlayState::check_history(const char* what) const {
  if (!log_.get())
    throw Error(std::string(what) +
                " needs the record of the play, which this state does not keep");
}

void PlayState::update_next_seats() {
  next_.fill(0);
  for (int seat = 0; seat < num_players_; ++seat) {
    int next = seat;
    do {
      next = next + 1 == num_players_ ? 0 : next + 1;
    } while (!((active_ >> next) & 1) && next != seat);
    next_[seat] = static_cast<std::uint8_t>(next);
  }
}

CardSet PlayState::legal_moves() const {
  const CardSet hand = hands_[to_move_];
  if (trick_len_ == 0) {
    if (history_len_ == 0 && (hand & first_lead_cards_)) return hand & first_lead_cards_;
    return hand;
  }
  const auto partner_winning = [this] {
    return side_[trick_players_[winner_pos_]] == side_[to_move_];
  };
  return legal_in_trick(*rules_, hand, led_, beat_mask_, partner_winning, trick_.data(),
                        trick_len_);
}

inline void PlayState::place(Card c) {
  const int pos = trick_len_;
  const int player = to_move_;
  hands_[player] &= ~bit(c);
  trick_[pos] = c;
  trick_players_[pos] = static_cast<std::uint8_t>(player);
  if (PlayLog* log = log_.get()) {
    log->cards[history_len_] = c;
    log->players[history_len_] = static_cast<std::uint8_t>(player);
  }
  ++history_len_;
  --cards_left_;
  trick_set_ |= bit(c);
  trick_points_ = static_cast<std::uint16_t>(trick_points_ + rules_->points[c]);
  // Branch-free: whether the card wins the trick so far (the lead always does) is random.
  const CardSet wins = 0 - ((beat_mask_ >> c) & 1u);
  beat_mask_ = (rules_->beaters(c) & wins) | (beat_mask_ & ~wins);
  winner_pos_ = static_cast<std::uint8_t>(winner_pos_ ^ ((winner_pos_ ^ pos) & wins));
  if (pos == 0) led_ = rules_->effective_suit[c];  // a branch: it follows the trick's shape
  trick_len_ = static_cast<std::uint8_t>(pos + 1);
  to_move_ = next_[player];  // finish_trick() sets the next leader
}

void PlayState::play(Card c) {
  place(c);
  if (trick_len_ == trick_size_) finish_trick();
}

namespace {
// The k-th card of a set (k < its size), as the random playout picks its card.
struct SelectPortable {
  Card operator()(CardSet s, int k) const { return select_card(s, k); }
};

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TRICKTAKER_PLAYOUT_BMI2 1
// One instruction where the CPU has BMI2: deposit bit k into the set's bits.
struct SelectPdep {
  __attribute__((target("bmi2"))) Card operator()(CardSet s, int k) const {
    return lowest_card(_pdep_u64(CardSet{1} << k, s));
  }
};

bool cpu_has_bmi2() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") != 0;
  }();
  return has;
}
#endif
}  // namespace

int PlayState::play_random(Rng& rng) {
  if (folding_) {
    int played = 0;
    while (!is_terminal()) {
      const CardSet legal = legal_moves();
      const int count = popcount(legal);
      const int choice =
          static_cast<int>(rng.below(static_cast<std::uint64_t>(count) + (can_fold() ? 1 : 0)));
      if (choice == count) {
        fold();
        continue;
      }
      play(select_card(legal, choice));
      ++played;
    }
    return played;
  }
#ifdef TRICKTAKER_PLAYOUT_BMI2
  // The build is portable (no -mbmi2); the loop is built a second time for BMI2 and chosen
  // here, by the CPU the program runs on. The same cards either way: both pick the k-th card.
  if (cpu_has_bmi2()) return play_random_tricks_bmi2(rng);
#endif
  return play_random_tricks<SelectPortable>(rng);
}

int PlayState::play_random_seats(Rng* const* rngs) {
  // The plain loop of legal_moves() and play(): a seat's draws must not depend on the others'
  // (each seat has its own generator), so nothing is gained from the trick-shaped loop above.
  int played = 0;
  for (CardSet legal = legal_moves(); legal != 0; legal = legal_moves()) {
    const auto count = static_cast<std::uint64_t>(popcount(legal));
    play(select_card(legal, static_cast<int>(rngs[to_move_]->below(count))));
    ++played;
  }
  return played;
}

template <typename Select>
inline int PlayState::play_random_tricks(Rng& rng) {
  const Select select;
  int played = 0;
  // A trick already begun is finished card by card through place(), as play() would.
  if (trick_len_ > 0) {
    while (trick_len_ < trick_size_) {
      const auto partner_winning = [this] {
        return side_[trick_players_[winner_pos_]] == side_[to_move_];
      };
      const CardSet legal = legal_in_trick(*rules_, hands_[to_move_], led_, beat_mask_,
                                           partner_winning, trick_.data(), trick_len_);
      place(
          select(legal, static_cast<int>(rng.below(static_cast<std::uint64_t>(popcount(legal))))));
      ++played;
    }
    finish_trick();
  }
  if (cards_left_ == 0) return played;

  // Whole tricks, with the position in locals: the members are written once per trick. Stores
  // to the state's byte arrays (history, seats) may alias any member, so a loop that wrote them
  // card by card would reload the rules, the hands and the generator after every card. The
  // cards, the draws and every field written are those of place() and finish_trick().
  const RulesTable& rules = *rules_;
  PlayLog* const log = log_.get();
  Rng r = rng;
  const auto pick = [&r, &select](CardSet legal) {
    return select(legal, static_cast<int>(r.below(static_cast<std::uint64_t>(popcount(legal)))));
  };
  std::array<CardSet, kMaxPlayers> hands = hands_;
  const std::array<std::uint8_t, kMaxPlayers> next = next_;
  const std::array<std::uint8_t, kMaxPlayers> side = side_;
  const int size = trick_size_;
  const int fixed_leader = fixed_leader_;
  int seat = to_move_;
  int history_len = history_len_;
  int cards_left = cards_left_;
  int tricks_played = tricks_played_;
  std::array<Card, kMaxPlayers> cards{};
  std::array<std::uint8_t, kMaxPlayers> seats{};
  while (cards_left > 0) {
    const int leader = seat;
    CardSet legal = hands[seat];
    if (history_len == 0 && (legal & first_lead_cards_)) legal &= first_lead_cards_;
    Card c = pick(legal);
    hands[seat] &= ~bit(c);
    cards[0] = c;
    seats[0] = static_cast<std::uint8_t>(seat);
    const int led = rules.effective_suit[c];
    CardSet beat = rules.beaters(c);
    CardSet trick_set = bit(c);
    int points = rules.points[c];
    int winner_pos = 0;
    seat = next[seat];
    for (int pos = 1; pos < size; ++pos) {
      const auto partner_winning = [&] { return side[seats[winner_pos]] == side[seat]; };
      legal = legal_in_trick(rules, hands[seat], led, beat, partner_winning, cards.data(), pos);
      c = pick(legal);
      hands[seat] &= ~bit(c);
      cards[pos] = c;
      seats[pos] = static_cast<std::uint8_t>(seat);
      trick_set |= bit(c);
      points += rules.points[c];
      // Branch-free, as in place(): whether the card wins the trick so far is random.
      const CardSet wins = 0 - ((beat >> c) & 1u);
      beat = (rules.beaters(c) & wins) | (beat & ~wins);
      winner_pos ^= (winner_pos ^ pos) & static_cast<int>(wins);
      seat = next[seat];
    }
    played += size;
    cards_left -= size;
    // finish_trick()
    const int winner = seats[winner_pos];
    if (cards_left == 0) points += rules.last_trick_bonus;
    const int bonus = bonus_of_trick(trick_set);
    if (log) {
      if (history_len + kMaxPlayers <= kMaxCardsPlayed) {
        // Whole arrays of constant size (a few wide stores); the entries past the trick lie
        // beyond cards_played(), where nothing reads, and the next trick overwrites them.
        std::memcpy(&log->cards[history_len], cards.data(), kMaxPlayers);
        std::memcpy(&log->players[history_len], seats.data(), kMaxPlayers);
      } else {
        for (int pos = 0; pos < size; ++pos) {
          log->cards[history_len + pos] = cards[pos];
          log->players[history_len + pos] = seats[pos];
        }
      }
      TrickRecord& record = log->tricks[tricks_played];
      record.leader = static_cast<std::uint8_t>(leader);
      record.winner = static_cast<std::uint8_t>(winner);
      record.points = static_cast<std::uint16_t>(points);
      record.bonus = static_cast<std::uint16_t>(bonus);
      record.first = static_cast<std::uint8_t>(history_len);
      record.size = static_cast<std::uint8_t>(size);
      log->won[winner] |= trick_set;
    }
    history_len += size;
    points_[winner] = static_cast<std::int16_t>(points_[winner] + points);
    bonus_[winner] = static_cast<std::int16_t>(bonus_[winner] + bonus);
    ++tricks_won_[winner];
    ++tricks_played;
    seat = fixed_leader >= 0 ? fixed_leader : winner;
  }
  // The members as finish_trick() leaves them; the last trick's cards stay in trick_.
  hands_ = hands;
  for (int pos = 0; pos < size; ++pos) {
    trick_[pos] = cards[pos];
    trick_players_[pos] = seats[pos];
  }
  history_len_ = static_cast<std::uint8_t>(history_len);
  cards_left_ = 0;
  tricks_played_ = static_cast<std::uint8_t>(tricks_played);
  open_trick(seat);
  rng = r;
  return played;
}

#ifdef TRICKTAKER_PLAYOUT_BMI2
// flatten: the loop and everything it calls are inlined here and built for BMI2.
__attribute__((target("bmi2"), flatten)) int PlayState::play_random_tricks_bmi2(Rng& rng) {
  return play_random_tricks<SelectPdep>(rng);
}
#else
int PlayState::play_random_tricks_bmi2(Rng& rng) {
  return play_random_tricks<SelectPortable>(rng);
}
#endif

TrickRecord PlayState::last_trick_outcome() const {
  // The winner as place() finds it: a card wins over the trick so far if it is among the
  // beaters of the card winning so far.
  TrickRecord record{};
  record.leader = leader_;
  record.first = static_cast<std::uint8_t>(history_len_);
  record.size = trick_size_;
  int seat = to_move_;
  int winner = seat;
  CardSet cards = 0;
  CardSet beat_mask = ~CardSet{0};
  int points = rules_->last_trick_bonus;
  for (int i = 0; i < trick_size_; ++i) {
    const Card c = lowest_card(hands_[seat]);
    cards |= bit(c);
    points += rules_->points[c];
    if ((beat_mask >> c) & 1) {
      winner = seat;
      beat_mask = rules_->beaters(c);
    }
    seat = next_[seat];
  }
  record.winner = static_cast<std::uint8_t>(winner);
  record.points = static_cast<std::uint16_t>(points);
  record.bonus = static_cast<std::uint16_t>(bonus_of_trick(cards));
  return record;
}

int PlayState::bonus_of_trick(CardSet cards) const {
  if (rules_->trick_bonus == TrickBonus::kNone) return 0;
  return trick_bonus_of(rules_->trick_bonus, cards, rules_->trump);
}

inline void PlayState::finish_trick() {
  const int winner = trick_players_[winner_pos_];
  int points = trick_points_;
  if (cards_left_ == 0) points += rules_->last_trick_bonus;
  const int bonus = bonus_of_trick(trick_set_);
  if (PlayLog* log = log_.get()) {
    TrickRecord& record = log->tricks[tricks_played_];
    record.leader = leader_;
    record.winner = static_cast<std::uint8_t>(winner);
    record.points = static_cast<std::uint16_t>(points);
    record.bonus = static_cast<std::uint16_t>(bonus);
    record.first = static_cast<std::uint8_t>(history_len_ - trick_len_);
    record.size = trick_len_;
    log->won[winner] |= trick_set_;
  }
  points_[winner] = static_cast<std::int16_t>(points_[winner] + points);
  bonus_[winner] = static_cast<std::int16_t>(bonus_[winner] + bonus);
  ++tricks_won_[winner];
  ++tricks_played_;
  open_trick(fixed_leader_ >= 0 ? fixed_leader_ : winner);
}

void PlayState::reopen_last_trick() {
  PlayLog& log = *log_.get();
  --tricks_played_;
  const TrickRecord& record = log.tricks[tricks_played_];
  const int winner = record.winner;
  CardSet cards = 0;
  int points = 0;
  trick_len_ = record.size;
  const int first = record.first;
  for (int i = 0; i < record.size; ++i) {
    trick_[i] = log.cards[first + i];
    trick_players_[i] = log.players[first + i];
    cards |= bit(trick_[i]);
    points += rules_->points[trick_[i]];
    if (trick_players_[i] == winner) winner_pos_ = static_cast<std::uint8_t>(i);
  }
  trick_set_ = cards;
  trick_points_ = static_cast<std::uint16_t>(points);
  led_ = rules_->effective_suit[trick_[0]];
  beat_mask_ = rules_->beaters(trick_[winner_pos_]);
  points_[winner] = static_cast<std::int16_t>(points_[winner] - record.points);
  bonus_[winner] = static_cast<std::int16_t>(bonus_[winner] - record.bonus);
  log.won[winner] &= ~cards;
  --tricks_won_[winner];
  leader_ = record.leader;
}

void PlayState::undo() {
  // Without a record only a card of the trick in progress, and no fold, can be taken back.
  if (num_folds_ > 0 && log_.get()->folds[num_folds_ - 1].at == history_len_) {
    undo_fold();
    return;
  }
  // The last card completed a trick: reopen it with all its cards.
  if (trick_len_ == 0) reopen_last_trick();
  // Take back the last card of the (now open) trick.
  --history_len_;
  ++cards_left_;
  const int pos = trick_len_ - 1;
  const Card c = trick_[pos];
  const int player = trick_players_[pos];
  hands_[player] |= bit(c);
  trick_set_ &= ~bit(c);
  trick_points_ = static_cast<std::uint16_t>(trick_points_ - rules_->points[c]);
  trick_[pos] = kNoCard;
  trick_len_ = static_cast<std::uint8_t>(pos);
  to_move_ = static_cast<std::uint8_t>(player);
  if (pos == 0) {
    winner_pos_ = 0;
    led_ = -1;
    beat_mask_ = ~CardSet{0};
  } else if (winner_pos_ == pos) {
    // Recompute the winner among the remaining cards.
    winner_pos_ = 0;
    for (int i = 1; i < pos; ++i)
      if (rules_->beats(trick_[i], trick_[winner_pos_], led_))
        winner_pos_ = static_cast<std::uint8_t>(i);
    beat_mask_ = rules_->beaters(trick_[winner_pos_]);
  }
}

void PlayState::play_checked(Card c) {
  if (is_terminal()) throw IllegalAction("the play is over; no card can be played");
  if (!is_valid_card(c)) throw IllegalAction("not a card id: " + std::to_string(int(c)));
  const CardSet legal = legal_moves();
  if (!((legal >> c) & 1)) {
    std::string allowed;
    for (Card l : cards_of{legal}) {
      if (!allowed.empty()) allowed += ' ';
      allowed += card_to_string(l);
    }
    const bool held = (hands_[to_move_] >> c) & 1;
    throw IllegalAction(card_to_string(c) + (held ? " is not a legal play" : " is not held") +
                        " for seat " + std::to_string(to_move_) + "; legal: " + allowed);
  }
  play(c);
}

bool PlayState::play_any_held(Card c) {
  if (is_terminal()) throw IllegalAction("the play is over; no card can be played");
  if (!is_valid_card(c) || !((hands_[to_move_] >> c) & 1))
    throw IllegalAction((is_valid_card(c) ? card_to_string(c) : std::string("that card")) +
                        " is not held by seat " + std::to_string(to_move_));
  const bool legal = (legal_moves() >> c) & 1;
  play(c);
  return legal;
}

void PlayState::undo_checked() {
  if (history_len_ == 0 && num_folds_ == 0) throw Error("nothing to undo: no card has been played");
  if (trick_len_ == 0 || num_folds_ > 0) check_history("undo");
  undo();
}

void PlayState::set_hands(const std::array<CardSet, kMaxPlayers>& hands) {
  check_history("set_hands");
  const PlayLog& log = *log_.get();
  CardSet gone = 0;  // played or folded
  for (int i = 0; i < history_len_; ++i) gone |= bit(log.cards[i]);
  for (int i = 0; i < num_folds_; ++i) gone |= log.folds[i].cards;
  CardSet seen = 0;
  for (int p = 0; p < kMaxPlayers; ++p) {
    const CardSet h = hands[p];
    if (popcount(h) != popcount(hands_[p]))
      throw std::invalid_argument("seat " + std::to_string(p) + " holds " +
                                  std::to_string(popcount(hands_[p])) + " cards, got a hand of " +
                                  std::to_string(popcount(h)));
    if (h & ~rules_->deck)
      throw std::invalid_argument(card_to_string(lowest_card(h & ~rules_->deck)) +
                                  " is not in this game's deck");
    if (h & gone)
      throw std::invalid_argument(card_to_string(lowest_card(h & gone)) +
                                  " has already been played or folded");
    if (h & seen)
      throw std::invalid_argument(card_to_string(lowest_card(h & seen)) +
                                  " is held by more than one seat");
    seen |= h;
  }
  hands_ = hands;
}

bool PlayState::can_fold() const {
  if (!folding_ || is_terminal() || rules_->trump < 0) return false;
  const int seat = to_move_;
  if (seat == fixed_leader_) return false;
  if (__builtin_popcount(active_) < 2) return false;  // someone must be left to play
  const CardSet hand = hands_[seat];
  if (hand == 0 || (hand & rules_->trump_cards)) return false;
  for (Card c : cards_of{hand})
    if (rules_->points[c] != 0) return false;
  return true;
}

void PlayState::fold() {
  const int seat = to_move_;
  FoldRecord scratch{};  // where the record goes when the state keeps none
  FoldRecord& f = log_.get() ? log_.get()->folds[num_folds_] : scratch;
  ++num_folds_;
  f.seat = static_cast<std::uint8_t>(seat);
  f.leader = leader_;
  f.at = history_len_;
  f.cards = hands_[seat];
  f.completed_trick = false;
  cards_left_ = static_cast<std::uint8_t>(cards_left_ - popcount(hands_[seat]));
  hands_[seat] = 0;
  active_ = static_cast<std::uint16_t>(active_ & ~(1u << seat));
  update_next_seats();
  --trick_size_;
  if (trick_len_ == 0) {
    // He was to lead: the lead passes to the next player in turn order (PV10).
    leader_ = static_cast<std::uint8_t>(next_seat(seat));
    to_move_ = leader_;
  } else if (trick_len_ == trick_size_) {
    f.completed_trick = true;
    finish_trick();
  } else {
    to_move_ = static_cast<std::uint8_t>(next_seat(seat));
  }
}

void PlayState::undo_fold() {
  const FoldRecord& f = log_.get()->folds[--num_folds_];
  if (f.completed_trick) reopen_last_trick();
  active_ = static_cast<std::uint16_t>(active_ | (1u << f.seat));
  update_next_seats();
  hands_[f.seat] = f.cards;
  cards_left_ = static_cast<std::uint8_t>(cards_left_ + popcount(f.cards));
  ++trick_size_;
  leader_ = f.leader;
  to_move_ = f.seat;
}

void PlayState::fold_checked() {
  if (!can_fold()) {
    std::string why = !folding_ ? "folding is not allowed in this game"
                      : is_terminal()
                          ? "the play is over"
                          : "seat " + std::to_string(to_move_) +
                                " may fold only with no trump and no card of game value in hand";
    throw IllegalAction("cannot fold: " + why);
  }
  fold();
}

CardSet PlayState::folded_cards(int seat) const {
  const PlayLog& log = *log_.get();
  CardSet out = 0;
  for (int i = 0; i < num_folds_; ++i)
    if (log.folds[i].seat == seat) out |= log.folds[i].cards;
  return out;
}

int PlayState::side_points(int side) const {
  int total = 0;
  for (int p = 0; p < num_players_; ++p)
    if (side_[p] == side) total += points_[p];
  return total;
}

int PlayState::side_bonus(int side) const {
  int total = 0;
  for (int p = 0; p < num_players_; ++p)
    if (side_[p] == side) total += bonus_[p];
  return total;
}

int PlayState::side_tricks(int side) const {
  int total = 0;
  for (int p = 0; p < num_players_; ++p)
    if (side_[p] == side) total += tricks_won_[p];
  return total;
}

}  // namespace tricktaker
