// The play state: legal moves by the follow policy, play and undo as exact inverses, random
// playouts to the end of a deal.
#include <array>
#include <utility>
#include <vector>

#include "test.h"
#include "tricktaker/games/klaverjas.h"
#include "tricktaker/play_state.h"
#include "tricktaker/playout.h"
#include "tricktaker/rng.h"

using namespace tricktaker;

namespace {

// Four hands of eight cards from the piquet deck.
std::array<CardSet, kMaxPlayers> deal_piquet(Rng& rng) {
  Card cards[32];
  int n = 0;
  for (Card c : cards_of{piquet_deck()}) cards[n++] = c;
  for (int i = n - 1; i > 0; --i) std::swap(cards[i], cards[rng.below(i + 1)]);
  std::array<CardSet, kMaxPlayers> hands{};
  for (int i = 0; i < 32; ++i) hands[i / 8] |= bit(cards[i]);
  return hands;
}

PlayState klaverjas_state(Rng& rng, int trump, KlaverjasPlayRules play_rules) {
  PlayStateSetup setup;
  setup.rules = klaverjas_rules(trump, KlaverjasRulesOptions{play_rules});
  setup.hands = deal_piquet(rng);
  for (int p = 0; p < 4; ++p) setup.side[p] = static_cast<std::uint8_t>(p & 1);
  return PlayState(setup);
}

// What a position shows: every hand, who moves, the trick, and what each seat has won.
std::vector<long long> snapshot(const PlayState& s) {
  std::vector<long long> out;
  for (int p = 0; p < s.num_players(); ++p) {
    out.push_back(static_cast<long long>(s.hand(p)));
    out.push_back(static_cast<long long>(s.cards_won(p)));
    out.push_back(s.points_won(p) * 1000 + s.bonus_won(p));
    out.push_back(s.tricks_won(p));
  }
  out.push_back(s.to_move());
  out.push_back(s.leader());
  out.push_back(s.trick_len());
  out.push_back(static_cast<long long>(s.trick_cards()));
  out.push_back(s.cards_played());
  out.push_back(static_cast<long long>(s.legal_moves()));
  return out;
}

Card card(const char* text) {
  return parse_card(text);
}

}  // namespace

TEST(play_state, follow_policy) {
  const RulesTable rotterdam =
      klaverjas_rules(kSpades, KlaverjasRulesOptions{KlaverjasPlayRules::kRotterdam});
  const RulesTable amsterdam = klaverjas_rules(kSpades, KlaverjasRulesOptions{});
  const Card led[] = {card("AH")};
  const CardSet follows = bit(card("7H")) | bit(card("KS")) | bit(card("8C"));
  const CardSet void_hand = bit(card("KS")) | bit(card("8C"));
  // Able to follow: must follow.
  CHECK_EQ(legal_cards(rotterdam, follows, led, 1, 0, false), bit(card("7H")));
  // Void: Rotterdam trumps, even over the partner; Amsterdam not over a winning partner.
  CHECK_EQ(legal_cards(rotterdam, void_hand, led, 1, 0, true), bit(card("KS")));
  CHECK_EQ(legal_cards(amsterdam, void_hand, led, 1, 0, true), void_hand);
  CHECK_EQ(legal_cards(amsterdam, void_hand, led, 1, 0, false), bit(card("KS")));
  // A trump lead must be headed when possible.
  const Card trump_led[] = {card("AS")};
  const CardSet trumps = bit(card("7S")) | bit(card("JS"));
  CHECK_EQ(legal_cards(amsterdam, trumps, trump_led, 1, 0, false), bit(card("JS")));
}

TEST(play_state, play_undo_round_trip) {
  Rng rng(11);
  for (int deal = 0; deal < 50; ++deal) {
    PlayState s = klaverjas_state(
        rng, deal & 3, deal % 2 ? KlaverjasPlayRules::kRotterdam : KlaverjasPlayRules::kAmsterdam);
    std::vector<std::vector<long long>> seen;
    while (!s.is_terminal()) {
      seen.push_back(snapshot(s));
      const CardSet legal = s.legal_moves();
      REQUIRE(legal != 0);
      CHECK_EQ(legal & ~s.hand(s.to_move()), CardSet{0});
      s.play(select_card(legal, static_cast<int>(rng.below(popcount(legal)))));
    }
    CHECK_EQ(s.cards_played(), 32);
    CHECK_EQ(s.side_tricks(0) + s.side_tricks(1), 8);
    CHECK_EQ(s.side_points(0) + s.side_points(1), 162);
    while (!seen.empty()) {
      s.undo();
      CHECK(snapshot(s) == seen.back());
      seen.pop_back();
    }
  }
}

TEST(play_state, random_playouts) {
  Rng rng(5);
  for (int deal = 0; deal < 200; ++deal) {
    PlayState s = klaverjas_state(rng, deal & 3, KlaverjasPlayRules::kAmsterdam);
    CHECK_EQ(s.play_random(rng), 32);
    CHECK(s.is_terminal());
    int roem = 0;
    for (int t = 0; t < s.tricks_played(); ++t) roem += s.trick_record(t).bonus;
    CHECK_EQ(s.side_bonus(0) + s.side_bonus(1), roem);
    CHECK_EQ(s.side_points(0) + s.side_points(1), 162);
  }
}

// play_random() (built for BMI2 where the CPU has it) plays the cards the plain loop of
// legal_moves() and a uniform index does, drawn from the same generator.
TEST(play_state, random_playout_is_the_plain_loop) {
  Rng deals(11);
  for (int deal = 0; deal < 200; ++deal) {
    const PlayState start = klaverjas_state(deals, deal & 3, KlaverjasPlayRules(deal >> 2 & 1));
    PlayState fast = start, plain = start;
    Rng a(1000 + deal), b(1000 + deal);
    fast.play_random(a);
    while (!plain.is_terminal()) {
      const CardSet legal = plain.legal_moves();
      plain.play(select_card(legal, static_cast<int>(b.below(popcount(legal)))));
    }
    for (int i = 0; i < 32; ++i) CHECK_EQ(fast.history_card(i), plain.history_card(i));
    CHECK(snapshot(fast) == snapshot(plain));
  }
}

// A random setup on the piquet deck: 2-8 seats, some of them out of the play, a fixed leader or
// not, fewer tricks than cards or not, a first-lead restriction or not, and a follow policy of
// random duties.
PlayStateSetup random_setup(Rng& rng) {
  PlayStateSetup setup;
  setup.rules = klaverjas_rules(static_cast<int>(rng.below(4)), KlaverjasRulesOptions{});
  FollowPolicy& policy = setup.rules.policy;
  policy.void_trump = static_cast<VoidTrumpDuty>(rng.below(3));
  policy.overtrump = static_cast<OvertrumpDuty>(rng.below(3));
  policy.head_trump_lead = rng.below(2) != 0;
  policy.head_in_suit = rng.below(2) != 0;
  policy.may_trump_when_able_to_follow = rng.below(2) != 0;
  policy.no_undertrump = rng.below(2) != 0;
  policy.undertrump_compulsory = rng.below(2) != 0;
  policy.must_beat_trick = rng.below(2) != 0;
  policy.must_beat_exempts_partner = rng.below(2) != 0;
  setup.num_players = 2 + static_cast<int>(rng.below(7));
  const unsigned all = (1u << setup.num_players) - 1;
  unsigned active = all;
  if (rng.below(2)) {
    do {
      active = static_cast<unsigned>(rng.below(all + 1));
    } while (__builtin_popcount(active) < 2);
  }
  setup.active = static_cast<std::uint16_t>(active);
  std::vector<int> seats;
  for (int p = 0; p < setup.num_players; ++p) {
    setup.side[p] = static_cast<std::uint8_t>(rng.below(2));
    if ((active >> p) & 1) seats.push_back(p);
  }
  const int players = static_cast<int>(seats.size());
  const int hand = 32 / players;
  if (rng.below(3) == 0) setup.tricks = 1 + static_cast<int>(rng.below(hand));
  Card cards[32];
  int n = 0;
  for (Card c : cards_of{piquet_deck()}) cards[n++] = c;
  rng.shuffle(cards, n);
  for (int i = 0; i < players * hand; ++i) setup.hands[seats[i / hand]] |= bit(cards[i]);
  setup.leader = seats[rng.below(seats.size())];
  if (rng.below(4) == 0) setup.fixed_leader = seats[rng.below(seats.size())];
  if (rng.below(3) == 0) setup.first_lead_cards = setup.rules.suit_cards[rng.below(4)];
  return setup;
}

// The same from any position: a trick begun or not, on any of those setups. The whole record
// (history, trick records) and the generator's state after the play are the plain loop's.
TEST(play_state, random_playout_from_any_position_is_the_plain_loop) {
  Rng rng(21);
  for (int deal = 0; deal < 1000; ++deal) {
    PlayState start(random_setup(rng));
    int before = 0;
    for (int stop = static_cast<int>(rng.below(24)); before < stop && !start.is_terminal();
         ++before) {
      const CardSet legal = start.legal_moves();
      start.play(select_card(legal, static_cast<int>(rng.below(popcount(legal)))));
    }
    PlayState fast = start, plain = start;
    Rng a(5000 + deal), b(5000 + deal);
    const int played = fast.play_random(a);
    int plain_played = 0;
    for (; !plain.is_terminal(); ++plain_played) {
      const CardSet legal = plain.legal_moves();
      plain.play(select_card(legal, static_cast<int>(b.below(popcount(legal)))));
    }
    CHECK_EQ(played, plain_played);
    CHECK(snapshot(fast) == snapshot(plain));
    REQUIRE(fast.cards_played() == plain.cards_played());
    for (int i = 0; i < fast.cards_played(); ++i) {
      CHECK_EQ(fast.history_card(i), plain.history_card(i));
      CHECK_EQ(fast.history_player(i), plain.history_player(i));
    }
    REQUIRE(fast.tricks_played() == plain.tricks_played());
    for (int t = 0; t < fast.tricks_played(); ++t) {
      const TrickRecord& x = fast.trick_record(t);
      const TrickRecord& y = plain.trick_record(t);
      CHECK_EQ(x.leader, y.leader);
      CHECK_EQ(x.winner, y.winner);
      CHECK_EQ(x.points, y.points);
      CHECK_EQ(x.bonus, y.bonus);
      CHECK_EQ(x.first, y.first);
      CHECK_EQ(x.size, y.size);
    }
    CHECK_EQ(a.next(), b.next());
    // Undo takes the fast playout back to where it started, as it would the plain loop.
    for (int i = 0; i < played; ++i) fast.undo();
    CHECK(snapshot(fast) == snapshot(start));
  }
}

// play_random_seats() draws each card from the generator of the seat to move: the plain loop
// of legal_moves() with one generator per seat; one generator for every seat is play_random().
TEST(play_state, random_seats_draw_from_the_seat_to_move) {
  Rng deals(12);
  for (int deal = 0; deal < 200; ++deal) {
    const PlayState start = klaverjas_state(deals, deal & 3, KlaverjasPlayRules(deal >> 2 & 1));
    PlayState seats_state = start, plain = start, single = start, reference = start;
    std::array<Rng, 4> mine{Rng(deal), Rng(deal + 1), Rng(deal + 2), Rng(deal + 3)};
    std::array<Rng, 4> theirs = mine;
    std::array<Rng*, kMaxPlayers> pointers{};
    for (int p = 0; p < 4; ++p) pointers[p] = &mine[p];
    CHECK_EQ(seats_state.play_random_seats(pointers.data()), 32);
    while (!plain.is_terminal()) {
      const CardSet legal = plain.legal_moves();
      Rng& rng = theirs[plain.to_move()];
      plain.play(select_card(legal, static_cast<int>(rng.below(popcount(legal)))));
    }
    for (int i = 0; i < 32; ++i) CHECK_EQ(seats_state.history_card(i), plain.history_card(i));
    CHECK(snapshot(seats_state) == snapshot(plain));
    for (int p = 0; p < 4; ++p) CHECK_EQ(mine[p].next(), theirs[p].next());  // the same draws

    Rng shared(deal), alone(deal);
    for (int p = 0; p < 4; ++p) pointers[p] = &shared;
    single.play_random_seats(pointers.data());
    reference.play_random(alone);
    CHECK(snapshot(single) == snapshot(reference));
    CHECK_EQ(seats_state.play_random_seats(pointers.data()), 0);  // the play is over
  }
}

// States share their rules table: equal tables are one copy, a changed table another.
TEST(play_state, shared_rules_tables) {
  Rng rng(4);
  const PlayState a = klaverjas_state(rng, kHearts, KlaverjasPlayRules::kAmsterdam);
  const PlayState b = klaverjas_state(rng, kHearts, KlaverjasPlayRules::kAmsterdam);
  const PlayState c = klaverjas_state(rng, kHearts, KlaverjasPlayRules::kRotterdam);
  CHECK(&a.rules() == &b.rules());
  CHECK(&a.rules() != &c.rules());
  RulesTable changed = a.rules();
  changed.points[make_card(kHearts, kSeven)] = 1;
  CHECK(intern_rules(changed).get() != &a.rules());
  CHECK(intern_rules(changed).get() == intern_rules(changed).get());
  CHECK_EQ(a.rules().points[make_card(kHearts, kSeven)], 0);
}

TEST(play_state, checked_entry_points) {
  Rng rng(3);
  PlayState s = klaverjas_state(rng, kHearts, KlaverjasPlayRules::kAmsterdam);
  const Card not_held = lowest_card(s.hand((s.to_move() + 1) % 4));
  CHECK_THROWS(s.play_checked(not_held), IllegalAction);
  CHECK_THROWS(s.undo_checked(), std::logic_error);
}

namespace {
// What a state shows without its record: hands, points, bonus and tricks won, the trick, who
// moves, the seats in the play and the legal cards.
std::vector<long long> position(const PlayState& s) {
  std::vector<long long> out;
  for (int p = 0; p < s.num_players(); ++p) {
    out.push_back(static_cast<long long>(s.hand(p)));
    out.push_back(s.points_won(p) * 1000 + s.bonus_won(p));
    out.push_back(s.tricks_won(p));
  }
  out.push_back(s.to_move());
  out.push_back(s.leader());
  out.push_back(s.trick_len());
  for (int i = 0; i < s.trick_len(); ++i) out.push_back(s.trick_card(i) * 16 + s.trick_player(i));
  out.push_back(static_cast<long long>(s.trick_cards()));
  out.push_back(s.trick_points());
  out.push_back(s.current_winner());
  out.push_back(s.cards_played());
  out.push_back(s.tricks_played());
  out.push_back(s.num_folds());
  out.push_back(s.active());
  out.push_back(s.trick_size());
  out.push_back(s.is_terminal());
  out.push_back(static_cast<long long>(s.legal_moves()));
  out.push_back(s.can_fold());
  return out;
}
}  // namespace

// A state that keeps no record of the play plays as one that keeps it: the same positions, the
// same random playouts (with folds where the setup allows them), the same generator afterwards;
// and, before any fold, it takes back a card of the trick in progress as the other does.
TEST(play_state, state_without_history_plays_as_one_with_it) {
  Rng rng(33);
  for (int deal = 0; deal < 1000; ++deal) {
    PlayStateSetup setup = random_setup(rng);
    if (setup.tricks == 0 && rng.below(3) == 0) setup.folding = true;
    PlayState with(setup);
    setup.history = false;
    PlayState without(setup);
    CHECK(with.has_history());
    CHECK(!without.has_history());
    CHECK(position(with) == position(without));
    for (int stop = static_cast<int>(rng.below(24)); stop > 0 && !with.is_terminal(); --stop) {
      const CardSet legal = with.legal_moves();
      const int n = popcount(legal);
      const int k = static_cast<int>(rng.below(static_cast<std::uint64_t>(n) + with.can_fold()));
      if (k == n) {
        with.fold();
        without.fold();
      } else {
        with.play(select_card(legal, k));
        without.play(select_card(legal, k));
      }
      REQUIRE(position(with) == position(without));
    }
    if (with.trick_len() > 0 && with.num_folds() == 0) {
      PlayState a = with, b = without;
      a.undo();
      b.undo();
      CHECK(position(a) == position(b));
    }
    // A copy that drops its record on the way plays on as the others.
    PlayState dropped = with;
    dropped.drop_history();
    CHECK(!dropped.has_history());
    Rng r1(900 + deal), r2(900 + deal), r3(900 + deal);
    CHECK_EQ(with.play_random(r1), without.play_random(r2));
    dropped.play_random(r3);
    CHECK(position(with) == position(without));
    CHECK(position(with) == position(dropped));
    const std::uint64_t next = r1.next();
    CHECK_EQ(next, r2.next());
    CHECK_EQ(next, r3.next());
  }
}

// Copies and assignments of a state keep records of their own: play in one never shows in
// another's history, and each takes its own cards back.
TEST(play_state, copies_keep_their_own_history) {
  Rng rng(34);
  for (int deal = 0; deal < 200; ++deal) {
    PlayState a =
        klaverjas_state(rng, static_cast<int>(rng.below(4)), KlaverjasPlayRules::kAmsterdam);
    for (int k = static_cast<int>(rng.below(20)); k > 0; --k)
      a.play(random_card(a.legal_moves(), rng));
    const std::vector<long long> at = snapshot(a);
    PlayState b = a;  // a copy
    PlayState c = klaverjas_state(rng, 0, KlaverjasPlayRules::kRotterdam);
    c.play(random_card(c.legal_moves(), rng));
    c = a;  // an assignment over a state with a record of its own
    PlayState d = klaverjas_state(rng, 0, KlaverjasPlayRules::kRotterdam);
    d.drop_history();
    d = a;  // an assignment over a state without one
    CHECK(b.has_history() && c.has_history() && d.has_history());
    Rng r1(deal), r2(deal + 1), r3(deal + 2);
    const int pb = b.play_random(r1), pc = c.play_random(r2), pd = d.play_random(r3);
    CHECK(snapshot(a) == at);
    for (int i = 0; i < pb; ++i) b.undo();
    for (int i = 0; i < pc; ++i) c.undo();
    for (int i = 0; i < pd; ++i) d.undo();
    CHECK(snapshot(b) == at);
    CHECK(snapshot(c) == at);
    CHECK(snapshot(d) == at);
    for (int i = 0; i < a.cards_played(); ++i) {
      CHECK_EQ(b.history_card(i), a.history_card(i));
      CHECK_EQ(c.history_player(i), a.history_player(i));
    }
    PlayState e = std::move(b);
    CHECK(snapshot(e) == at);
  }
}

// What needs the record refuses a state without one, by an Error, and leaves it unchanged;
// the record can be started only before the first card.
TEST(play_state, record_needed_without_history) {
  Rng rng(35);
  PlayState s = klaverjas_state(rng, kHearts, KlaverjasPlayRules::kAmsterdam);
  s.drop_history();
  for (int i = 0; i < 4; ++i) s.play(lowest_card(s.legal_moves()));
  const std::vector<long long> at = position(s);
  CHECK_THROWS(s.undo_checked(), Error);  // the card that ended a trick
  std::array<CardSet, kMaxPlayers> hands{};
  for (int p = 0; p < 4; ++p) hands[p] = s.hand(p);
  CHECK_THROWS(s.set_hands(hands), Error);
  CHECK_THROWS(s.keep_history(), Error);
  CHECK(position(s) == at);
  s.play(lowest_card(s.legal_moves()));
  s.undo_checked();  // a card of the trick in progress
  CHECK(position(s) == at);

  PlayState t = klaverjas_state(rng, kSpades, KlaverjasPlayRules::kAmsterdam);
  PlayState u = t;
  u.drop_history();
  u.keep_history();  // nothing played yet: the record starts here
  Rng r1(7), r2(7);
  t.play_random(r1);
  u.play_random(r2);
  CHECK(snapshot(t) == snapshot(u));
  for (int i = 0; i < t.cards_played(); ++i) CHECK_EQ(t.history_card(i), u.history_card(i));
}

// The state without its record stays small (the record lives beside it, where it is asked for).
TEST(play_state, state_is_small) {
  CHECK(sizeof(PlayState) <= 256);
}
