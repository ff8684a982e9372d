// SPDX-License-Identifier: Apache-2.0
//
// RoutingAlgorithm: the interface between the router (and the source node) and a routing
// algorithm. One class per algorithm, registered by name in routing_registry.cpp.
//
// Who calls what:
//   - NodeLp calls prepare() once per data packet, when its head is injected: the algorithm may
//     write the routing header (Flit::route, its own layout: intermediate nodes, path choice),
//     drawing from the node's random stream (rollback-safe: the kernel rewinds it). ACK packets
//     are not prepared: they take the single-phase route. An algorithm with a node agent
//     (node_agent() below) writes the header in the agent's prepare() instead.
//   - RouterLp calls route() for the head flit at the front of an input VC in every allocation
//     pass until the head wins an output VC; route() lists the candidates (route_candidates.hpp)
//     and may advance the header's phase when the head has reached its current intermediate
//     node. It must be a pure function of its arguments and the header (it runs again on every
//     pass and after rollbacks), and cheap: no allocation.
//
// VC classes: the algorithm says how many it needs for deadlock freedom (vc_classes()); the
// router splits its VCs evenly, class c owning VCs [c*V/C, (c+1)*V/C), so V >= C is required
// (RouterParams::validate checks it and names router.vcs).
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "models/network/event/flit.hpp"
#include "models/network/metrics/results_extension.hpp"
#include "models/network/routing/route_candidates.hpp"
#include "models/network/router/router_monitor.hpp"
#include "models/network/topology/types.hpp"
#include "pdes/rng.hpp"

namespace net {

class NodeAgent;  // node/node_agent.hpp

/// What the sink records of a packet's route (PacketDelivered, AckDelivered): the source's
/// choice among alternative paths, and how many alternatives it had. Zero for algorithms that
/// do not choose.
struct RouteLabel {
  std::uint8_t path = 0;          ///< index of the path taken (0: the canonical one)
  std::uint8_t alternatives = 0;  ///< paths open when it was chosen (0: no choice made)
};

class RouterView;

/// Where the head is: the router, the input port it arrived on and the class of that input VC.
struct RouteInput {
  RouterId router = 0;
  PortId in_port = 0;
  std::uint32_t in_class = 0;
  bool from_terminal = false;  ///< the head was injected here by a node
  /// The router's state, read-only, for algorithms that adapt to local queues (UGAL's source
  /// router compares its output queues, routing/dragonfly_adaptive.hpp); the router always
  /// gives it, tests that walk routes may not (nullptr).
  const RouterView* view = nullptr;
};

class RoutingAlgorithm {
 public:
  virtual ~RoutingAlgorithm() = default;

  virtual std::string_view name() const = 0;
  /// VC classes needed for deadlock freedom (>= 1).
  virtual std::uint32_t vc_classes() const = 0;
  /// Sets up the routing header of a new packet's head (src, dst, seq already set). Default:
  /// a single-phase route straight to dst.
  virtual void prepare(Flit& /*head*/, pdes::Rng& /*rng*/) const {}
  /// Lists the candidates for `head` at `at` (never empty). May update head.phase.
  virtual void route(const RouteInput& at, Flit& head, RouteCandidates& out) const = 0;
  /// What the sink records of the route of `flit` (a data tail or an ACK).
  virtual RouteLabel label(const Flit& /*flit*/) const { return {}; }
  /// A packet whose route stops at node `here` on its way (ejected at an intermediate node and
  /// re-injected by the algorithm's node agent): advances `head`'s header to the next leg and returns true; false if
  /// the packet has no business stopping at `here` (a model error). Default: no stops.
  virtual bool continue_from(NodeId /*here*/, Flit& /*head*/) const { return false; }
  /// Whether a head may take an output VC of class `vc_class` only when the VC's downstream
  /// buffer is empty (atomic VC allocation: one packet per VC buffer). Duato's escape channels
  /// need it under wormhole switching when a packet is longer than a buffer: otherwise a head
  /// on an escape VC can wait behind the tail of a packet that waits for adaptive channels, and
  /// the escape network no longer drains (routing/duato.hpp). Default: no class is atomic.
  virtual bool atomic_vc_class(std::uint32_t /*vc_class*/) const { return false; }
  /// The hooks through which the algorithm watches each router (router/router_monitor.hpp),
  /// or nullptr if it does not.
  virtual const RouterMonitor* router_monitor() const { return nullptr; }
  /// The algorithm's node-side agent (node/node_agent.hpp: per-source state, ACKs, packets
  /// stopping at intermediate nodes, control messages for nodes), or nullptr if it needs none.
  /// When present, NodeLp calls its prepare() instead of prepare() for data packets.
  virtual const NodeAgent* node_agent() const { return nullptr; }
  /// The algorithm's own results (metrics/results_extension.hpp), or nullptr if it has none.
  virtual std::unique_ptr<ResultsExtension> make_results() const { return nullptr; }
};

}  // namespace net
