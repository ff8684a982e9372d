// SPDX-License-Identifier: Apache-2.0
#include "models/network/router/router_state.hpp"

#include "pdes/prefetch.hpp"

namespace net {

// operator= and operator== below name every member: a new member must be added to both.
static_assert(sizeof(RouterState) == 4 * sizeof(std::vector<VcState>) + sizeof(AgentStates) +
                                         2 * 8 + 4 + 2 + 1 + 1 + 3 * 2 + 2 /* padding */,
              "RouterState changed: update its operator= and operator==");

RouterState& RouterState::operator=(const RouterState& other) {
  if (this == &other) return *this;
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
  depth = other.depth;
  segments = other.segments;
  free_segment = other.free_segment;
  // The pool's live part; a longer pool keeps its extra (dead) segments for later growth.
  const std::size_t used = std::size_t{other.segments} * other.depth;
  if (slots.size() < used) slots.resize(used);
  other.for_each_live_slot([&](std::size_t i) { slots[i] = other.slots[i]; });
  return *this;
}

void RouterState::grow_pool(VcState& in) {
  in.segment = segments++;
  if (slots.size() < std::size_t{segments} * depth) slots.resize(std::size_t{segments} * depth);
}

void RouterState::prefetch_copy_target(const RouterState& source) const {
  if (vcs.size() != source.vcs.size() || depth != source.depth) return;
  pdes::prefetch_for_write(vcs.data(), vcs.size() * sizeof(VcState));
  pdes::prefetch_for_write(ports.data(), ports.size() * sizeof(PortState));
  pdes::prefetch_for_write(totals.data(), totals.size() * sizeof(PortTotals));
  const std::size_t have = slots.size();
  for (const VcState& in : source.vcs) {
    if (in.count == 0) continue;
    const std::size_t i = slot_of(in.segment, in.front);
    if (i < have) __builtin_prefetch(&slots[i], 1);
  }
}

bool RouterState::operator==(const RouterState& other) const {
  if (!(vcs == other.vcs && ports == other.ports && totals == other.totals &&
        agents == other.agents && pending_wake == other.pending_wake &&
        last_pass == other.last_pass && first_output == other.first_output &&
        buffered == other.buffered && waiting_for_resources == other.waiting_for_resources &&
        reserved == other.reserved && depth == other.depth && segments == other.segments &&
        free_segment == other.free_segment)) {
    return false;
  }
  // Equal vcs and free chain heads: the same live windows and chain on both sides (the chain's
  // links are compared as the walk goes, so both walks take the same path).
  bool equal = true;
  for_each_live_slot([&](std::size_t i) { equal = equal && slots[i] == other.slots[i]; });
  return equal;
}

}  // namespace net
