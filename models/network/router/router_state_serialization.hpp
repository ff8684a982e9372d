// SPDX-License-Identifier: Apache-2.0
//
// How a RouterState is written to a checkpoint and read back (pdes/checkpointable.hpp,
// docs/checkpoint-restart.md). Kept apart from router_state.hpp so that changes to the state
// and to its checkpoint format are easy to merge; every member must be listed here, which the
// size check below guards. The whole slot pool is written, dead slots included (equality ignores them;
// a restart reads them back unchanged, which is harmless).
#pragma once

#include <algorithm>
#include <vector>

#include "models/network/router/router_state.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "pdes/checkpointable.hpp"

namespace net {

// A new member of RouterState changes its size: list it in serialize() below, then update this.
static_assert(sizeof(RouterState) == 112,
              "RouterState changed: update router_state_serialization.hpp");

// vcs, ports and totals (views into the state's block) and the slot pool (a vector with its
// own allocator) are written as the std::vectors they once were, so that the format is
// unchanged: copied into vectors to save, read into vectors and copied back to load.
template <class Archive>
void serialize(Archive& ar, RouterState& s, unsigned /*version*/) {
  std::vector<VcState> vcs(s.vcs.begin(), s.vcs.end());
  std::vector<PortState> ports(s.ports.begin(), s.ports.end());
  std::vector<PortTotals> totals(s.totals.begin(), s.totals.end());
  std::vector<BufferedFlit> slots(s.slots.begin(), s.slots.end());
  pdes::checkpoint_value(ar, vcs);
  pdes::checkpoint_value(ar, ports);
  pdes::checkpoint_value(ar, slots);
  pdes::checkpoint_value(ar, totals);
  if constexpr (Archive::is_loading::value) {
    PDES_CHECK(totals.size() == ports.size(),
               "checkpoint: a router's port totals do not match its ports");
    s.size_arrays(vcs.size(), ports.size());
    std::copy(vcs.begin(), vcs.end(), s.vcs.begin());
    std::copy(ports.begin(), ports.end(), s.ports.begin());
    std::copy(totals.begin(), totals.end(), s.totals.begin());
    s.slots.assign(slots.begin(), slots.end());
  }
  pdes::checkpoint_value(ar, s.pending_wake);
  pdes::checkpoint_value(ar, s.last_pass);
  pdes::checkpoint_value(ar, s.first_output);
  pdes::checkpoint_value(ar, s.buffered);
  pdes::checkpoint_value(ar, s.waiting_for_resources);
  pdes::checkpoint_value(ar, s.reserved);
  pdes::checkpoint_value(ar, s.depth);
  pdes::checkpoint_value(ar, s.segments);
  pdes::checkpoint_value(ar, s.free_segment);
  pdes::checkpoint_value(ar, s.agents);
}

}  // namespace net
