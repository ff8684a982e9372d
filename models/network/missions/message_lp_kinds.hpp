// SPDX-License-Identifier: Apache-2.0
//
// The LP kinds of the message-level adapter model, registered in build/lp_kinds.cpp:
//   router.kind = "message_switch"       MessageSwitchLp (message_switch_lp.hpp)
//   network.node_kind = "message_adapter"  MessageNodeLp (message_node_lp.hpp)
// They speak only to each other (message_header.hpp), so each requires the other, a hypercube
// of concentration 1 and n <= kMaxMissionDimension; add() throws pdes::ConfigError otherwise.
#pragma once

#include "models/network/build/lp_kinds.hpp"

namespace net::missions {

class MessageSwitchKind final : public RouterKind {
 public:
  void add(pdes::Simulation& sim, pdes::LpId id, const RouterArgs& args) const override;
};

class MessageAdapterKind final : public NodeKind {
 public:
  void add(pdes::Simulation& sim, pdes::LpId id, const NodeArgs& args) const override;
};

/// The hypercube dimension of `topology`; throws pdes::ConfigError (naming `key`) unless it is
/// a hypercube of concentration 1 and n <= kMaxMissionDimension.
std::uint32_t message_level_dimension(const Topology& topology, const char* key);

}  // namespace net::missions
