// SPDX-License-Identifier: Apache-2.0
//
// DimensionOrderRouting: deterministic minimal routing that corrects the lowest dimension first
// (XY on a 2D mesh, e-cube on the hypercube), with dateline VC classes on tori.
//
// References: Dally & Seitz, "Deadlock-free message routing in multiprocessor interconnection
// networks", IEEE TC 1987 (datelines); Sullivan & Bashkow 1977 (e-cube); BookSim2
// routefunc.cpp dim_order_mesh / dim_order_torus.
//
// Who calls it: RouterLp through the RoutingAlgorithm interface, and the multi-phase routes
// (PhasedDimensionOrder: Valiant, multi-step paths) through toward(). Stateless and const.
//
// Route: the output port is minimal_ports(cur, dst)[0] (the topology lists the lowest
// dimension's port first). On a torus tie (delta = k/2, both ways minimal) the way is the
// network.torus_tie rule's (torus_tie.hpp: plus, random per packet, balanced by source); once
// the packet has moved one hop the tie is gone, so the direction is kept. At the destination
// router the output is the destination node's terminal port.
//
// VC classes: a mesh or hypercube needs one class (DOR has an acyclic channel dependency
// graph). A torus needs two per dimension ring: a packet uses class 0 until it crosses the
// dateline of the ring it travels in (the wrap link, Torus::crosses_wrap, which itself uses
// class 1) and class 1 after it; entering a new dimension resets it to class 0. With V VCs,
// class c owns VCs [c*V/C, (c+1)*V/C), so a torus needs V >= 2.
//
// Limitations: mesh, torus and hypercube only (fat trees need their own up/down routing).
#pragma once

#include <cstdint>

#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/routing/torus_tie.hpp"
#include "models/network/topology/topology.hpp"
#include "models/network/topology/types.hpp"

namespace net {

class Torus;

struct RouteDecision {
  PortId out_port = 0;
  std::uint32_t vc_class = 0;
};

class DimensionOrderRouting final : public RoutingAlgorithm {
 public:
  static constexpr std::string_view kName = "dimension_order";

  /// Throws pdes::ConfigError("network.routing") for topologies other than mesh, torus and
  /// hypercube.
  explicit DimensionOrderRouting(const Topology& topology, TorusTie tie = TorusTie::kPlus);

  std::string_view name() const override { return kName; }
  /// Number of VC classes the routing needs for deadlock freedom (1, or 2 on a torus).
  std::uint32_t vc_classes() const override { return torus_ != nullptr ? 2 : 1; }
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;

  /// The output port and VC class of a head at router `current`, which arrived on `in_port` in
  /// VC class `in_class`, bound for node `destination`.
  RouteDecision route(RouterId current, PortId in_port, std::uint32_t in_class,
                      NodeId destination, TieKey packet = {}) const;

  /// One DOR hop from `current` towards router `target` (!= current), for a head that arrived
  /// on `in_port` in dateline class `in_class` (0 or 1; pass 0 when the head starts a new
  /// route segment here). Returns the port and the dateline class (0 on meshes/hypercubes).
  /// `packet` identifies the packet for the random tie rule.
  RouteDecision toward(RouterId current, PortId in_port, std::uint32_t in_class,
                       RouterId target, TieKey packet = {}) const;

  TorusTie tie() const { return tie_; }

 private:
  const Topology& topology_;
  const Torus* torus_ = nullptr;
  std::uint32_t network_ports_ = 0;
  TorusTie tie_ = TorusTie::kPlus;
};

}  // namespace net
