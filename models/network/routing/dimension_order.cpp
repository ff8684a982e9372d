// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/dimension_order.hpp"

#include <string>

#include "models/network/routing/packet_hash.hpp"
#include "models/network/topology/torus.hpp"
#include "pdes/error.hpp"

namespace net {

DimensionOrderRouting::DimensionOrderRouting(const Topology& topology, TorusTie tie)
    : topology_(topology), tie_(tie) {
  const std::string_view name = topology.name();
  if (name != "mesh" && name != "torus" && name != "hypercube") {
    throw pdes::ConfigError("network.routing",
                            "dimension-order routing needs a mesh, torus or hypercube, got '" +
                                std::string(name) + "'");
  }
  torus_ = dynamic_cast<const Torus*>(&topology);
  // Network ports come first on direct topologies (direct_topology.hpp).
  network_ports_ = topology.num_ports(0) - topology.concentration();
}

void DimensionOrderRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  const RouteDecision d = route(at.router, at.in_port, at.in_class, head.dst, {head.src, head.seq});
  out.add(d.out_port, d.vc_class);
}

RouteDecision DimensionOrderRouting::route(RouterId current, PortId in_port,
                                           std::uint32_t in_class, NodeId destination,
                                           TieKey packet) const {
  const RouterPort target = topology_.attachment(destination);
  if (target.router == current) return {target.port, 0};
  return toward(current, in_port, in_class, target.router, packet);
}

RouteDecision DimensionOrderRouting::toward(RouterId current, PortId in_port,
                                            std::uint32_t in_class, RouterId target,
                                            TieKey packet) const {
  PortId out = topology_.first_minimal_port(current, target);
  if (torus_ == nullptr) return {out, 0};
  if (tie_ != TorusTie::kPlus && out % 2 == 0) {
    // A tie lists +d first: delta == k/2 in the dimension of `out`.
    const std::size_t d = out / 2;
    const CartesianShape& shape = torus_->shape();
    const std::uint32_t k = shape.radix(d);
    const std::uint32_t c = shape.coordinate(current, d);
    const std::uint32_t delta = (shape.coordinate(target, d) + k - c) % k;
    if (2 * delta == k) {
      const bool minus = tie_ == TorusTie::kBalanced
                             ? c % 2 == 1
                             : (packet_hash(packet.src, packet.seq, current) & 1) == 1;
      if (minus) out = static_cast<PortId>(out + 1);
    }
  }
  // Ports 2d and 2d+1 are dimension d; staying in the ring keeps the class, a new ring resets it.
  const bool same_ring = in_port < network_ports_ && in_port / 2 == out / 2;
  const bool after_dateline = (same_ring && in_class == 1) || torus_->crosses_wrap(current, out);
  return {out, after_dateline ? 1u : 0u};
}

}  // namespace net
