// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/router_state.hpp"

#include "pdes/prefetch.hpp"

namespace net {

// operator= and operator== below name every member: a new member must be added to both.
static_assert(sizeof(RouterState) ==
                  4 * sizeof(std::vector<VcState>) + sizeof(AgentStates) + 2 * 8 + 4 + 2 + 1 + 1,
              "RouterState changed: update its operator= and operator==");

RouterState& RouterState::operator=(const RouterState& other) {
  if (this == &other) return *this;
  const bool same_shape = slots.size() == other.slots.size() && vcs.size() == other.vcs.size();
  vcs = other.vcs;
  ports = other.ports;
  totals = other.totals;
  agents = other.agents;
  pending_wake = other.pending_wake;
  last_pass = other.last_pass;
  first_output = other.first_output;
  buffered = other.buffered;
  waiting_for_resources = other.waiting_for_resources;
  reserved = other.reserved;
  if (!same_shape) {
    slots = other.slots;  // a fresh copy (the first save into a snapshot slot)
  } else {
    other.for_each_live_slot([&](std::size_t i) { slots[i] = other.slots[i]; });
  }
  return *this;
}

void RouterState::prefetch_copy_target(const RouterState& source) const {
  if (slots.size() != source.slots.size() || vcs.size() != source.vcs.size()) return;
  pdes::prefetch_for_write(vcs.data(), vcs.size() * sizeof(VcState));
  pdes::prefetch_for_write(ports.data(), ports.size() * sizeof(PortState));
  pdes::prefetch_for_write(totals.data(), totals.size() * sizeof(PortTotals));
  if (vcs.empty()) return;
  const std::size_t depth = slots.size() / vcs.size();
  for (std::size_t ivc = 0; ivc < source.vcs.size(); ++ivc) {
    if (source.vcs[ivc].count > 0) {
      __builtin_prefetch(&slots[ivc * depth + source.vcs[ivc].front], 1);
    }
  }
}

bool RouterState::operator==(const RouterState& other) const {
  if (!(vcs == other.vcs && ports == other.ports && totals == other.totals &&
        agents == other.agents &&
        slots.size() == other.slots.size() && pending_wake == other.pending_wake &&
        last_pass == other.last_pass && first_output == other.first_output &&
        buffered == other.buffered && waiting_for_resources == other.waiting_for_resources &&
        reserved == other.reserved)) {
    return false;
  }
  // Equal vcs: the same live windows on both sides.
  bool equal = true;
  for_each_live_slot([&](std::size_t i) { equal = equal && slots[i] == other.slots[i]; });
  return equal;
}

}  // namespace net
