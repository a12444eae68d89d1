// Values the solver derives from a rules table alone (tables of card points by byte, the
// strength-space map of card sets), built once per shared table instead of once per call: at
// one trick from the end building them was most of a call's time. A play state's table is
// interned (SharedRules, rules.h) and lives as long as the process, so its address names its
// contents for good.
#pragma once

#include <memory>
#include <mutex>
#include <unordered_map>

#include "tricktaker/play_state.h"

namespace tricktaker::solver_detail {

// T(const RulesTable&) for an interned table (a play state's rules(), never a copy: the
// address is the key), built on first use; thread-safe. Each thread remembers its last table,
// so a run of calls on one game takes no lock.
template <class T>
const T& per_rules(const RulesTable& interned) {
  const RulesTable* const key = &interned;
  thread_local const RulesTable* last_key = nullptr;
  thread_local const T* last_value = nullptr;
  if (key == last_key) return *last_value;
  static std::mutex mutex;
  // Never destroyed, like the tables it is keyed by.
  static auto* const cache = new std::unordered_map<const RulesTable*, std::unique_ptr<const T>>;
  const std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<const T>& slot = (*cache)[key];
  if (!slot) slot = std::make_unique<const T>(*key);
  last_key = key;
  last_value = slot.get();
  return *slot;
}

// The same for a play state's table.
template <class T>
const T& per_rules(const PlayState& state) {
  return per_rules<T>(state.rules());
}

}  // namespace tricktaker::solver_detail
