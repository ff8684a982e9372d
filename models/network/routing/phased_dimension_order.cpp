// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/phased_dimension_order.hpp"

#include <string>

#include "pdes/error.hpp"

namespace net {

PhasedDimensionOrder::PhasedDimensionOrder(const Topology& topology, std::uint32_t max_vias)
    : topology_(topology), dor_(topology), max_vias_(max_vias) {
  PDES_CHECK(max_vias >= 1 && max_vias <= 2, "PhasedDimensionOrder supports 1 or 2 vias");
}

void PhasedDimensionOrder::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  PDES_CHECK(head.vias <= max_vias_, "packet with " + std::to_string(head.vias) +
                                         " intermediate nodes on a route with at most " +
                                         std::to_string(max_vias_));
  while (head.phase < head.vias && topology_.router_of_node(head.via[head.phase]) == at.router) {
    ++head.phase;
  }
  const std::uint32_t base = dor_.vc_classes();
  const std::uint32_t set = class_set(head.phase, head.vias);
  if (head.phase == head.vias) {
    const RouterPort dst = topology_.attachment(head.dst);
    if (dst.router == at.router) {
      out.add(dst.port, set * base);
      return;
    }
  }
  const RouterId target = head.phase < head.vias
                              ? topology_.router_of_node(head.via[head.phase])
                              : topology_.router_of_node(head.dst);
  // The dateline class carries over only within the phase the head arrived in.
  const bool same_phase = !at.from_terminal && at.in_class / base == set;
  const std::uint32_t in_dateline = same_phase ? at.in_class % base : 0;
  const RouteDecision d = dor_.toward(at.router, at.in_port, in_dateline, target);
  out.add(d.out_port, set * base + d.vc_class);
}

std::uint32_t PhasedDimensionOrder::route_hops(NodeId src, const Flit& head) const {
  std::uint32_t hops = 0;
  RouterId here = topology_.router_of_node(src);
  for (std::uint32_t i = 0; i < head.vias; ++i) {
    const RouterId next = topology_.router_of_node(head.via[i]);
    hops += topology_.distance(here, next);
    here = next;
  }
  return hops + topology_.distance(here, topology_.router_of_node(head.dst));
}

}  // namespace net
