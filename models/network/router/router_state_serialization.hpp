// SPDX-License-Identifier: Apache-2.0
//
// How a RouterState is written to a checkpoint and read back (pdes/checkpointable.hpp,
// docs/checkpoint-restart.md). Kept apart from router_state.hpp so that changes to the state
// and to its checkpoint format are easy to merge; every member must be listed here, which the
// size check below guards. The whole slot pool is written, dead slots included (equality ignores them;
// a restart reads them back unchanged, which is harmless).
#pragma once

#include "models/network/router/router_state.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "pdes/checkpointable.hpp"

namespace net {

// A new member of RouterState changes its size: list it in serialize() below, then update this.
static_assert(sizeof(RouterState) == 136,
              "RouterState changed: update router_state_serialization.hpp");

template <class Archive>
void serialize(Archive& ar, RouterState& s, unsigned /*version*/) {
  pdes::checkpoint_value(ar, s.vcs);
  pdes::checkpoint_value(ar, s.ports);
  pdes::checkpoint_value(ar, s.slots);
  pdes::checkpoint_value(ar, s.totals);
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
