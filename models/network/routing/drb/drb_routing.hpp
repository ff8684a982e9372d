// SPDX-License-Identifier: Apache-2.0
//
// DrbRouting: Distributed Routing Balancing as a routing algorithm (Franco, Garcés, Luque,
// ICS'99, §3; docs/drb.md), the `drb` value of network.routing. It joins the
// three parts of DRB:
//   - at the source (SourceRouting): MSP Selection for each data packet from the node's
//     metapaths (DrbSource::choose) and Dynamic Metapath Configuration on each ACK
//     (DrbSource::on_ack);
//   - in the routers (RoutingAlgorithm::route): the multi-step route S -> X -> Y -> D, carried by
//     the topology's MspTransport (msp_transport.hpp): on meshes, tori and hypercubes each step
//     by dimension order, one VC class set per phase (PhasedDimensionOrder); on fat trees up to
//     a nearest common ancestor X and down, one set (FatTreeTransport);
//   - at the nodes: the family's node agent (FeedbackAgent, feedback_agent.hpp) keeps the
//     metapaths, sends the ACKs as acks() says and passes packets on at intermediate nodes.
//
// With drb.eject_at_intermediates, a head that reaches the router of its current intermediate
// node is sent out to that node (never right after injection there); the node re-injects the
// packet with its next phase. Each network leg then ends at a sink, so the legs add no channel
// dependency to each other.
//
// Header: drb_header.hpp.
//
// VC classes: the transport's data classes (3 x DOR's: 3 on a mesh or hypercube, 6 on a torus;
// 1 on a fat tree), then, with drb.ack = network, the base routing's classes again for ACKs alone —
// a real 1-flit packet on a high-priority VC (our reading of the paper's ACK that "has maximum
// priority in the network", §3 phase 1): ACKs never wait behind blocked
// data worms, and since a sink always accepts them they add no dependency between the data and
// ACK classes (no protocol deadlock). The routers also give ACKs the switch first.
//
// DRB that can never leave the canonical path (DrbSource::canonical_only(): max width 1 or a
// fixed width 1) is its base routing bit for bit (DOR; nca_deterministic on a fat tree): it
// routes with the base routing's VC classes, draws no random numbers
// and sends no ACKs (docs/drb.md, "DRB of width 1 ≡ DOR").
#pragma once

#include <memory>
#include <string_view>

#include "models/network/routing/drb/drb_header.hpp"
#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/routing/drb/drb_source.hpp"
#include "models/network/routing/drb/feedback_agent.hpp"
#include "models/network/routing/drb/msp_transport.hpp"
#include "models/network/routing/drb/zero_load_latency.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/routing/drb/source_routing.hpp"
#include "models/network/topology/topology.hpp"

namespace net::drb {

class DrbRouting final : public RoutingAlgorithm, public SourceRouting {
 public:
  static constexpr std::string_view kName = "drb";

  /// Throws pdes::ConfigError naming the key: network.routing on a topology without dimension
  /// order or NCA routing, drb.* for parameters DrbParams::validate rejects or the topology
  /// cannot honour (make_msp_transport).
  /// `tie`: network.torus_tie, for the canonical (DOR) routes, every MSP phase and the ACKs.
  DrbRouting(const Topology& topology, const DrbParams& params, ZeroLoadLatency zero_load,
             TorusTie tie = TorusTie::kPlus);
  // The agent refers to this object: it stays where it was built.
  DrbRouting(const DrbRouting&) = delete;
  DrbRouting& operator=(const DrbRouting&) = delete;

  std::string_view name() const override { return kName; }
  std::uint32_t vc_classes() const override;
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;
  const NodeAgent* node_agent() const override { return &agent_; }

  AlgorithmState initial_state(NodeId self) const override;
  void prepare(NodeId self, Flit& head, AlgorithmState& state, pdes::Rng& rng) const override;
  AckDelivery acks() const override;
  void make_ack(const Flit& tail, Flit& ack) const override;
  /// False for a packet whose source is on the destination's router (a permutation's fixed
  /// point, uniform traffic to itself): its metapath is the canonical MSP alone, so its ACK
  /// could change nothing and would only take injection and ejection cycles (docs/drb.md,
  /// "Self-addressed packets").
  bool acknowledges(NodeId self, const Flit& tail) const override;
  void on_ack(NodeId self, const Flit& ack, std::int64_t now,
              AlgorithmState& state) const override;
  RouteLabel label(const Flit& flit) const override;
  bool continue_from(NodeId here, Flit& head) const override;

  const DrbSource& source() const { return source_; }
  /// prepare()'s work on an explicit table: MSP Selection and the multi-step header of `head`
  /// (for algorithms that keep the MetapathTable inside a larger source state: PR-DRB).
  void write_header(NodeId self, Flit& head, MetapathTable& metapaths, pdes::Rng& rng) const;
  /// Whether DRB can leave the canonical path at all (DrbSource::canonical_only()).
  bool canonical_only() const { return canonical_only_; }
  /// Router hops of the head's whole route (S -> X -> Y -> D).
  std::uint32_t route_hops(NodeId src, const Flit& head) const {
    return transport_->route_hops(src, head);
  }
  const MspTransport& transport() const { return *transport_; }

 private:
  const Topology& topology_;
  DrbSource source_;
  std::unique_ptr<const MspTransport> transport_;
  bool canonical_only_;
  FeedbackAgent agent_;  ///< over *this; last, so that acks() can be asked when it is built
};

}  // namespace net::drb
