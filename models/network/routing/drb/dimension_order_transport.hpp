// SPDX-License-Identifier: Apache-2.0
//
// DimensionOrderTransport: DRB's multi-step paths on meshes, tori and hypercubes (docs/drb.md,
// "Phases and deadlock freedom"). X and Y are routers; the header names a node on each (the
// first node of the router), so that with drb.eject_at_intermediates the packet can stop
// there. Each step is routed by dimension order with one VC class set per phase
// (PhasedDimensionOrder); ACKs by dimension order in their own classes after the data sets.
#pragma once

#include "models/network/routing/dimension_order.hpp"
#include "models/network/routing/drb/msp_transport.hpp"
#include "models/network/routing/phased_dimension_order.hpp"

namespace net::drb {

class DimensionOrderTransport final : public MspTransport {
 public:
  /// Throws pdes::ConfigError("network.routing") unless the topology has dimension order.
  DimensionOrderTransport(const Topology& topology, const DrbParams& params, TorusTie tie);

  const RoutingAlgorithm& base() const override { return dor_; }
  std::uint32_t data_classes() const override { return phases_.vc_classes(); }
  void write_route(NodeId self, NodeId destination, const MspChoice& choice,
                   MultiPhaseHeader& h) const override;
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;
  std::uint32_t ack_classes() const override { return shared_acks_ ? 0 : dor_.vc_classes(); }
  void route_ack(const RouteInput& at, const Flit& ack, RouteCandidates& out) const override;
  std::uint32_t route_hops(NodeId src, const Flit& head) const override {
    return phases_.route_hops(src, head);
  }

 private:
  /// drb.ack_vcs = shared: the ACK as a one-flit canonical packet in the data sets.
  void route_ack_shared(const RouteInput& at, const Flit& ack, RouteCandidates& out) const;
  /// A node attached to router `r`, to name it in MultiPhaseHeader::via.
  NodeId node_on(RouterId r) const;

  const Topology& topology_;
  DimensionOrderRouting dor_;
  PhasedDimensionOrder phases_;
  bool eject_at_intermediates_;
  bool shared_acks_;
};

}  // namespace net::drb
