// SPDX-License-Identifier: Apache-2.0
//
// How a NodeState is written to a checkpoint and read back (pdes/checkpointable.hpp,
// docs/checkpoint-restart.md). Kept apart from node_state.hpp so that changes to the state and
// to its checkpoint format are easy to merge; every member must be listed here, which the size
// check below guards.
#pragma once

#include "models/network/node/node_state.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "pdes/checkpointable.hpp"

namespace net {

// A new member of NodeState changes its size: list it in serialize() below, then update this.
static_assert(sizeof(NodeState) == 304, "NodeState changed: update node_state_serialization.hpp");

template <class Archive>
void serialize(Archive& ar, NodeState& s, unsigned /*version*/) {
  pdes::checkpoint_value(ar, s.workload);
  pdes::checkpoint_value(ar, s.workload_wake);
  pdes::checkpoint_value(ar, s.queue);
  pdes::checkpoint_value(ar, s.next_seq);
  pdes::checkpoint_value(ar, s.next_message);
  pdes::checkpoint_value(ar, s.agent);
  pdes::checkpoint_value(ar, s.arriving);
  pdes::checkpoint_value(ar, s.notes);
  pdes::checkpoint_value(ar, s.credits);
  pdes::checkpoint_value(ar, s.flits_sent);
  pdes::checkpoint_value(ar, s.current_vc);
  pdes::checkpoint_value(ar, s.current);
  pdes::checkpoint_value(ar, s.inject_free_at);
  pdes::checkpoint_value(ar, s.pending_inject);
}

}  // namespace net
