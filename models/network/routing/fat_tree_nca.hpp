// SPDX-License-Identifier: Apache-2.0
//
// FatTreeNcaRouting: nearest-common-ancestor routing on a k-ary n-tree (Petrini & Vanneschi,
// IPPS 1997; Leiserson 1985). A packet climbs from its leaf switch until it reaches a switch
// that is an ancestor of its destination, then descends on the unique down path. Every up port
// of a switch leads to an ancestor of the same subtree, so the only choice is which up port to
// take on the way up; four policies (the baselines of the PR-DRB thesis, seed 004
// §4.8.2-§4.8.4: "deterministic", "random routing", "cyclic periodic routing";
// the thesis defines none of them, these are our readings):
//
//   deterministic  up port k + t_l at level l, where t_l is base-k digit l of the destination
//                  terminal ("d-mod-k", Zahavi et al. 2010; BookSim2 fattree nca with
//                  deterministic up selection): all packets to one destination share one tree,
//                  so converging flows do not spread.
//   random         an up port chosen uniformly per packet and switch (oblivious; a hash of the
//                  packet identity and the switch, so that repeated allocation passes and
//                  rollbacks give the same choice; see packet_hash.hpp).
//   cyclic         round robin per source: packet number q of source s climbs through the
//                  NCA whose up-port digits are those of (s + q) in base k (digit l at level
//                  l), so consecutive packets of a source visit its k^L nearest common
//                  ancestors in turn, and the k sources of a leaf start on different up ports.
//                  A pure function of the packet, like `random`, so no router state.
//   adaptive       every up port is offered and the router takes the one with the most
//                  credits (ties: hash-rotated order).
//
// Deadlock freedom: up*/down* routing has no cycle (a packet never goes up after going down),
// so one VC class suffices.
#pragma once

#include <string_view>

#include "models/network/routing/routing_algorithm.hpp"
#include "models/network/topology/fat_tree.hpp"

namespace net {

enum class UpPortPolicy : std::uint8_t { kDeterministic, kRandom, kAdaptive, kCyclic };

std::string_view to_string(UpPortPolicy policy);
/// nca.up_port: deterministic, random, cyclic or adaptive; throws pdes::ConfigError naming the
/// key and listing the valid names.
UpPortPolicy parse_up_port_policy(std::string_view name);

class FatTreeNcaRouting final : public RoutingAlgorithm {
 public:
  /// Throws pdes::ConfigError("network.routing") unless `topology` is a fat tree.
  FatTreeNcaRouting(const Topology& topology, UpPortPolicy policy);

  std::string_view name() const override;
  std::uint32_t vc_classes() const override { return 1; }
  void route(const RouteInput& at, Flit& head, RouteCandidates& out) const override;

 private:
  const FatTree& tree_;
  UpPortPolicy policy_;
};

}  // namespace net
