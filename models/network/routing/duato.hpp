// SPDX-License-Identifier: Apache-2.0
//
// DuatoRouting (`duato`): minimal fully adaptive routing with a dimension-order escape channel
// (Duato, IEEE TPDS 4(12), 1993; Duato et al. 2003, §4.4.4), deadlock-free under wormhole
// switching whatever the packet and buffer sizes.
//
// The candidates are those of MinimalAdaptiveRouting (minimal_adaptive.hpp): every minimal port
// in the adaptive class at level 0, the dimension-order port in its escape class at level 1.
// Two differences make it deadlock-free where minimal_adaptive is not.
//
// 1. Tori: the escape channel's dateline class. minimal_adaptive puts a head that enters the
// escape subnetwork in class 0 unless it arrived on a class-1 escape VC of the same ring; a head
// that crossed the wrap link on escape, went on adaptively and re-enters the escape network
// then takes class 0 after the dateline, and class-0 channels close the ring (an indirect
// dependency class 1 -> adaptive -> class 0 -> ... -> wrap -> class 1). Here the header
// remembers, per dimension, whether the packet has crossed the wrap link (on any channel), and
// the escape class is 1 from that hop on: class-0 channels are then used only before the wrap
// and class-1 ones only after it, in the order of the positions, so no cycle.
//
// 2. VC allocation: every VC is allocated atomically
// (RoutingAlgorithm::atomic_vc_class) — a head takes an output VC only when its downstream
// buffer is empty. Why: the router otherwise hands an output VC to a new packet as soon as the
// previous one's tail has left (BookSim's rule), so a buffer may hold one packet's tail and the
// next one's head, which Duato's theorem excludes (a queue holds flits of one packet). Then:
//   packet P holds escape VC e1 with its body while its head, gone on adaptively, waits in an
//   adaptive buffer behind the tail of packet Q; Q's head waits for e1. Neither moves.
// Making only the escape VCs atomic is not enough (the cycle above goes through an adaptive
// buffer): measured, both minimal_adaptive and an escape-only-atomic variant deadlock on a
// 16x16 mesh with 20-flit packets and 8-flit buffers beyond saturation (test_opt_y.cpp keeps
// the case), and this class drains. Cost: a VC waits for its buffer to empty before a new
// packet takes it. minimal_adaptive is left as it is, so that existing runs keep their results.
#pragma once

#include <cstdint>

#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/topology/topology.hpp"
#include "models/network/topology/torus.hpp"

namespace net {

/// Duato's routing header: bit d set once the packet has crossed dimension d's wrap link.
struct DuatoHeader {
  std::uint16_t wrapped = 0;
};

class DuatoRouting final : public RoutingAlgorithm {
 public:
  static constexpr std::string_view kName = "duato";

  /// Throws pdes::ConfigError("network.routing") unless mesh, torus or hypercube.
  explicit DuatoRouting(const Topology& topology);

  std::string_view name() const override { return kName; }
  /// Escape classes (2 on a torus: the datelines; else 1), then the adaptive class.
  std::uint32_t vc_classes() const override { return escape_classes_ + 1; }
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;
  /// Every class (see above).
  bool atomic_vc_class(std::uint32_t /*vc_class*/) const override { return true; }

 private:
  const Topology& topology_;
  const Torus* torus_;  // null unless the topology is a torus
  std::uint32_t escape_classes_;
};

}  // namespace net
