#include "tricktaker/play_state.h"

#include <string>

#include "tricktaker/klaverjas.h"

namespace tricktaker {

int trick_winner_index(const RulesTable& rules, const Card* trick_cards, int trick_len) {
  int best = 0;
  if (trick_len == 0) return -1;
  const int led = rules.effective_suit[trick_cards[0]];
  for (int i = 1; i < trick_len; ++i)
    if (rules.beats(trick_cards[i], trick_cards[best], led)) best = i;
  return best;
}

CardSet legal_cards(const RulesTable& rules, CardSet hand, const Card* trick_cards, int trick_len,
                    int winner_pos, bool partner_winning) {
  if (trick_len == 0) return hand;
  const FollowPolicy& policy = rules.policy;
  const int led = rules.effective_suit[trick_cards[0]];
  const Card winning = trick_cards[winner_pos];
  const CardSet trumps = hand & rules.trump_cards;
  const CardSet non_trumps = hand & ~rules.trump_cards;
  const CardSet of_led = hand & rules.suit_cards[led];
  const bool trick_has_trump = rules.is_trump(winning);  // the winner is the top trump if any

  // Trumps in hand that beat the top trump (every trump when the trick has none), and the rest.
  CardSet higher = trumps;
  if (trick_has_trump) {
    higher = 0;
    for (Card c : cards_of{trumps})
      if (rules.strength[c] > rules.strength[winning]) higher |= bit(c);
  }
  const CardSet lower = trumps & ~higher;

  CardSet legal;
  if (rules.trump >= 0 && led == rules.trump) {
    // Trump led: follow with a trump, heading the top trump if the policy asks and one can.
    if (trumps == 0) {
      legal = hand;
    } else {
      legal = (policy.head_trump_lead && higher) ? higher : trumps;
    }
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
    if (policy.may_trump_when_able_to_follow) legal |= trumps;
    if (policy.no_undertrump && trick_has_trump && (legal & ~lower)) legal &= ~lower;
  } else if (trumps == 0) {
    legal = hand;
  } else {
    // Void in a plain led suit, holding a trump.
    const bool must_trump =
        policy.void_trump == VoidTrumpDuty::kAlways ||
        (policy.void_trump == VoidTrumpDuty::kUnlessPartnerWinning && !partner_winning);
    if (must_trump) {
      const bool must_overtrump =
          policy.overtrump == OvertrumpDuty::kAlways ||
          (policy.overtrump == OvertrumpDuty::kUnlessPartnerWinning && !partner_winning);
      if (!must_overtrump) {
        legal = trumps;
      } else if (higher) {
        legal = higher;
      } else if (policy.undertrump_compulsory || !policy.no_undertrump) {
        legal = trumps;
      } else {
        legal = non_trumps ? non_trumps : hand;
      }
    } else {
      legal = hand;
      if (policy.no_undertrump && trick_has_trump && (legal & ~lower)) legal &= ~lower;
    }
  }

  if (policy.must_beat_trick && !(policy.must_beat_exempts_partner && partner_winning)) {
    CardSet beating = 0;
    for (Card c : cards_of{legal})
      if (rules.beats(c, winning, led)) beating |= bit(c);
    if (beating) legal = beating;
  }
  return legal;
}

PlayState::PlayState(const PlayStateSetup& setup) : rules_(setup.rules) {
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
  for (int p = 0; p < kMaxPlayers; ++p) {
    hands_[p] = 0;
    won_[p] = 0;
    points_[p] = 0;
    bonus_[p] = 0;
    tricks_won_[p] = 0;
    side_[p] = p < num_players_ ? setup.side[p] : 0;
    if (p >= num_players_) continue;
    const CardSet h = setup.hands[p];
    if (!((active_ >> p) & 1)) {
      if (h)
        throw std::invalid_argument("seat " + std::to_string(p) +
                                    " does not take part in the play but holds cards");
      continue;
    }
    if (h & ~rules_.deck)
      throw std::invalid_argument("seat " + std::to_string(p) + " holds " +
                                  card_to_string(lowest_card(h & ~rules_.deck)) +
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
  leader_ = static_cast<std::uint8_t>(setup.leader);
  fixed_leader_ = static_cast<std::int8_t>(setup.fixed_leader);
  if (fixed_leader_ >= 0) leader_ = static_cast<std::uint8_t>(fixed_leader_);
  to_move_ = leader_;
  trick_len_ = 0;
  winner_pos_ = 0;
  history_len_ = 0;
  first_lead_cards_ = setup.first_lead_cards;
  trick_.fill(kNoCard);
  trick_players_.fill(0);
  history_.fill(kNoCard);
  history_players_.fill(0);
  tricks_.fill(TrickRecord{0, 0, 0, 0, 0, 0});
  folding_ = setup.folding;
  num_folds_ = 0;
  folds_.fill(FoldRecord{0, 0, 0, false, 0});
}

int PlayState::next_seat(int seat) const {
  do {
    seat = seat + 1 == num_players_ ? 0 : seat + 1;
  } while (!((active_ >> seat) & 1));
  return seat;
}

CardSet PlayState::legal_moves() const {
  const CardSet hand = hands_[to_move_];
  if (trick_len_ == 0) {
    if (history_len_ == 0 && (hand & first_lead_cards_)) return hand & first_lead_cards_;
    return hand;
  }
  const bool partner_winning = side_[trick_players_[winner_pos_]] == side_[to_move_];
  return legal_cards(rules_, hand, trick_.data(), trick_len_, winner_pos_, partner_winning);
}

void PlayState::play(Card c) {
  const int pos = trick_len_;
  hands_[to_move_] &= ~bit(c);
  trick_[pos] = c;
  trick_players_[pos] = to_move_;
  history_[history_len_] = c;
  history_players_[history_len_] = to_move_;
  ++history_len_;
  --cards_left_;
  if (pos > 0 && rules_.beats(c, trick_[winner_pos_], rules_.effective_suit[trick_[0]]))
    winner_pos_ = static_cast<std::uint8_t>(pos);
  trick_len_ = static_cast<std::uint8_t>(pos + 1);
  if (trick_len_ == trick_size_) {
    finish_trick();
  } else {
    to_move_ = static_cast<std::uint8_t>(next_seat(to_move_));
  }
}

int PlayState::trick_bonus_value() const {
  switch (rules_.trick_bonus) {
    case TrickBonus::kKlaverjasRoem:
      return klaverjas_roem(trick_.data(), trick_len_, rules_.trump);
    case TrickBonus::kNone:
      break;
  }
  return 0;
}

void PlayState::finish_trick() {
  const int winner = trick_players_[winner_pos_];
  int points = 0;
  CardSet cards = 0;
  for (int i = 0; i < trick_len_; ++i) {
    points += rules_.points[trick_[i]];
    cards |= bit(trick_[i]);
  }
  if (cards_left_ == 0) points += rules_.last_trick_bonus;
  const int bonus = trick_bonus_value();
  TrickRecord& record = tricks_[tricks_played_];
  record.leader = leader_;
  record.winner = static_cast<std::uint8_t>(winner);
  record.points = static_cast<std::uint16_t>(points);
  record.bonus = static_cast<std::uint16_t>(bonus);
  record.first = static_cast<std::uint8_t>(history_len_ - trick_len_);
  record.size = trick_len_;
  points_[winner] = static_cast<std::int16_t>(points_[winner] + points);
  bonus_[winner] = static_cast<std::int16_t>(bonus_[winner] + bonus);
  won_[winner] |= cards;
  ++tricks_won_[winner];
  ++tricks_played_;
  trick_len_ = 0;
  winner_pos_ = 0;
  leader_ = static_cast<std::uint8_t>(fixed_leader_ >= 0 ? fixed_leader_ : winner);
  to_move_ = leader_;
}

void PlayState::reopen_last_trick() {
  --tricks_played_;
  const TrickRecord& record = tricks_[tricks_played_];
  const int winner = record.winner;
  CardSet cards = 0;
  trick_len_ = record.size;
  const int first = record.first;
  for (int i = 0; i < record.size; ++i) {
    trick_[i] = history_[first + i];
    trick_players_[i] = history_players_[first + i];
    cards |= bit(trick_[i]);
    if (trick_players_[i] == winner) winner_pos_ = static_cast<std::uint8_t>(i);
  }
  points_[winner] = static_cast<std::int16_t>(points_[winner] - record.points);
  bonus_[winner] = static_cast<std::int16_t>(bonus_[winner] - record.bonus);
  won_[winner] &= ~cards;
  --tricks_won_[winner];
  leader_ = record.leader;
}

void PlayState::undo() {
  if (num_folds_ > 0 && folds_[num_folds_ - 1].at == history_len_) {
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
  trick_[pos] = kNoCard;
  trick_len_ = static_cast<std::uint8_t>(pos);
  to_move_ = static_cast<std::uint8_t>(player);
  if (winner_pos_ == pos) {
    // Recompute the winner among the remaining cards.
    winner_pos_ = 0;
    const int led = rules_.effective_suit[trick_[0]];
    for (int i = 1; i < pos; ++i)
      if (rules_.beats(trick_[i], trick_[winner_pos_], led))
        winner_pos_ = static_cast<std::uint8_t>(i);
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
  if (history_len_ == 0 && num_folds_ == 0)
    throw std::logic_error("nothing to undo: no card has been played");
  undo();
}

void PlayState::set_hands(const std::array<CardSet, kMaxPlayers>& hands) {
  CardSet gone = 0;  // played or folded
  for (int i = 0; i < history_len_; ++i) gone |= bit(history_[i]);
  for (int i = 0; i < num_folds_; ++i) gone |= folds_[i].cards;
  CardSet seen = 0;
  for (int p = 0; p < kMaxPlayers; ++p) {
    const CardSet h = hands[p];
    if (popcount(h) != popcount(hands_[p]))
      throw std::invalid_argument("seat " + std::to_string(p) + " holds " +
                                  std::to_string(popcount(hands_[p])) + " cards, got a hand of " +
                                  std::to_string(popcount(h)));
    if (h & ~rules_.deck)
      throw std::invalid_argument(card_to_string(lowest_card(h & ~rules_.deck)) +
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
  if (!folding_ || is_terminal() || rules_.trump < 0) return false;
  const int seat = to_move_;
  if (seat == fixed_leader_) return false;
  if (__builtin_popcount(active_) < 2) return false;  // someone must be left to play
  const CardSet hand = hands_[seat];
  if (hand == 0 || (hand & rules_.trump_cards)) return false;
  for (Card c : cards_of{hand})
    if (rules_.points[c] != 0) return false;
  return true;
}

void PlayState::fold() {
  const int seat = to_move_;
  FoldRecord& f = folds_[num_folds_++];
  f.seat = static_cast<std::uint8_t>(seat);
  f.leader = leader_;
  f.at = history_len_;
  f.cards = hands_[seat];
  f.completed_trick = false;
  cards_left_ = static_cast<std::uint8_t>(cards_left_ - popcount(hands_[seat]));
  hands_[seat] = 0;
  active_ = static_cast<std::uint16_t>(active_ & ~(1u << seat));
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
  const FoldRecord& f = folds_[--num_folds_];
  if (f.completed_trick) reopen_last_trick();
  active_ = static_cast<std::uint16_t>(active_ | (1u << f.seat));
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
  CardSet out = 0;
  for (int i = 0; i < num_folds_; ++i)
    if (folds_[i].seat == seat) out |= folds_[i].cards;
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
