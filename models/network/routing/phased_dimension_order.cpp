// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/phased_dimension_order.hpp"

#include <string>

#include "pdes/error.hpp"

namespace net {

PhasedDimensionOrder::PhasedDimensionOrder(const Topology& topology, std::uint32_t max_vias,
                                           TorusTie tie)
    : topology_(topology), dor_(topology, tie), max_vias_(max_vias) {
  PDES_CHECK(max_vias >= 1 && max_vias <= 2, "PhasedDimensionOrder supports 1 or 2 vias");
}

void PhasedDimensionOrder::route(const RouteInput& at, Flit& flit, RouteCandidates& out) const {
  MultiPhaseHeader head = flit.route.get<MultiPhaseHeader>();
  const std::uint32_t phase_before = head.phase;
  PDES_CHECK(head.vias <= max_vias_, "packet with " + std::to_string(head.vias) +
                                         " intermediate nodes on a route with at most " +
                                         std::to_string(max_vias_));
  while (head.phase < head.vias && topology_.router_of_node(head.via[head.phase]) == at.router) {
    ++head.phase;
  }
  const std::uint32_t base = dor_.vc_classes();
  if (head.phase == head.vias) {
    const RouterPort dst = topology_.attachment(flit.dst);
    if (dst.router == at.router) {
      if (head.phase != phase_before) flit.route.set(head);
      out.add(dst.port, 0);  // ejection: the sink needs no VC
      return;
    }
  }
  if (head.phase != phase_before) flit.route.set(head);
  // The sets this hop may use: never below the set the head arrived in, strictly above it if
  // the head started its current phase here (its previous target is this router: a DOR route
  // never comes back to its start), and low enough to leave one set per phase still to come.
  // Within these bounds every dependency stays a DOR one or goes to a higher set.
  const bool fresh = at.from_terminal;
  const bool new_phase =
      !fresh && head.phase > 0 &&
      topology_.router_of_node(head.via[head.phase - 1]) == at.router;
  const std::uint32_t in_set = at.in_class / base;
  const std::uint32_t lowest = fresh ? 0 : (new_phase ? in_set + 1 : in_set);
  const std::uint32_t highest = max_vias_ - (head.vias - head.phase);
  PDES_CHECK(lowest <= highest, "phased route: no VC class set left for the head");
  const RouterId target = head.phase < head.vias
                              ? topology_.router_of_node(head.via[head.phase])
                              : topology_.router_of_node(flit.dst);
  // The dateline class carries over within a phase; a new phase starts in class 0.
  const std::uint32_t in_dateline = fresh || new_phase ? 0 : at.in_class % base;
  const RouteDecision d = dor_.toward(at.router, at.in_port, in_dateline, target, {flit.src, flit.seq});
  // The lowest allowed set first, a higher one only when the lower have no free VC: a head
  // climbs as late as it can, keeping the most sets open for the rest of its route.
  for (std::uint32_t set = lowest; set <= highest; ++set) {
    out.add(d.out_port, set * base + d.vc_class, set - lowest);
  }
}

std::uint32_t PhasedDimensionOrder::route_hops(NodeId src, const Flit& flit) const {
  const MultiPhaseHeader head = flit.route.get<MultiPhaseHeader>();
  std::uint32_t hops = 0;
  RouterId here = topology_.router_of_node(src);
  for (std::uint32_t i = 0; i < head.vias; ++i) {
    const RouterId next = topology_.router_of_node(head.via[i]);
    hops += topology_.distance(here, next);
    here = next;
  }
  return hops + topology_.distance(here, topology_.router_of_node(flit.dst));
}

}  // namespace net
