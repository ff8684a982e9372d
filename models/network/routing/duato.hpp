// SPDX-License-Identifier: Apache-2.0
//
// DuatoRouting (`duato`): minimal fully adaptive routing with a dimension-order escape channel
// (Duato, IEEE TPDS 4(12), 1993; Duato et al. 2003, §4.4.4), deadlock-free under wormhole
// switching whatever the packet and buffer sizes.
//
// The candidates are those of MinimalAdaptiveRouting (minimal_adaptive.hpp): every minimal port
// in the adaptive class at level 0, the dimension-order port in its escape class at level 1.
// The difference is in VC allocation: every VC is allocated atomically
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

#include "models/network/routing/minimal_adaptive.hpp"
#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/topology/topology.hpp"

namespace net {

class DuatoRouting final : public RoutingAlgorithm {
 public:
  static constexpr std::string_view kName = "duato";

  /// Throws pdes::ConfigError("network.routing") unless mesh, torus or hypercube.
  explicit DuatoRouting(const Topology& topology) : adaptive_(topology) {}

  std::string_view name() const override { return kName; }
  std::uint32_t vc_classes() const override { return adaptive_.vc_classes(); }
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override {
    adaptive_.route(at, head, out);
  }
  /// Every class (see above).
  bool atomic_vc_class(std::uint32_t /*vc_class*/) const override { return true; }

 private:
  MinimalAdaptiveRouting adaptive_;
};

}  // namespace net
