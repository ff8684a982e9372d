// SPDX-License-Identifier: Apache-2.0
//
// FeedbackState: what FeedbackAgent (feedback_agent.hpp) keeps at each compute node, inside
// NodeState::agent: the source routing's own state, the ACKs the node owes, and the packets
// that stop at this node on their way. A regular value type (CONTRIBUTING.md §3): the kernel
// saves, restores, compares and checkpoints it with the node.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/event/flit.hpp"
#include "models/network/routing/algorithm_state.hpp"
#include "pdes/checkpointable.hpp"

namespace net::drb {

struct FeedbackState {
  AlgorithmState source;  ///< SourceRouting's state (DRB: a MetapathTable)

  // ACKs waiting to be sent (acks[ack_front ..]); they go before the next data packet.
  std::vector<Flit> acks;
  std::uint64_t ack_front = 0;

  // Packets passing through (drb.eject_at_intermediates): the heads of those being received,
  // then the complete ones waiting to be re-injected (transit[transit_front ..]), which go
  // after the owed ACKs and before the source queue.
  std::vector<Flit> transit_partial;
  std::vector<Flit> transit;
  std::uint64_t transit_front = 0;

  std::uint64_t acks_queued() const { return acks.size() - ack_front; }
  std::uint64_t transit_queued() const { return transit.size() - transit_front; }
  bool operator==(const FeedbackState&) const = default;
};

template <class Archive>
void serialize(Archive& ar, FeedbackState& s, unsigned /*version*/) {
  pdes::checkpoint_value(ar, s.source);
  pdes::checkpoint_value(ar, s.acks);
  pdes::checkpoint_value(ar, s.ack_front);
  pdes::checkpoint_value(ar, s.transit_partial);
  pdes::checkpoint_value(ar, s.transit);
  pdes::checkpoint_value(ar, s.transit_front);
}

}  // namespace net::drb
