// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/fat_tree_transport.hpp"

#include <string>

#include "pdes/error.hpp"

namespace net::drb {
namespace {

void check_options(const DrbParams& p) {
  if (p.eject_at_intermediates) {
    throw pdes::ConfigError("drb.eject_at_intermediates",
                            "true is not possible on a fat tree: DRB's intermediates there are "
                            "nearest-common-ancestor switches, which have no node to eject to; "
                            "allowed: false");
  }
  reject_supernode_keys(p,
      " is not used on a fat tree, where the intermediate switches are the nearest common "
      "ancestors of source and destination (docs/drb.md, \"Fat trees\"); leave it at its "
      "default ");
  if (!p.distinct_paths) {
    throw pdes::ConfigError("drb.distinct_paths",
                            "false is not supported on a fat tree: each nearest common ancestor "
                            "gives a distinct path, there are no duplicates to keep; allowed: "
                            "true");
  }
}

}  // namespace

FatTreeTransport::FatTreeTransport(const FatTree& tree, const DrbParams& params)
    : tree_(tree),
      nca_(tree, UpPortPolicy::kDeterministic),
      shared_acks_(params.ack_vcs == AckVcs::kShared) {
  check_options(params);
  std::uint64_t p = 1;
  for (std::uint32_t i = 0; i < tree.levels(); ++i, p *= tree.arity()) powers_.push_back(p);
}

void FatTreeTransport::write_route(NodeId self, NodeId /*destination*/, const MspChoice& c,
                                   MultiPhaseHeader& h) const {
  // The canonical MSP (X = S) leaves the header empty: the static route.
  if (c.x != tree_.router_of_node(self)) h.via[h.vias++] = static_cast<std::uint32_t>(c.x);
}

void FatTreeTransport::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  MultiPhaseHeader h = head.route.get<MultiPhaseHeader>();
  if (h.vias == 1 && h.phase == 0) {
    const RouterId x = h.via[0];
    if (at.router != x) {
      const std::uint32_t level = tree_.level(at.router);
      PDES_CHECK(level < tree_.level(x), "fat-tree MSP: head above its intermediate switch");
      // Up port k + j sets digit `level` to j: take X's digit.
      const std::uint32_t k = tree_.arity();
      const auto j = static_cast<PortId>((tree_.index_in_level(x) / powers_[level]) % k);
      out.add(k + j, 0);
      return;
    }
    h.phase = 1;  // at X: from here down, like the static route
    head.route.set(h);
  }
  nca_.route(at, head, out);
}

void FatTreeTransport::route_ack(const RouteInput& at, const Flit& ack,
                                 RouteCandidates& out) const {
  route_ack_by_base(at, ack, shared_acks_, out);
}

std::uint32_t FatTreeTransport::route_hops(NodeId src, const Flit& head) const {
  const MultiPhaseHeader h = head.route.get<MultiPhaseHeader>();
  const RouterId s = tree_.router_of_node(src);
  const RouterId d = tree_.router_of_node(head.dst);
  if (h.vias == 0) return tree_.distance(s, d);
  return tree_.distance(s, h.via[0]) + tree_.distance(h.via[0], d);
}

}  // namespace net::drb
