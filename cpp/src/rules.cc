#include "tricktaker/rules.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

namespace tricktaker {

namespace {
// The table's bytes up to the end of its last field: what two equal tables share (the
// padding after the last field is left out, its bytes are unspecified).
constexpr std::size_t kRulesBytes = offsetof(RulesTable, policy) + sizeof(FollowPolicy);
static_assert(kRulesBytes == 3 * 64 + 8 * (1 + kNumSuits + 1 + 64) + 3 + sizeof(FollowPolicy),
              "RulesTable has padding between its fields; compare its tables field by field");

std::string_view bytes_of(const RulesTable& table) {
  return {reinterpret_cast<const char*>(&table), kRulesBytes};
}

struct RulesRegistry {
  std::mutex mutex;
  std::unordered_multimap<std::size_t, std::unique_ptr<const RulesTable>> tables;
};

RulesRegistry& registry() {
  // Never destroyed: states in static storage may still point into it while the process ends.
  static RulesRegistry* const instance = new RulesRegistry;
  return *instance;
}
}  // namespace

SharedRules intern_rules(const RulesTable& table) {
  const std::string_view key = bytes_of(table);
  const std::size_t hash = std::hash<std::string_view>{}(key);
  RulesRegistry& reg = registry();
  const std::lock_guard<std::mutex> lock(reg.mutex);
  const auto [first, last] = reg.tables.equal_range(hash);
  for (auto it = first; it != last; ++it)
    if (bytes_of(*it->second) == key) return SharedRules(it->second.get());
  if (reg.tables.size() >= static_cast<std::size_t>(kMaxSharedRules))
    throw std::invalid_argument("more than " + std::to_string(kMaxSharedRules) +
                                " distinct rules tables in one process");
  auto copy = std::make_unique<RulesTable>(table);
  const RulesTable* shared = copy.get();
  reg.tables.emplace(hash, std::move(copy));
  return SharedRules(shared);
}

RulesTable make_plain_rules(CardSet deck) {
  RulesTable t{};
  for (int id = 0; id < 64; ++id) {
    t.effective_suit[id] = -1;
    t.strength[id] = 0;
    t.points[id] = 0;
  }
  for (Card c : cards_of{deck & ~kJokerMask}) {
    t.effective_suit[c] = static_cast<std::int8_t>(printed_suit(c));
    t.strength[c] = static_cast<std::uint8_t>(printed_rank(c) + 1);
  }
  t.deck = deck;
  t.last_trick_bonus = 0;
  t.trick_bonus = TrickBonus::kNone;
  t.policy = FollowPolicy{};
  finalize_suits(t, -1);
  return t;
}

void finalize_suits(RulesTable& t, int trump) {
  t.trump = static_cast<std::int8_t>(trump);
  for (int s = 0; s < kNumSuits; ++s) t.suit_cards[s] = 0;
  for (Card c : cards_of{t.deck})
    if (t.effective_suit[c] >= 0) t.suit_cards[t.effective_suit[c]] |= bit(c);
  t.trump_cards = trump >= 0 ? t.suit_cards[trump] : 0;
  for (int id = 0; id < 64; ++id) {
    t.stronger[id] = 0;
    const int suit = t.effective_suit[id];
    if (suit < 0 || !((t.deck >> id) & 1u)) continue;
    for (Card d : cards_of{t.suit_cards[suit]})
      if (t.strength[d] > t.strength[id]) t.stronger[id] |= bit(d);
  }
}

CardSet piquet_deck() {
  CardSet deck = 0;
  for (int s = 0; s < kNumSuits; ++s)
    for (int r = kSeven; r <= kAce; ++r) deck |= bit(make_card(s, r));
  return deck;
}

}  // namespace tricktaker
