// SPDX-License-Identifier: Apache-2.0
//
// PhasedDimensionOrder: a route in phases through intermediate nodes, each phase routed by
// dimension order — the transport of Valiant's two-phase routing (S -> I -> D) and of
// multi-step paths (S -> X -> Y -> D, seed 000 §2, Definition 2).
//
// The header (Flit::route, a MultiPhaseHeader) carries the intermediate nodes via[0 .. vias)
// and the current phase: phase
// p < vias travels to via[p]'s router, phase vias to the destination. The head passes through
// an intermediate router without being ejected (seed 000, §6, calls X and Y "intermediate
// destinations" and does not say whether a message is ejected there; our choice: it is not);
// arriving there, route() advances the phase, skipping intermediates that are on the router where
// the head already is (e.g. X = S).
//
// Deadlock freedom (Duato et al. 2003, §3.1.3, virtual networks in order): the VC classes form
// max_vias + 1 sets of B classes each, B = the classes DOR needs (1, or 2 for datelines on a
// torus). A head may move only to the same or a higher set, and strictly higher when it starts
// a new phase; it stays low enough that each phase still to come has a higher set left. Within
// a set every channel dependency is a DOR dependency (acyclic); between sets dependencies only
// go upwards; so the extended dependency graph is acyclic. A new phase starts in dateline class
// 0 of its set, like a freshly injected packet.
//
// Which set: the lowest allowed one, and the next ones only when the lower have no free VC
// (priority levels, route_candidates.hpp): a head climbs as late as it can. So a packet without
// intermediates (vias = 0, e.g. a canonical path) may use every set, as plain DOR may use
// every VC; a packet with max_vias intermediates has exactly one set per phase.
#pragma once

#include <cstdint>

#include "models/network/routing/dimension_order.hpp"
#include "models/network/routing/multi_phase_header.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

class PhasedDimensionOrder {
 public:
  /// Throws pdes::ConfigError("network.routing") unless the topology is a mesh, torus or
  /// hypercube. `max_vias` (1 or 2) bounds MultiPhaseHeader::vias.
  /// `tie`: network.torus_tie, the way each phase's DOR takes at a torus half-way tie.
  PhasedDimensionOrder(const Topology& topology, std::uint32_t max_vias,
                       TorusTie tie = TorusTie::kPlus);

  std::uint32_t vc_classes() const { return (max_vias_ + 1) * dor_.vc_classes(); }
  std::uint32_t max_vias() const { return max_vias_; }

  /// Advances head.phase past reached intermediates and adds the DOR port with the allowed VC
  /// class sets (preferred one first).
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const;

  /// Router distance of the whole route src -> via... -> dst (for path stretch metrics).
  std::uint32_t route_hops(NodeId src, const Flit& head) const;

 private:

  const Topology& topology_;
  DimensionOrderRouting dor_;
  std::uint32_t max_vias_;
};

}  // namespace net
