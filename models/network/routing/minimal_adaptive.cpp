// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/minimal_adaptive.hpp"

#include "models/network/routing/packet_hash.hpp"

namespace net {

MinimalAdaptiveRouting::MinimalAdaptiveRouting(const Topology& topology, TorusTie tie)
    : topology_(topology), escape_(topology, tie) {}

void MinimalAdaptiveRouting::route(const RouteInput& at, Flit& head,
                                   RouteCandidates& out) const {
  const RouterPort dst = topology_.attachment(head.dst);
  if (dst.router == at.router) {
    out.add(dst.port, 0);
    return;
  }
  const std::uint32_t adaptive = escape_.vc_classes();
  const PortList minimal = topology_.minimal_ports(at.router, dst.router);
  const std::size_t n = minimal.size();
  const std::size_t first = n > 1 ? packet_hash(head.src, head.seq, at.router) % n : 0;
  for (std::size_t i = 0; i < n; ++i) out.add(minimal[(first + i) % n], adaptive, 0);
  const bool on_escape = !at.from_terminal && at.in_class < adaptive;
  const RouteDecision d =
      escape_.toward(at.router, at.in_port, on_escape ? at.in_class : 0, dst.router,
                     {head.src, head.seq});
  out.add(d.out_port, d.vc_class, 1);
}

}  // namespace net
