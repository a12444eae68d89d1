// The card step of a deal in one call from Python: Deal.apply, Deal.legal_actions and
// Deal.is_over written against the C API, for the stretches of pure card play.
//
// A Python loop of legal_actions() + apply() per card spent most of its time in Python frames
// and binding calls (the play state's step, trick_len, to_move, the Event, the log). Here one
// call plays the card, makes the event and the log entry, and hands the next legal card actions
// to legal_actions(). What a family's deal does per card is data (a CardStep, declared in the
// family's folder); whatever the data does not say (a trick that ends the play, a claim window,
// a trick a family must look at) goes back to the family's Python (_card_stepped), and any
// action that is not a card of the seat to move in such a stretch goes to the Python apply.
//
// The protocol with the deal (protocol/base.py documents it on Deal); all but the log are slots
// of Deal (Deal.__slots__), read and written here at their offsets in the instance:
//   _card_step   the CardStep when the next card of the seat to move may take this path, else
//                None: the family's _card_step_now() says, after every action of the Python path;
//   state        the PlayState;
//   _next_legal  the legal card actions of the seat to move, made with the last card played here
//                (legal_actions() hands the list over once), else None;
//   _to_move     set to the seat to move after a card (where the CardStep says so);
//   _phase       where the deal stands ("over" once it is), read by is_over;
//   log          the log, to which (seat, card text) is appended.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <structmember.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "bindings.h"
#include "trick_gate.h"
#include "tricktaker/play_state.h"

namespace py = pybind11;

namespace tricktaker::bindings {

namespace {

// The fields of a trick record a CardStep may put in a trick-ending card's event.
enum TrickField : int { kTrickNo = 0, kLeader, kWinner, kPoints, kBonus };
// What a value of a CardStep's record is: a constant, the seat that played, the card's text.
enum RecordValue : int { kConstant = 0, kSeat, kCard };
// What a value of a CardStep's trick record is: a field of the trick (TrickField), or one of
// these: the trick's points without the last-trick bonus, that bonus (the rules table's, on the
// trick that ends the play, else 0), the trick's (seat, card text) pairs as lists, a constant.
enum TrickValue : int { kCardPoints = 16, kLastBonus, kCards, kTrickConstant };

TrickField trick_field(const std::string& name) {
  if (name == "trick") return kTrickNo;
  if (name == "leader") return kLeader;
  if (name == "winner") return kWinner;
  if (name == "points") return kPoints;
  if (name == "bonus") return kBonus;
  throw Error("trick_detail: unknown field '" + name +
              "' (fields: trick, leader, winner, points, bonus)");
}

int trick_value(const py::object& value, py::object& constant) {
  if (py::isinstance<py::tuple>(value) && py::len(value) == 1 &&
      py::isinstance<py::str>(value[py::int_(0)])) {
    const std::string what = py::str(value[py::int_(0)]);
    if (what == "card_points") return kCardPoints;
    if (what == "last_bonus") return kLastBonus;
    if (what == "cards") return kCards;
    if (what == "trick" || what == "leader" || what == "winner" || what == "points" ||
        what == "bonus")
      return trick_field(what);
    throw Error(
        "trick_record: a placeholder is one of ('trick',), ('leader',), ('winner',), "
        "('points',), ('bonus',), ('card_points',), ('last_bonus',), ('cards',); got ('" +
        what + "',)");
  }
  constant = value;
  return kTrickConstant;
}

RecordValue record_value(const py::object& value, py::object& constant) {
  if (py::isinstance<py::tuple>(value) && py::len(value) == 1 &&
      py::isinstance<py::str>(value[py::int_(0)])) {
    const std::string what = py::str(value[py::int_(0)]);
    if (what == "seat") return kSeat;
    if (what == "card") return kCard;
    throw Error("record: a placeholder is ('seat',) or ('card',), got ('" + what + "',)");
  }
  constant = value;
  return kConstant;
}

}  // namespace

// What a family's deal does for each card of a stretch of pure card play (see the header).
struct CardStep {
  py::str phase;             // the events' phase
  py::object detail_card;    // the key of the card's text in the event's detail, or None
  py::object detail_record;  // the key of a list holding the record in the detail, or None
  py::object record_list;    // the deal's attribute (a list) the record is appended to, or None
  std::vector<std::tuple<py::str, int, py::object>> record;  // key, RecordValue, constant
  py::object hands;  // the deal's attribute holding each seat's list of cards, or None
  std::vector<std::pair<py::str, int>> trick_detail;  // key, TrickField
  bool set_to_move = true;
  bool hook_every_trick = false;
  bool hook_on_bonus = false;
  // The deal's attribute (a list) a record of each completed trick is appended to, or None;
  // the record's key, TrickField or TrickValue, constant.
  py::object trick_list;
  std::vector<std::tuple<py::str, int, py::object>> trick_record;
  // The trick's record goes to the list of the card's records (trick_list is record_list): then
  // it also goes in the card's detail (detail_record) after the card's own record, as every
  // record the card adds to that list does.
  bool trick_in_detail = false;
  // with_gate: asked after each completed trick in place of hook_every_trick (a trick that ends
  // the play goes back regardless); gate holds the object gate_ptr points into.
  py::object gate = py::none();
  const TrickGate* gate_ptr = nullptr;
  py::tuple args;  // as given, for pickling (a gated step pickles as the step without its gate)
};

namespace {

// Set once by deal_step_init (protocol/base.py): the classes and tables the step builds with.
struct Globals {
  PyObject* event_type = nullptr;
  PyObject* action_type = nullptr;
  PyObject* card_table = nullptr;      // list of 64: the card action of each id, or None
  PyObject* card_names = nullptr;      // list of 64: the card text of each id
  PyObject* log_table = nullptr;       // list by seat of lists of 64 (seat, text) tuples
  PyObject* by_text = nullptr;         // dict: card text -> card action
  PyObject* slow_apply = nullptr;      // the Python apply
  PyObject* empty = nullptr;           // ()
  PyTypeObject* step_type = nullptr;   // pybind11's CardStep class
  PyTypeObject* state_type = nullptr;  // pybind11's PlayState class
  // Interned attribute and key names.
  PyObject *s_card_step, *s_state, *s_next_legal, *s_to_move, *s_log, *s_phase, *s_over, *s_seat,
      *s_action, *s_detail, *s_card, *s_card_stepped, *s_card_step_now, *s_event_phase,
      *s_legal_actions_py;
  // Where Event keeps seat, action, phase and detail: its slots' offsets in the instance.
  Py_ssize_t event_slots[4] = {0, 0, 0, 0};
  // Deal and where it keeps the card step's fields (DealSlot): its slots' offsets, and the
  // slots' descriptors, which no deal class may hide behind an attribute of its own.
  PyTypeObject* deal_type = nullptr;
  Py_ssize_t deal_slots[5] = {0, 0, 0, 0, 0};
  PyObject* deal_members[5] = {nullptr, nullptr, nullptr, nullptr, nullptr};
  bool ready = false;
};
Globals g;

// The slot at offset off of an instance.
PyObject** slot_at(PyObject* obj, Py_ssize_t off) {
  return reinterpret_cast<PyObject**>(reinterpret_cast<char*>(obj) + off);
}

// The card step's fields that Deal keeps in slots, in the order of Deal.__slots__.
enum DealSlot : int { kCardStepSlot = 0, kNextLegalSlot, kPhaseSlot, kToMoveSlot, kStateSlot };
const char* const kDealSlotNames[5] = {"_card_step", "_next_legal", "_phase", "_to_move", "state"};

// The offsets of the named slots of a class's own (T_OBJECT_EX members of its dict), and
// their descriptors (borrowed: the class holds them).
void slot_offsets(PyTypeObject* cls, const char* const* names, int n, Py_ssize_t* offsets,
                  PyObject** members, const char* what) {
  for (int i = 0; i < n; ++i) {
    PyObject* descr = PyDict_GetItemString(cls->tp_dict, names[i]);  // borrowed
    if (!descr || Py_TYPE(descr) != &PyMemberDescr_Type)
      throw Error(std::string(what) + ": '" + names[i] + "' is no slot of the class");
    const PyMemberDef* member = reinterpret_cast<PyMemberDescrObject*>(descr)->d_member;
    if (member->type != T_OBJECT_EX) throw Error(std::string(what) + ": slots hold objects");
    offsets[i] = member->offset;
    if (members) members[i] = descr;
  }
}

// A field of the deal's slots: borrowed, nullptr when the slot is empty (no error set). The
// deal is an instance of Deal (the methods' and descriptors' own checks).
inline PyObject* slot_get(PyObject* deal, DealSlot field) {
  return *slot_at(deal, g.deal_slots[field]);
}

// Sets a field of the deal's slots (the old value's reference dropped after).
inline void slot_set(PyObject* deal, DealSlot field, PyObject* value) {
  Py_INCREF(value);
  Py_XSETREF(*slot_at(deal, g.deal_slots[field]), value);
}

// A field of the deal's slots that the protocol gives a value from the deal's creation
// (_card_step, _next_legal, state once its play begins): an empty one reads as None. A new
// reference.
inline PyObject* slot_or_none(PyObject* deal, DealSlot field) {
  PyObject* value = slot_get(deal, field);
  if (!value) value = Py_None;
  Py_INCREF(value);
  return value;
}

// The C++ object of a pybind11 instance of exactly the class type (a simple layout: one value,
// no base with a value of its own), else nullptr.
template <typename T>
T* instance_value(PyObject* obj, PyTypeObject* type) {
  if (Py_TYPE(obj) != type) return nullptr;
  auto* inst = reinterpret_cast<py::detail::instance*>(obj);
  if (!inst->simple_layout) return nullptr;
  return static_cast<T*>(inst->simple_value_holder[0]);  // nullptr before __init__
}

PyObject* intern(const char* s) {
  PyObject* o = PyUnicode_InternFromString(s);
  if (!o) throw py::error_already_set();
  return o;
}

// The card id of a card action (one of the 64 shared instances) or a card's canonical text;
// -1 for anything else (the Python path then parses or rejects it).
int card_of(PyObject* action) {
  PyObject* looked = action;
  if (Py_TYPE(action) != reinterpret_cast<PyTypeObject*>(g.action_type)) {
    if (!PyUnicode_CheckExact(action)) return -1;
    looked = PyDict_GetItemWithError(g.by_text, action);  // borrowed
    if (!looked) {
      PyErr_Clear();
      return -1;
    }
  }
  // The card attribute's id tells where to look; the table holding the very object proves it.
  PyObject* const* table = &PyList_GET_ITEM(g.card_table, 0);
  static std::vector<std::pair<PyObject*, int>> index;  // sorted by object address
  if (index.empty()) {
    for (int c = 0; c < 64; ++c)
      if (table[c] != Py_None) index.emplace_back(table[c], c);
    std::sort(index.begin(), index.end());
  }
  auto it = std::lower_bound(index.begin(), index.end(), std::make_pair(looked, -1));
  if (it == index.end() || it->first != looked) return -1;
  return it->second;
}

// A new Event(seat, action, phase, detail), made as Event.__init__ makes it (its four slots
// filled) without a Python frame. Steals detail.
PyObject* make_event(int seat, PyObject* action, PyObject* phase, PyObject* detail) {
  PyTypeObject* type = reinterpret_cast<PyTypeObject*>(g.event_type);
  PyObject* seat_obj = PyLong_FromLong(seat);
  PyObject* event = seat_obj ? type->tp_alloc(type, 0) : nullptr;  // slots start NULL
  if (!event) {
    Py_XDECREF(seat_obj);
    Py_DECREF(detail);
    return nullptr;
  }
  Py_INCREF(action);
  Py_INCREF(phase);
  *slot_at(event, g.event_slots[0]) = seat_obj;
  *slot_at(event, g.event_slots[1]) = action;
  *slot_at(event, g.event_slots[2]) = phase;
  *slot_at(event, g.event_slots[3]) = detail;
  return event;
}

// Event.__init__(self, seat, action, phase, detail=None): the Python one of protocol/base.py
// (kept there as _event_init_py) without its frame and its four object.__setattr__ calls.
PyObject* event_init(PyObject* self, PyObject* const* args, Py_ssize_t nargsf, PyObject* kwnames) {
  static const char* const names[4] = {"seat", "action", "phase", "detail"};
  const Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  if (nargs > 4) {
    PyErr_Format(PyExc_TypeError,
                 "Event.__init__() takes from 4 to 5 positional arguments but %zd were given",
                 nargs + 1);
    return nullptr;
  }
  PyObject* values[4] = {nullptr, nullptr, nullptr, nullptr};
  for (Py_ssize_t i = 0; i < nargs; ++i) values[i] = args[i];
  const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject* key = PyTuple_GET_ITEM(kwnames, k);
    int which = -1;
    for (int i = 0; i < 4 && which < 0; ++i)
      if (PyUnicode_CompareWithASCIIString(key, names[i]) == 0) which = i;
    if (which < 0) {
      PyErr_Format(PyExc_TypeError, "Event.__init__() got an unexpected keyword argument '%U'",
                   key);
      return nullptr;
    }
    if (values[which]) {
      PyErr_Format(PyExc_TypeError, "Event.__init__() got multiple values for argument '%s'",
                   names[which]);
      return nullptr;
    }
    values[which] = args[nargs + k];
  }
  for (int i = 0; i < 3; ++i)
    if (!values[i]) {
      PyErr_Format(PyExc_TypeError, "Event.__init__() missing required argument: '%s'", names[i]);
      return nullptr;
    }
  PyObject* detail = values[3] && values[3] != Py_None ? values[3] : nullptr;
  if (detail) {
    Py_INCREF(detail);
  } else if (!(detail = PyDict_New())) {
    return nullptr;
  }
  for (int i = 0; i < 3; ++i) {
    Py_INCREF(values[i]);
    Py_XSETREF(*slot_at(self, g.event_slots[i]), values[i]);
  }
  Py_XSETREF(*slot_at(self, g.event_slots[3]), detail);
  Py_RETURN_NONE;
}

PyMethodDef event_init_def = {
    "__init__", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(event_init)),
    METH_FASTCALL | METH_KEYWORDS,
    "__init__($self, /, seat, action, phase, detail=None)\n--\n\n"
    "An event: the seat that acted, the action's text, the phase and the detail (a new dict "
    "when None)."};

// The card actions of a set of cards, in id order (as mask_to_items).
PyObject* card_actions(CardSet cards) {
  PyObject* out = PyList_New(popcount(cards));
  if (!out) return nullptr;
  Py_ssize_t i = 0;
  for (Card c : cards_of{cards}) {
    PyObject* item = PyList_GET_ITEM(g.card_table, c);
    Py_INCREF(item);
    PyList_SET_ITEM(out, i++, item);
  }
  return out;
}

// The deal's attributes are read and written in its instance dict when it has one, else
// through the generic attribute API (as object.__getattribute__ / object.__setattr__ do), never
// by asking for the dict: that makes one out of the instance's inline values for good, and a
// deal without them loses the interpreter's specialized reads of its methods (deal.apply,
// deal.legal_actions) at every card. A deal whose fields are too many for the class's shared
// keys has a dict from the start; a dict look-up is then cheaper than the generic access (which
// looks the name up along the class's bases first). Either way the class's own __setattr__ is
// bypassed, and a name the instance does not hold is the class default (None for the
// protocol's own fields).

// The field helpers are in every step's path: inlined, they cost no call of their own.
#if defined(__GNUC__) || defined(__clang__)
#define TT_FIELD_INLINE inline __attribute__((always_inline))
#else
#define TT_FIELD_INLINE inline
#endif

// The deal's instance dict if it has one already, else nullptr (it never makes one). CPython
// 3.11 keeps a managed dict's pointer in the slot three words before the object (after its
// inline values' pointer); other versions take the generic path throughout.
inline PyObject* existing_dict(PyObject* deal) {
#if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030C0000 && !defined(Py_LIMITED_API)
  if (PyType_HasFeature(Py_TYPE(deal), Py_TPFLAGS_MANAGED_DICT))
    return reinterpret_cast<PyObject**>(deal)[-3];
#else
  (void)deal;
#endif
  return nullptr;
}

// A new reference; nullptr with the error set.
TT_FIELD_INLINE PyObject* get_field(PyObject* deal, PyObject* name) {
  if (PyObject* dict = existing_dict(deal)) {
    PyObject* value = PyDict_GetItemWithError(dict, name);  // borrowed
    if (value) {
      Py_INCREF(value);
      return value;
    }
    if (PyErr_Occurred()) return nullptr;
  }
  return PyObject_GenericGetAttr(deal, name);  // inline values, or the class default
}

TT_FIELD_INLINE int set_attr(PyObject* deal, PyObject* name, PyObject* value) {
  if (PyObject* dict = existing_dict(deal)) return PyDict_SetItem(dict, name, value);
  return PyObject_GenericSetAttr(deal, name, value);
}

// The detail of a card's event and the record the CardStep describes; new references.
bool card_detail(const CardStep& step, PyObject* deal, int seat, PyObject* name,
                 PyObject** detail_out) {
  PyObject* detail = PyDict_New();
  if (!detail) return false;
  if (!step.detail_card.is_none() && PyDict_SetItem(detail, step.detail_card.ptr(), name) < 0) {
    Py_DECREF(detail);
    return false;
  }
  if (!step.record_list.is_none()) {
    PyObject* record = PyDict_New();
    bool ok = record != nullptr;
    for (const auto& [key, kind, constant] : step.record) {
      if (!ok) break;
      PyObject* value = kind == kSeat ? PyLong_FromLong(seat) : nullptr;
      if (kind == kSeat && !value) {
        ok = false;
        break;
      }
      PyObject* v = kind == kSeat ? value : kind == kCard ? name : constant.ptr();
      ok = PyDict_SetItem(record, key.ptr(), v) == 0;
      Py_XDECREF(value);
    }
    PyObject* list = ok ? get_field(deal, step.record_list.ptr()) : nullptr;
    ok = list && PyList_Check(list) && PyList_Append(list, record) == 0;
    if (!ok && !PyErr_Occurred())
      PyErr_SetString(PyExc_TypeError, "the deal's record list is missing or no list");
    Py_XDECREF(list);
    if (ok && !step.detail_record.is_none()) {
      PyObject* holder = PyList_New(1);
      ok = holder != nullptr;
      if (ok) {
        Py_INCREF(record);
        PyList_SET_ITEM(holder, 0, record);
        ok = PyDict_SetItem(detail, step.detail_record.ptr(), holder) == 0;
        Py_DECREF(holder);
      }
    }
    Py_XDECREF(record);
    if (!ok) {
      Py_DECREF(detail);
      return false;
    }
  }
  *detail_out = detail;
  return true;
}

// Takes the card off the seat's list of cards (cards are interned: found by identity).
bool remove_from_hand(const CardStep& step, PyObject* deal, int seat, PyObject* card_action) {
  PyObject* hands = get_field(deal, step.hands.ptr());
  if (!hands) return false;
  PyObject* hand = PySequence_GetItem(hands, seat);
  Py_DECREF(hands);
  if (!hand) return false;
  PyObject* card = PyObject_GetAttr(card_action, g.s_card);
  bool ok = card != nullptr && PyList_Check(hand);
  if (ok) {
    ok = false;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(hand); ++i) {
      if (PyList_GET_ITEM(hand, i) == card) {
        ok = PyList_SetSlice(hand, i, i + 1, nullptr) == 0;
        break;
      }
    }
    if (!ok && !PyErr_Occurred())
      PyErr_SetString(PyExc_RuntimeError, "a card played was not in its seat's list of cards");
  }
  Py_XDECREF(card);
  Py_DECREF(hand);
  return ok;
}

// A number of a completed trick's record (TrickField, kCardPoints or kLastBonus).
long trick_number(int field, const PlayState& state, const TrickRecord& record) {
  const long last_bonus = state.is_terminal() ? state.rules().last_trick_bonus : 0;
  switch (field) {
    case kTrickNo:
      return state.tricks_played();
    case kLeader:
      return record.leader;
    case kWinner:
      return record.winner;
    case kPoints:
      return record.points;
    case kBonus:
      return record.bonus;
    case kCardPoints:
      return record.points - last_bonus;
    default:
      return last_bonus;
  }
}

// The trick's cards as [seat, card text] lists, in play order; a new reference.
PyObject* trick_cards(const PlayState& state, const TrickRecord& record) {
  PyObject* out = PyList_New(record.size);
  if (!out) return nullptr;
  for (int i = 0; i < record.size; ++i) {
    const int at = record.first + i;
    PyObject* pair = PyList_New(2);
    PyObject* seat = pair ? PyLong_FromLong(state.history_player(at)) : nullptr;
    if (!seat) {
      Py_XDECREF(pair);
      Py_DECREF(out);
      return nullptr;
    }
    PyObject* name = PyList_GET_ITEM(g.card_names, state.history_card(at));
    Py_INCREF(name);
    PyList_SET_ITEM(pair, 0, seat);
    PyList_SET_ITEM(pair, 1, name);
    PyList_SET_ITEM(out, i, pair);
  }
  return out;
}

// Appends the CardStep's record of the completed trick to the deal's trick list.
// The record, borrowed, in *made (the list holds it) when made is not nullptr.
bool append_trick_record(const CardStep& step, PyObject* deal, const PlayState& state,
                         const TrickRecord& record, PyObject** made) {
  PyObject* out = PyDict_New();
  bool ok = out != nullptr;
  for (const auto& [key, kind, constant] : step.trick_record) {
    if (!ok) break;
    PyObject* value = nullptr;
    if (kind == kTrickConstant) {
      value = constant.ptr();
      Py_INCREF(value);
    } else if (kind == kCards) {
      value = trick_cards(state, record);
    } else {
      value = PyLong_FromLong(trick_number(kind, state, record));
    }
    ok = value && PyDict_SetItem(out, key.ptr(), value) == 0;
    Py_XDECREF(value);
  }
  PyObject* list = ok ? get_field(deal, step.trick_list.ptr()) : nullptr;
  ok = list && PyList_Check(list) && PyList_Append(list, out) == 0;
  if (!ok && !PyErr_Occurred())
    PyErr_SetString(PyExc_TypeError, "the deal's trick list is missing or no list");
  Py_XDECREF(list);
  if (ok && made) *made = out;
  Py_XDECREF(out);
  return ok;
}

// Whether a completed trick goes back to the family's Python by the step's gate or, without
// one, hook_every_trick. A gate that throws (a context the core refuses) hands the trick back:
// the family's Python then raises the error as it would without the step.
bool hands_back(const CardStep& step, const PlayState& state) {
  if (!step.gate_ptr) return step.hook_every_trick;
  try {
    return step.gate_ptr->hands_back(state);
  } catch (...) {
    return true;
  }
}

PyObject* const kNotTaken = reinterpret_cast<PyObject*>(&g);  // never a Python object

// The steps after the card is played; false with the error set. Fills *event.
bool after_card(PyObject* deal, const CardStep& step, PlayState& state, int seat, int card,
                PyObject** event) {
  PyObject* card_action = PyList_GET_ITEM(g.card_table, card);
  PyObject* name = PyList_GET_ITEM(g.card_names, card);
  PyObject* detail = nullptr;
  if (!card_detail(step, deal, seat, name, &detail)) return false;
  bool ok = step.hands.is_none() || remove_from_hand(step, deal, seat, card_action);
  if (ok && state.trick_len() == 0) {
    const TrickRecord& record = state.trick_record(state.tricks_played() - 1);
    for (const auto& [key, field] : step.trick_detail) {
      PyObject* value = PyLong_FromLong(trick_number(field, state, record));
      ok = value && PyDict_SetItem(detail, key.ptr(), value) == 0;
      Py_XDECREF(value);
      if (!ok) break;
    }
    PyObject* made = nullptr;  // the trick's record, borrowed
    if (ok && !step.trick_list.is_none())
      ok = append_trick_record(step, deal, state, record, step.trick_in_detail ? &made : nullptr);
    if (ok && made) {
      PyObject* holder = PyDict_GetItemWithError(detail, step.detail_record.ptr());  // borrowed
      ok = holder && PyList_CheckExact(holder) && PyList_Append(holder, made) == 0;
      if (!ok && !PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "the card's detail holds no record list");
    }
    if (ok && (state.is_terminal() || hands_back(step, state) ||
               (step.hook_on_bonus && record.bonus > 0))) {
      // The family's Python takes over: the card is played, the detail made.
      slot_set(deal, kNextLegalSlot, Py_None);
      slot_set(deal, kCardStepSlot, Py_None);
      PyObject* seat_obj = PyLong_FromLong(seat);
      *event = seat_obj ? PyObject_CallMethodObjArgs(deal, g.s_card_stepped, card_action, seat_obj,
                                                     detail, nullptr)
                        : nullptr;
      Py_XDECREF(seat_obj);
      PyObject* gate =
          *event ? PyObject_CallMethodObjArgs(deal, g.s_card_step_now, nullptr) : nullptr;
      ok = gate != nullptr;
      if (ok) slot_set(deal, kCardStepSlot, gate);
      // The step on again for the same play: the next seat's cards go to legal_actions() as
      // after any other card (not after a play the family replaced or ended).
      if (ok && gate != Py_None && !state.is_terminal()) {
        PyObject* now = slot_get(deal, kStateSlot);
        if (now && instance_value<PlayState>(now, g.state_type) == &state) {
          PyObject* legal = card_actions(state.legal_moves());
          ok = legal != nullptr;
          if (ok) slot_set(deal, kNextLegalSlot, legal);
          Py_XDECREF(legal);
        }
      }
      Py_XDECREF(gate);
      Py_DECREF(detail);
      if (!ok) Py_CLEAR(*event);
      return ok;
    }
  }
  if (!ok) {
    Py_DECREF(detail);
    return false;
  }
  PyObject* legal = card_actions(state.legal_moves());
  PyObject* to_move = legal && step.set_to_move ? PyLong_FromLong(state.to_move()) : nullptr;
  if (!legal || (step.set_to_move && !to_move)) {
    Py_XDECREF(legal);
    Py_DECREF(detail);
    return false;
  }
  slot_set(deal, kNextLegalSlot, legal);
  Py_DECREF(legal);
  if (to_move) {
    slot_set(deal, kToMoveSlot, to_move);
    Py_DECREF(to_move);
  }
  *event = make_event(seat, name, step.phase.ptr(), detail);
  return *event != nullptr;
}

// The card step, or kNotTaken when the action is not a legal card of a stretch (nothing is then
// changed), or nullptr with the error set. seat_arg: the seat given to apply(), -1 for none.
PyObject* try_step(PyObject* deal, PyObject* action, long seat_arg) {
  const int card = card_of(action);
  if (card < 0) return kNotTaken;
  // Held for the call (new references): the family's Python may run below.
  PyObject* step_obj = slot_or_none(deal, kCardStepSlot);
  PyObject* state_obj = step_obj != Py_None ? slot_or_none(deal, kStateSlot) : nullptr;
  // The exact classes, read through pybind11's simple instance layout: a generic cast looks
  // the C++ type up by name, which would cost more than the rest of the step.
  const CardStep* step = instance_value<CardStep>(step_obj, g.step_type);
  PlayState* state = state_obj ? instance_value<PlayState>(state_obj, g.state_type) : nullptr;
  PyObject* event = kNotTaken;
  if (step && state && !state->is_terminal() && ((state->legal_moves() >> card) & 1) &&
      (seat_arg < 0 || seat_arg == state->to_move())) {
    // Otherwise the step is off, or the card is not legal: the Python path says why (or takes
    // a penalized play).
    const int seat = state->to_move();
    state->play(static_cast<Card>(card));
    event = nullptr;
    bool ok = after_card(deal, *step, *state, seat, card, &event);
    if (ok) {
      PyObject* log = get_field(deal, g.s_log);
      PyObject* row = PyList_GET_ITEM(g.log_table, seat);
      ok = log && PyList_Check(log) && PyList_Append(log, PyList_GET_ITEM(row, card)) == 0;
      if (!ok && !PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "the deal's log is no list");
      Py_XDECREF(log);
    }
    if (!ok) Py_CLEAR(event);
  }
  Py_DECREF(step_obj);
  Py_XDECREF(state_obj);
  return event;
}

// Calls function(deal, *args, **kwargs) with the vectorcall arguments of a method call.
PyObject* call_with_self(PyObject* function, PyObject* deal, PyObject* const* args,
                         Py_ssize_t nargs, PyObject* kwnames) {
  const Py_ssize_t total = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
  std::vector<PyObject*> stack(static_cast<std::size_t>(total) + 1);
  stack[0] = deal;
  for (Py_ssize_t i = 0; i < total; ++i) stack[static_cast<std::size_t>(i) + 1] = args[i];
  return PyObject_Vectorcall(function, stack.data(), static_cast<std::size_t>(nargs) + 1, kwnames);
}

PyObject* deal_apply(PyObject* deal, PyObject* const* args, Py_ssize_t nargsf, PyObject* kwnames) {
  const Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  // apply(action), or apply(action, seat) with the seat to move as a plain int (any other
  // seat, and its checks, are the Python path's).
  PyObject* seat = nullptr;
  const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  if (nargs == 2 && nkw == 0) seat = args[1];
  if (nargs == 1 && nkw == 1 &&
      PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "seat") == 0)
    seat = args[1];
  if ((nargs == 1 && nkw == 0) || (seat && (seat == Py_None || PyLong_CheckExact(seat)))) {
    long seat_arg = -1;
    if (seat && seat != Py_None) {
      int overflow = 0;
      seat_arg = PyLong_AsLongAndOverflow(seat, &overflow);
      if (overflow || seat_arg < 0) seat_arg = -2;  // no seat: the Python path says so
    }
    PyObject* event = seat_arg == -2 ? kNotTaken : try_step(deal, args[0], seat_arg);
    if (event != kNotTaken) return event;
  }
  // Any other action: the Python apply, after which the family says whether the next card may
  // take the step again; the list handed to legal_actions() was for this action only.
  slot_set(deal, kNextLegalSlot, Py_None);
  slot_set(deal, kCardStepSlot, Py_None);
  PyObject* event = call_with_self(g.slow_apply, deal, args, nargs, kwnames);
  if (!event) return nullptr;  // refused (IllegalAction, ...): the step stays off until then
  PyObject* gate = PyObject_CallMethodObjArgs(deal, g.s_card_step_now, nullptr);
  if (!gate) {
    Py_DECREF(event);
    return nullptr;
  }
  slot_set(deal, kCardStepSlot, gate);
  Py_DECREF(gate);
  return event;
}

PyObject* deal_legal_actions(PyObject* deal, PyObject* const* args, Py_ssize_t nargsf,
                             PyObject* kwnames) {
  const Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  if (nargs == 0 && kwnames == nullptr) {
    // The list is the seat's whole choice only while the step is on (no call beside cards).
    PyObject* gate = slot_get(deal, kCardStepSlot);
    PyObject* legal = gate && gate != Py_None ? slot_get(deal, kNextLegalSlot) : nullptr;
    if (legal && PyList_CheckExact(legal)) {
      // The caller owns the list: the slot's reference goes to it, None takes its place.
      Py_INCREF(Py_None);
      *slot_at(deal, g.deal_slots[kNextLegalSlot]) = Py_None;
      return legal;
    }
  }
  PyObject* slow =
      PyObject_GetAttr(reinterpret_cast<PyObject*>(Py_TYPE(deal)), g.s_legal_actions_py);
  if (!slow) return nullptr;
  PyObject* out = call_with_self(slow, deal, args, nargs, kwnames);
  Py_DECREF(slow);
  return out;
}

// Whether the deal's phase is "over"; new reference, nullptr with the error set.
PyObject* phase_is_over(PyObject* deal) {
  PyObject* phase = slot_get(deal, kPhaseSlot);
  if (phase) {
    Py_INCREF(phase);
  } else if (!(phase = PyObject_GetAttrString(deal, "phase"))) {  // a deal that keeps no _phase
    return nullptr;
  }
  const int over = phase == g.s_over ? 1 : PyObject_RichCompareBool(phase, g.s_over, Py_EQ);
  Py_DECREF(phase);
  if (over < 0) return nullptr;
  return PyBool_FromLong(over);
}

// The seat to move (the deal's _to_move); new reference, nullptr with the error set.
PyObject* seat_to_move(PyObject* deal) {
  PyObject* seat = slot_get(deal, kToMoveSlot);
  if (!seat) return PyObject_GenericGetAttr(deal, g.s_to_move);  // its AttributeError says why
  Py_INCREF(seat);
  return seat;
}

// Deal.is_over and Deal.to_move, read at every action of every loop: read-only data
// descriptors of their own (as a property is, with the same error on a write), so that the
// attribute read reads the deal's field directly, with no getter called through a property.
struct FieldDescr {
  PyObject_HEAD int field;  // 0: is_over, 1: to_move
};
const char* const kFieldNames[2] = {"is_over", "to_move"};

PyObject* field_get(PyObject* self, PyObject* deal, PyObject*) {
  if (!deal || deal == Py_None) {
    Py_INCREF(self);
    return self;  // read from the class: the descriptor, as a property gives itself
  }
  if (!PyObject_TypeCheck(deal, g.deal_type)) {  // the slots are a deal's alone
    PyErr_Format(PyExc_TypeError, "%s: a Deal's field, not one of a '%s' object",
                 kFieldNames[reinterpret_cast<FieldDescr*>(self)->field], Py_TYPE(deal)->tp_name);
    return nullptr;
  }
  return reinterpret_cast<FieldDescr*>(self)->field == 0 ? phase_is_over(deal) : seat_to_move(deal);
}

int field_set(PyObject* self, PyObject* deal, PyObject* value) {
  PyErr_Format(PyExc_AttributeError, "property '%s' of '%s' object has no %s",
               kFieldNames[reinterpret_cast<FieldDescr*>(self)->field], Py_TYPE(deal)->tp_name,
               value ? "setter" : "deleter");
  return -1;
}

PyType_Slot field_slots[] = {
    {Py_tp_descr_get, reinterpret_cast<void*>(field_get)},
    {Py_tp_descr_set, reinterpret_cast<void*>(field_set)},
    {Py_tp_doc, const_cast<char*>("A deal's is_over or to_move, read from its fields.")},
    {0, nullptr}};
PyType_Spec field_spec = {"tricktaker._core.DealField", sizeof(FieldDescr), 0, Py_TPFLAGS_DEFAULT,
                          field_slots};

PyMethodDef apply_def = {
    "apply", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(deal_apply)),
    METH_FASTCALL | METH_KEYWORDS,
    "apply($self, /, action, seat=None)\n--\n\n"
    "Apply an action of the seat to move (or of ``seat``, for calls made out of turn).\n\n"
    "Raises ``IllegalAction`` naming the allowed actions, and then changes nothing."};
PyMethodDef legal_def = {
    "legal_actions",
    reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(deal_legal_actions)),
    METH_FASTCALL | METH_KEYWORDS,
    "legal_actions($self, /, seat=None)\n--\n\n"
    "What ``seat`` (default: the seat to move) may do now."};

}  // namespace

void bind_trick_gate(py::module_& m) {
  py::class_<TrickGate>(m, "TrickGate",
                        "A family's check after each completed trick of a card step "
                        "(CardStep.with_gate): whether the trick goes back to the family's "
                        "Python. Each family binds its own kind.");
}

void bind_deal_step(py::module_& m) {
  py::class_<CardStep>(m, "CardStep",
                       "What a family's deal does for each card of a stretch of pure card play, "
                       "as data: Deal.apply then plays such a card in one call.")
      .def(py::init([](const py::str& phase, const py::object& detail_card,
                       const py::object& detail_record, const py::object& record_list,
                       const std::vector<std::pair<py::str, py::object>>& record,
                       const py::object& hands,
                       const std::vector<std::pair<py::str, std::string>>& trick_detail,
                       bool set_to_move, bool hook_every_trick, bool hook_on_bonus,
                       const py::object& trick_list,
                       const std::vector<std::pair<py::str, py::object>>& trick_record) {
             CardStep s;
             s.phase = phase;
             s.detail_card = detail_card;
             s.detail_record = detail_record;
             s.record_list = record_list;
             for (const auto& [key, value] : record) {
               py::object constant = py::none();
               const int kind = record_value(value, constant);
               s.record.emplace_back(key, kind, constant);
             }
             if (!record.empty() && record_list.is_none())
               throw Error("record: a record needs record_list, the list it goes to");
             if (!detail_record.is_none() && record_list.is_none())
               throw Error("detail_record: needs a record (record_list)");
             s.hands = hands;
             for (const auto& [key, field] : trick_detail)
               s.trick_detail.emplace_back(key, trick_field(field));
             s.set_to_move = set_to_move;
             s.hook_every_trick = hook_every_trick;
             s.hook_on_bonus = hook_on_bonus;
             s.trick_list = trick_list;
             for (const auto& [key, value] : trick_record) {
               py::object constant = py::none();
               const int kind = trick_value(value, constant);
               s.trick_record.emplace_back(key, kind, constant);
             }
             if (!trick_record.empty() && trick_list.is_none())
               throw Error("trick_record: a trick record needs trick_list, the list it goes to");
             s.trick_in_detail =
                 !detail_record.is_none() && !trick_list.is_none() && trick_list.equal(record_list);
             py::list trick_record_items;
             for (const auto& [key, value] : trick_record)
               trick_record_items.append(py::make_tuple(key, value));
             py::list record_items;
             for (const auto& [key, value] : record)
               record_items.append(py::make_tuple(key, value));
             py::list trick_items;
             for (const auto& [key, field] : trick_detail)
               trick_items.append(py::make_tuple(key, field));
             s.args = py::make_tuple(phase, detail_card, detail_record, record_list, record_items,
                                     hands, trick_items, set_to_move, hook_every_trick,
                                     hook_on_bonus, trick_list, trick_record_items);
             return s;
           }),
           py::arg("phase"), py::arg("detail_card") = py::none(),
           py::arg("detail_record") = py::none(), py::arg("record_list") = py::none(),
           py::arg("record") = std::vector<std::pair<py::str, py::object>>{},
           py::arg("hands") = py::none(),
           py::arg("trick_detail") = std::vector<std::pair<py::str, std::string>>{},
           py::arg("set_to_move") = true, py::arg("hook_every_trick") = false,
           py::arg("hook_on_bonus") = false, py::arg("trick_list") = py::none(),
           py::arg("trick_record") = std::vector<std::pair<py::str, py::object>>{})
      .def(
          "with_gate",
          [](const CardStep& s, const py::object& gate) {
            if (!py::isinstance<TrickGate>(gate))
              throw py::type_error("with_gate: gate must be a TrickGate, not " +
                                   std::string(py::str(py::type::of(gate).attr("__name__"))));
            CardStep gated = s;
            gated.gate_ptr = &gate.cast<const TrickGate&>();
            gated.gate = gate;
            return gated;
          },
          py::arg("gate"),
          "This step asking gate (a family's TrickGate) after each completed trick whether it "
          "goes back to the family's Python, in place of hook_every_trick; a trick that ends the "
          "play always does. It copies as itself and pickles without the gate (as the step it "
          "was made from, which hook_every_trick keeps correct).")
      .def_property_readonly(
          "gate", [](const CardStep& s) { return s.gate; },
          "The TrickGate of a step made by with_gate, else None.")
      .def("__reduce__",
           [](const CardStep& s) -> py::object {
             return py::make_tuple(py::module_::import("tricktaker._core").attr("CardStep"),
                                   s.args);
           })
      .def("__copy__", [](py::object self) { return self; })
      .def(
          "__deepcopy__", [](py::object self, py::dict) { return self; }, py::arg("memo"))
      .def("__repr__",
           [](const CardStep& s) { return "CardStep" + std::string(py::repr(s.args)); });

  m.def(
      "deal_step_init",
      [](py::object event_type, py::object action_type, py::typing::List<py::object> card_table,
         py::typing::List<py::object> card_names, py::typing::List<py::object> log_table,
         py::typing::Dict<py::str, py::object> by_text, py::object slow_apply,
         py::object deal_type) {
        if (py::len(card_table) != 64 || py::len(card_names) != 64)
          throw Error("card_table, card_names: need 64 items, one per card id");
        if (py::len(log_table) < kMaxPlayers) throw Error("log_table: need a row per seat");
        for (py::handle row : log_table)
          if (!PyList_Check(row.ptr()) || PyList_GET_SIZE(row.ptr()) != 64)
            throw Error("log_table: each row needs 64 items, one per card id");
        if (!PyType_Check(event_type.ptr()) || !PyType_Check(action_type.ptr()) ||
            !PyType_Check(deal_type.ptr()))
          throw Error("event_type, action_type, deal_type: need classes");
        // The events are made in their slots, and the deal's per-card fields are slots: each
        // field must be a slot of the class itself.
        auto* event_cls = reinterpret_cast<PyTypeObject*>(event_type.ptr());
        auto* deal_cls = reinterpret_cast<PyTypeObject*>(deal_type.ptr());
        Py_ssize_t offsets[4] = {0, 0, 0, 0};
        const char* const fields[4] = {"seat", "action", "phase", "detail"};
        slot_offsets(event_cls, fields, 4, offsets, nullptr, "event_type");
        Py_ssize_t deal_offsets[5] = {0, 0, 0, 0, 0};
        PyObject* deal_members[5] = {nullptr, nullptr, nullptr, nullptr, nullptr};
        slot_offsets(deal_cls, kDealSlotNames, 5, deal_offsets, deal_members, "deal_type");
        py::object init =
            py::reinterpret_steal<py::object>(PyDescr_NewMethod(event_cls, &event_init_def));
        if (!init || PyObject_SetAttrString(event_type.ptr(), "__init__", init.ptr()) < 0)
          throw py::error_already_set();
        std::copy(offsets, offsets + 4, g.event_slots);
        std::copy(deal_offsets, deal_offsets + 5, g.deal_slots);
        std::copy(deal_members, deal_members + 5, g.deal_members);  // Deal holds them
        g.deal_type = reinterpret_cast<PyTypeObject*>(deal_type.release().ptr());
        // Held for the module's life: the tables are the protocol's own constants.
        g.event_type = event_type.release().ptr();
        g.action_type = action_type.release().ptr();
        g.card_table = card_table.release().ptr();
        g.card_names = card_names.release().ptr();
        g.log_table = log_table.release().ptr();
        g.by_text = by_text.release().ptr();
        g.slow_apply = slow_apply.release().ptr();
        g.empty = PyTuple_New(0);
        g.step_type = reinterpret_cast<PyTypeObject*>(py::type::of<CardStep>().ptr());
        g.state_type = reinterpret_cast<PyTypeObject*>(py::type::of<PlayState>().ptr());
        g.s_card_step = intern("_card_step");
        g.s_state = intern("state");
        g.s_next_legal = intern("_next_legal");
        g.s_to_move = intern("_to_move");
        g.s_log = intern("log");
        g.s_phase = intern("_phase");
        g.s_over = intern("over");
        g.s_event_phase = intern("phase");
        g.s_seat = intern("seat");
        g.s_action = intern("action");
        g.s_detail = intern("detail");
        g.s_card = intern("card");
        g.s_card_stepped = intern("_card_stepped");
        g.s_card_step_now = intern("_card_step_now");
        g.s_legal_actions_py = intern("_legal_actions_py");
        g.ready = true;
      },
      py::arg("event_type"), py::arg("action_type"), py::arg("card_table"), py::arg("card_names"),
      py::arg("log_table"), py::arg("by_text"), py::arg("slow_apply"), py::arg("deal_type"),
      "Give the card step the protocol's classes and tables (protocol/base.py, once); "
      "deal_type's slots hold the deal's per-card fields.");
  m.def(
      "deal_step_methods",
      [](py::type cls) {
        if (!g.ready) throw Error("deal_step_init has not been called");
        auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
        // The step reads the deal's per-card fields in Deal's slots: a class of another layout,
        // or one that hides a slot behind an attribute of its own, would not see them there.
        if (!PyType_IsSubtype(type, g.deal_type))
          throw Error("deal_step_methods: " + std::string(type->tp_name) + " is no Deal");
        for (int i = 0; i < 5; ++i) {
          py::object seen = cls.attr(kDealSlotNames[i]);  // a slot's descriptor gives itself
          if (seen.ptr() != g.deal_members[i])
            throw Error(std::string(type->tp_name) + "." + kDealSlotNames[i] +
                        ": the card step keeps this field in a slot of Deal; a deal class may "
                        "not define it");
        }
        // Methods of the class itself (not a base): the interpreter's fast call of a method
        // descriptor checks the instance's exact type.
        py::object apply = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, &apply_def));
        py::object legal = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, &legal_def));
        if (!apply || !legal) throw py::error_already_set();
        static PyObject* field_type = nullptr;  // made once, kept for the module's life
        if (!field_type && !(field_type = PyType_FromSpec(&field_spec)))
          throw py::error_already_set();
        auto* descr_type = reinterpret_cast<PyTypeObject*>(field_type);
        py::object is_over = py::reinterpret_steal<py::object>(descr_type->tp_alloc(descr_type, 0));
        py::object to_move = py::reinterpret_steal<py::object>(descr_type->tp_alloc(descr_type, 0));
        if (!is_over || !to_move) throw py::error_already_set();
        reinterpret_cast<FieldDescr*>(to_move.ptr())->field = 1;
        return py::make_tuple(apply, legal, is_over, to_move);
      },
      py::arg("cls"),
      "The card step's apply and legal_actions as methods of the deal class cls, and its "
      "is_over and to_move as descriptors.");
}

}  // namespace tricktaker::bindings
