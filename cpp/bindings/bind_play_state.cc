#include <pybind11/stl.h>
#include <pybind11/typing.h>

#include <algorithm>
#include <array>
#include <tuple>
#include <utility>
#include <vector>

#include "bindings.h"
#include "tricktaker/play_state.h"
#include "tricktaker/rng.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {
PlayState make_state(const RulesTable& rules, const std::vector<CardSet>& hands,
                     const std::vector<int>& sides, int leader, std::uint16_t active,
                     CardSet first_lead_cards, int fixed_leader, bool folding, int tricks) {
  PlayStateSetup setup;
  setup.rules = rules;
  const int n = static_cast<int>(hands.size());
  if (n < 2 || n > kMaxPlayers)
    throw Error("hands: need one hand per seat for 2.." + std::to_string(kMaxPlayers) +
                " seats, got " + std::to_string(n));
  if (static_cast<int>(sides.size()) != n)
    throw Error("sides: need one side per seat (" + std::to_string(n) + "), got " +
                std::to_string(sides.size()));
  setup.num_players = n;
  for (int p = 0; p < n; ++p) {
    if (sides[p] < 0 || sides[p] >= kMaxPlayers)
      throw Error("sides must be 0.." + std::to_string(kMaxPlayers - 1));
    setup.hands[p] = hands[p];
    setup.side[p] = static_cast<std::uint8_t>(sides[p]);
  }
  setup.leader = leader;
  setup.active = active;
  setup.first_lead_cards = first_lead_cards;
  setup.fixed_leader = fixed_leader;
  setup.folding = folding;
  setup.tricks = tricks;
  return PlayState(setup);
}

// A side as the play state numbers them (make_state() takes sides 0..kMaxPlayers-1).
int side_arg(const py::int_& side) {
  return static_cast<int>(int_in_range(side, "side", 0, kMaxPlayers - 1));
}

// A card id 0..63 to play: anything else is no card, an IllegalAction like a card not held.
Card card_arg(const py::int_& card) {
  if (PyBool_Check(card.ptr())) throw py::type_error("card must be an int, not bool");
  int overflow = 0;
  const long long c = PyLong_AsLongLongAndOverflow(card.ptr(), &overflow);
  if (c == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow != 0 || c < 0 || c > 63)
    throw IllegalAction("not a card id: " + std::string(py::str(card)) + " (card ids are 0..63)");
  return static_cast<Card>(c);
}

// The card ids of a set as a Python list, built directly (the per-card path of step loops).
py::typing::List<int> card_list(CardSet s) {
  auto out = py::reinterpret_steal<py::typing::List<int>>(PyList_New(popcount(s)));
  if (!out) throw py::error_already_set();
  py::ssize_t i = 0;
  for (Card c : cards_of{s}) PyList_SET_ITEM(out.ptr(), i++, PyLong_FromLong(c));
  return out;
}

// PlayState.play_random_seats: every argument is checked before the first card, so a bad one
// changes nothing.
int play_random_seats(PlayState& s, const py::typing::Iterable<py::typing::Optional<Rng>>& rngs) {
  const int n = s.num_players();
  // Held for the call: an iterable may make its items as they are asked for.
  std::vector<py::object> items;
  for (py::handle item : rngs) items.push_back(py::reinterpret_borrow<py::object>(item));
  if (static_cast<int>(items.size()) != n)
    throw Error("rngs: need one generator (an Rng, or None for a seat without cards) per seat (" +
                std::to_string(n) + "), got " + std::to_string(items.size()));
  std::array<Rng*, kMaxPlayers> seats{};
  for (int seat = 0; seat < n; ++seat) {
    const py::object& item = items[seat];
    if (item.is_none()) {
      if (s.hand(seat) != 0)
        throw Error("rngs[" + std::to_string(seat) +
                    "]: the seat holds cards, so it needs a generator (an Rng), not None");
      continue;
    }
    if (!py::isinstance<Rng>(item))
      throw Error("rngs[" + std::to_string(seat) + "]: expected an Rng or None, got " +
                  std::string(py::str(py::type::of(item).attr("__name__"))));
    seats[seat] = &item.cast<Rng&>();
  }
  return s.play_random_seats(seats.data());
}

// PlayState.history_items: the table is checked whole before any item is taken.
py::typing::List<py::object> history_items(
    const PlayState& s, const py::int_& start,
    const py::typing::List<py::typing::List<py::object>>& table) {
  const int played = s.cards_played();
  const int first = static_cast<int>(int_in_range(start, "start", 0, played));
  const int n = s.num_players();
  if (PyList_GET_SIZE(table.ptr()) < n)
    throw Error("table: need one list of 64 items per seat (" + std::to_string(n) + "), got " +
                std::to_string(PyList_GET_SIZE(table.ptr())));
  for (int seat = 0; seat < n; ++seat) {
    PyObject* row = PyList_GET_ITEM(table.ptr(), seat);
    if (!PyList_Check(row) || PyList_GET_SIZE(row) != 64)
      throw Error("table[" + std::to_string(seat) + "]: need a list of 64 items, one per card id");
  }
  auto out = py::reinterpret_steal<py::typing::List<py::object>>(PyList_New(played - first));
  if (!out) throw py::error_already_set();
  for (int i = first; i < played; ++i) {
    PyObject* row = PyList_GET_ITEM(table.ptr(), s.history_player(i));
    PyObject* item = PyList_GET_ITEM(row, s.history_card(i));
    Py_INCREF(item);
    PyList_SET_ITEM(out.ptr(), i - first, item);
  }
  return out;
}

}  // namespace

namespace {
std::vector<Card> to_trick(const RulesTable& rules, const std::vector<int>& cards) {
  if (cards.size() >= static_cast<std::size_t>(kMaxPlayers))
    throw Error("a trick holds at most " + std::to_string(kMaxPlayers - 1) +
                " cards before the player to move");
  std::vector<Card> trick;
  for (int c : cards) {
    if (!is_valid_card(c) || !rules.in_deck(static_cast<Card>(c)))
      throw Error("trick: card id " + std::to_string(c) + " is not in this deck");
    trick.push_back(static_cast<Card>(c));
  }
  return trick;
}
}  // namespace

void bind_play_state(py::module_& m) {
  m.def(
      "trick_winner_index",
      [](const RulesTable& rules, const std::vector<int>& cards) {
        const auto trick = to_trick(rules, cards);
        return trick_winner_index(rules, trick.data(), static_cast<int>(trick.size()));
      },
      py::arg("rules"), py::arg("cards"),
      "Position of the card winning a (partial) trick, or -1 for an empty one.");
  m.def(
      "legal_cards",
      [](const RulesTable& rules, CardSet hand, const std::vector<int>& cards,
         bool partner_winning) {
        const auto trick = to_trick(rules, cards);
        const int n = static_cast<int>(trick.size());
        const int winner = n ? trick_winner_index(rules, trick.data(), n) : 0;
        return legal_cards(rules, hand, trick.data(), n, winner, partner_winning);
      },
      py::arg("rules"), py::arg("hand"), py::arg("trick"), py::arg("partner_winning"),
      "The legal cards (mask) of a hand facing a partial trick; for tests and samplers.");

  py::class_<TrickRecord>(m, "TrickRecord")
      .def_property_readonly("leader", [](const TrickRecord& r) { return int(r.leader); })
      .def_property_readonly("winner", [](const TrickRecord& r) { return int(r.winner); })
      .def_property_readonly("points", [](const TrickRecord& r) { return int(r.points); })
      .def_property_readonly("bonus", [](const TrickRecord& r) { return int(r.bonus); })
      .def_property_readonly(
          "first", [](const TrickRecord& r) { return int(r.first); },
          "Index of the trick's first card in the history.")
      .def_property_readonly(
          "size", [](const TrickRecord& r) { return int(r.size); }, "Cards in the trick.");

  py::class_<PlayState>(m, "PlayState",
                        "The card-play state of one deal: hands, trick, history, winnings.")
      .def(py::init(&make_state), py::arg("rules"), py::arg("hands"), py::arg("sides"),
           py::arg("leader"), py::arg("active") = 0, py::arg("first_lead_cards") = 0,
           py::arg("fixed_leader") = -1, py::arg("folding") = false, py::arg("tricks") = 0)
      .def("legal_moves", &PlayState::legal_moves, "Legal cards as a bit mask.")
      .def(
          "legal_cards", [](const PlayState& s) { return card_list(s.legal_moves()); },
          "Legal card ids in increasing order.")
      .def(
          "step",
          [](PlayState& s, const py::int_& card) {
            s.play_checked(card_arg(card));
            return card_list(s.legal_moves());
          },
          py::arg("card"),
          "Play a card (checked, as play()) and return the legal cards of the next player to "
          "move, [] once the play is over: a Python step loop in one call per card.")
      .def(
          "step_items",
          [](PlayState& s, const py::int_& card, const py::typing::List<py::object>& table) {
            check_card_table(table);
            s.play_checked(card_arg(card));
            return card_items(s.legal_moves(), table);
          },
          py::arg("card"), py::arg("table"),
          "As step(), with the next player's legal cards given as the items table[c] of a "
          "table of 64 items, one per card id (card actions): nothing is played when the table "
          "is malformed.")
      .def(
          "play", [](PlayState& s, const py::int_& card) { s.play_checked(card_arg(card)); },
          py::arg("card"),
          "Play a card; raises IllegalAction naming the legal cards and changes nothing.")
      .def(
          "play_any_held",
          [](PlayState& s, const py::int_& card) { return s.play_any_held(card_arg(card)); },
          py::arg("card"), "Play a held card even if illegal; returns whether it was legal.")
      .def(
          "play_random",
          [](PlayState& s, std::uint64_t seed) {
            Rng rng(seed);
            return s.play_random(rng);
          },
          py::arg("seed"),
          "Play uniformly random legal cards (and folds, where allowed) to the end, drawn from "
          "the core's generator seeded with seed; returns the cards played.")
      .def("play_random_seats", &play_random_seats, py::arg("rngs"),
           "Play the cards to the end of the play, each seat drawing from its own generator: "
           "rngs[seat].below(n) picks among its n legal cards in card id order, as a seeded "
           "random player picks from legal_cards(); never a fold. One generator (or None) per "
           "seat, a generator for every seat that holds a card; returns the cards played.")
      .def(
          "replay_held",
          [](PlayState& s, const std::vector<std::pair<int, int>>& plays) {
            for (const auto& [seat, card] : plays) {
              if (s.to_move() != seat) return false;
              if (card < 0 || card > 63)
                throw IllegalAction("not a card id: " + std::to_string(card) +
                                    " (card ids are 0..63)");
              s.play_any_held(static_cast<Card>(card));
            }
            return true;
          },
          py::arg("plays"),
          "Play (seat, card) pairs in order, each a held card as play_any_held() plays it: "
          "False at the first pair whose seat is not the one to move (the pairs before it "
          "stay played), True when all are played; raises IllegalAction for a card not held. "
          "A history replayed in one call.")
      .def("history_items", &history_items, py::arg("start"), py::arg("table"),
           "The items table[seat][card] of every card played from index start on, in play "
           "order: one list of 64 items (one per card id) per seat, such as log entries; a "
           "stretch of the history in one call.")
      .def("undo", &PlayState::undo_checked, "Take back the last card played (or fold).")
      .def(
          "set_hands",
          [](PlayState& s, const std::vector<CardSet>& hands) {
            if (hands.size() != static_cast<std::size_t>(s.num_players()))
              throw Error("hands: need one hand per seat (" + std::to_string(s.num_players()) +
                          "), got " + std::to_string(hands.size()));
            std::array<CardSet, kMaxPlayers> h{};
            std::copy(hands.begin(), hands.end(), h.begin());
            s.set_hands(h);
          },
          py::arg("hands"),
          "Replace the hands by others of the same sizes (sampled hidden hands); raises "
          "ValueError for a wrong size or a card that is played, folded or held twice.")
      .def("can_fold", &PlayState::can_fold, "Whether the player to move may fold now.")
      .def("fold", &PlayState::fold_checked,
           "The player to move folds (raises IllegalAction when he may not).")
      .def_property_readonly("folding", &PlayState::folding)
      .def(
          "folded_cards",
          [](const PlayState& s, const py::int_& seat) {
            return s.folded_cards(seat_arg(s, seat));
          },
          py::arg("seat"), "The cards a seat folded (0 if he did not).")
      .def(
          "folds",
          [](const PlayState& s) {
            std::vector<std::tuple<int, int, CardSet>> out;
            for (int i = 0; i < s.num_folds(); ++i) {
              const FoldRecord& f = s.fold_record(i);
              out.emplace_back(int(f.seat), int(f.at), f.cards);
            }
            return out;
          },
          "Every fold so far as (seat, cards played before it, cards folded).")
      .def("copy", [](const PlayState& s) { return PlayState(s); })
      .def("__copy__", [](const PlayState& s) { return PlayState(s); })
      .def(
          "__deepcopy__", [](const PlayState& s, py::dict) { return PlayState(s); },
          py::arg("memo"))
      .def("is_terminal", &PlayState::is_terminal)
      .def_property_readonly("to_move", &PlayState::to_move)
      .def_property_readonly("leader", &PlayState::leader)
      .def_property_readonly("num_players", &PlayState::num_players)
      .def_property_readonly("active", &PlayState::active)
      // A copy: the state's table is shared with every state of the same rules, and a Python
      // object that wrapped it could change it for all of them.
      .def_property_readonly("rules", [](const PlayState& s) { return RulesTable(s.rules()); })
      .def_property_readonly("trick_size", &PlayState::trick_size)
      .def_property_readonly("tricks_played", &PlayState::tricks_played)
      .def_property_readonly("total_tricks", &PlayState::total_tricks)
      .def_property_readonly("cards_played", &PlayState::cards_played)
      .def_property_readonly("trick_len", &PlayState::trick_len,
                             "Cards in the current (unfinished) trick.")
      .def(
          "trick_record",
          [](const PlayState& s, const py::int_& index) {
            const int n = s.tricks_played();
            if (n == 0) throw Error("index: no trick is complete yet");
            int i = static_cast<int>(int_in_range(index, "index (a completed trick)", -n, n - 1));
            if (i < 0) i += n;
            return s.trick_record(i);
          },
          py::arg("index"), "A completed trick's record; negative indices count from the end.")
      .def(
          "side",
          [](const PlayState& s, const py::int_& seat) { return s.side(seat_arg(s, seat)); },
          py::arg("seat"), "The side (partnership) of a seat.")
      .def(
          "hand",
          [](const PlayState& s, const py::int_& seat) { return s.hand(seat_arg(s, seat)); },
          py::arg("seat"), "A seat's hand as a card mask.")
      .def(
          "trick",
          [](const PlayState& s) {
            std::vector<std::tuple<int, int>> out;
            for (int i = 0; i < s.trick_len(); ++i)
              out.emplace_back(s.trick_player(i), s.trick_card(i));
            return out;
          },
          "The current trick as (seat, card) pairs in play order.")
      .def("current_winner", &PlayState::current_winner,
           "The seat winning the current trick so far, or -1 when it is empty.")
      .def(
          "history",
          [](const PlayState& s) {
            std::vector<std::tuple<int, int>> out;
            for (int i = 0; i < s.cards_played(); ++i)
              out.emplace_back(s.history_player(i), s.history_card(i));
            return out;
          },
          "Every card played so far as (seat, card) pairs.")
      .def("trick_records",
           [](const PlayState& s) {
             std::vector<TrickRecord> out;
             for (int i = 0; i < s.tricks_played(); ++i) out.push_back(s.trick_record(i));
             return out;
           })
      // Every seat and side is checked here (seat_arg(), side_arg()): the core's accessors
      // index arrays directly on the per-card path.
      .def(
          "points_won",
          [](const PlayState& s, const py::int_& seat) { return s.points_won(seat_arg(s, seat)); },
          py::arg("seat"))
      .def(
          "bonus_won",
          [](const PlayState& s, const py::int_& seat) { return s.bonus_won(seat_arg(s, seat)); },
          py::arg("seat"))
      .def(
          "tricks_won",
          [](const PlayState& s, const py::int_& seat) { return s.tricks_won(seat_arg(s, seat)); },
          py::arg("seat"))
      .def(
          "cards_won",
          [](const PlayState& s, const py::int_& seat) { return s.cards_won(seat_arg(s, seat)); },
          py::arg("seat"))
      .def(
          "side_points",
          [](const PlayState& s, const py::int_& side) { return s.side_points(side_arg(side)); },
          py::arg("side"))
      .def(
          "side_bonus",
          [](const PlayState& s, const py::int_& side) { return s.side_bonus(side_arg(side)); },
          py::arg("side"))
      .def(
          "side_tricks",
          [](const PlayState& s, const py::int_& side) { return s.side_tricks(side_arg(side)); },
          py::arg("side"));
}

}  // namespace tricktaker::bindings
