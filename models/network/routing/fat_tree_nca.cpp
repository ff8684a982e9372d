// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/fat_tree_nca.hpp"

#include <string>

#include "models/network/routing/packet_hash.hpp"
#include "pdes/error.hpp"

namespace net {

namespace {

const FatTree& as_fat_tree(const Topology& topology) {
  const auto* tree = dynamic_cast<const FatTree*>(&topology);
  if (tree == nullptr) {
    throw pdes::ConfigError("network.routing",
                            "nearest-common-ancestor routing needs a fat_tree topology, got '" +
                                std::string(topology.name()) + "'");
  }
  return *tree;
}

}  // namespace

std::string_view to_string(UpPortPolicy policy) {
  switch (policy) {
    case UpPortPolicy::kDeterministic:
      return "deterministic";
    case UpPortPolicy::kRandom:
      return "random";
    case UpPortPolicy::kCyclic:
      return "cyclic";
    case UpPortPolicy::kAdaptive:
      return "adaptive";
  }
  return "?";
}

UpPortPolicy parse_up_port_policy(std::string_view name) {
  for (const UpPortPolicy p : {UpPortPolicy::kDeterministic, UpPortPolicy::kRandom,
                               UpPortPolicy::kCyclic, UpPortPolicy::kAdaptive}) {
    if (name == to_string(p)) return p;
  }
  throw pdes::ConfigError("nca.up_port", "unknown value '" + std::string(name) +
                                             "'; valid names: deterministic, random, cyclic, "
                                             "adaptive");
}

FatTreeNcaRouting::FatTreeNcaRouting(const Topology& topology, UpPortPolicy policy)
    : tree_(as_fat_tree(topology)), policy_(policy) {}

std::string_view FatTreeNcaRouting::name() const {
  switch (policy_) {
    case UpPortPolicy::kDeterministic:
      return "nca_deterministic";
    case UpPortPolicy::kRandom:
      return "nca_random";
    case UpPortPolicy::kCyclic:
      return "nca_cyclic";
    default:
      return "nca_adaptive";
  }
}

void FatTreeNcaRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  const RouterPort dst = tree_.attachment(head.dst);
  if (dst.router == at.router) {
    out.add(dst.port, 0);
    return;
  }
  const PortList minimal = tree_.minimal_ports(at.router, dst.router);
  PDES_CHECK(!minimal.empty(), "fat tree: no minimal port");
  if (!tree_.is_up_port(at.router, minimal[0])) {  // descending: the one way down
    out.add(minimal[0], 0);
    return;
  }
  const std::uint32_t k = tree_.arity();
  const std::uint32_t level = tree_.level(at.router);
  switch (policy_) {
    case UpPortPolicy::kDeterministic: {
      // Digit `level` of the destination terminal (t_0 is its port on the leaf).
      std::uint64_t t = head.dst;
      for (std::uint32_t i = 0; i < level; ++i) t /= k;
      out.add(static_cast<PortId>(k + t % k), 0);
      return;
    }
    case UpPortPolicy::kRandom:
      out.add(static_cast<PortId>(k + packet_hash(head.src, head.seq, at.router) % k), 0);
      return;
    case UpPortPolicy::kCyclic: {
      // Digit `level` of (src + seq): the leaf's port changes with every packet, the next
      // level's every k packets, so k^L consecutive packets cover the k^L ancestors.
      std::uint64_t turn = std::uint64_t{head.src} + head.seq;
      for (std::uint32_t i = 0; i < level; ++i) turn /= k;
      out.add(static_cast<PortId>(k + turn % k), 0);
      return;
    }
    case UpPortPolicy::kAdaptive: {
      const std::uint64_t first = packet_hash(head.src, head.seq, at.router) % k;
      for (std::uint32_t i = 0; i < k; ++i) out.add(static_cast<PortId>(k + (first + i) % k), 0);
      return;
    }
  }
}

}  // namespace net
