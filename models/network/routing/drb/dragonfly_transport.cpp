// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/dragonfly_transport.hpp"

#include <string>

#include "models/network/routing/drb/drb_source.hpp"
#include "pdes/error.hpp"

namespace net::drb {
namespace {

void check_options(const DrbParams& p) {
  if (p.eject_at_intermediates) {
    throw pdes::ConfigError("drb.eject_at_intermediates",
                            "true is not supported on a dragonfly: DRB's intermediates there are "
                            "routers of an intermediate group, not nodes; allowed: false");
  }
  reject_supernode_keys(p,
      " is not used on a dragonfly, where the alternatives are intermediate groups and the "
      "source and destination groups play the supernodes (docs/dragonfly.md); leave it at its "
      "default ");
  if (!p.distinct_paths) {
    throw pdes::ConfigError("drb.distinct_paths",
                            "false is not supported on a dragonfly: each intermediate group gives "
                            "a distinct path; allowed: true");
  }
}

}  // namespace

DragonflyTransport::DragonflyTransport(const Dragonfly& dragonfly, const DrbParams& params)
    : dragonfly_(dragonfly),
      minimal_(dragonfly),
      candidates_(dragonfly),
      shared_acks_(params.ack_vcs == AckVcs::kShared) {
  check_options(params);
}

void DragonflyTransport::write_route(NodeId self, NodeId /*destination*/, const MspChoice& c,
                                     MultiPhaseHeader& h) const {
  // The canonical MSP (X = S) leaves the header empty: the minimal route.
  if (c.x != dragonfly_.router_of_node(self)) h.via[h.vias++] = static_cast<std::uint32_t>(c.x);
}

void DragonflyTransport::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  const RouterPort dst = dragonfly_.attachment(head.dst);
  if (dst.router == at.router) {
    out.add(dst.port, 0);
    return;
  }
  MultiPhaseHeader h = head.route.get<MultiPhaseHeader>();
  const std::uint64_t here = dragonfly_.group_of(at.router);
  const std::uint64_t source = dragonfly_.group_of_node(head.src);
  if (h.vias == 1 && h.phase == 0) {
    const std::uint64_t via = dragonfly_.group_of(h.via[0]);
    if (here != via) {  // still in the source group: towards Gi, class 0 (nothing crossed)
      for (PortId port : dragonfly_.route_ports_to_group(at.router, via)) out.add(port, 0);
      return;
    }
    h.phase = 1;  // in Gi: from here minimal to D
    head.route.set(h);
  }
  // Global links crossed so far: none in the source group, one in Gi or (directly) in Gd, two
  // in Gd after Gi.
  std::uint32_t crossed = 0;
  if (here != source) crossed = h.vias == 1 && here != dragonfly_.group_of(h.via[0]) ? 2 : 1;
  for (PortId port : dragonfly_.minimal_route_ports(at.router, dst.router)) out.add(port, crossed);
}

void DragonflyTransport::route_ack(const RouteInput& at, const Flit& ack,
                                   RouteCandidates& out) const {
  route_ack_by_base(at, ack, shared_acks_, out);
}

std::uint32_t DragonflyTransport::route_hops(NodeId src, const Flit& head) const {
  const MultiPhaseHeader h = head.route.get<MultiPhaseHeader>();
  const RouterId s = dragonfly_.router_of_node(src);
  const RouterId d = dragonfly_.router_of_node(head.dst);
  if (h.vias == 0) return dragonfly_.minimal_route_hops(s, d);
  const auto x = candidates_.landing(s, dragonfly_.group_of(h.via[0]));
  return x.hops + dragonfly_.minimal_route_hops(x.router, d);
}

}  // namespace net::drb
