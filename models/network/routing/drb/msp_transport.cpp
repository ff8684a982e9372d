// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/msp_transport.hpp"

#include "models/network/routing/drb/dimension_order_transport.hpp"
#include "models/network/routing/drb/dragonfly_transport.hpp"
#include "models/network/routing/drb/fat_tree_transport.hpp"
#include "pdes/error.hpp"

namespace net::drb {

void reject_supernode_keys(const DrbParams& p, const std::string& why) {
  const DrbParams d;
  if (p.supernode != d.supernode) {
    throw pdes::ConfigError("drb.supernode", "'" + std::string(to_string(p.supernode)) + "'" +
                                                 why + "'" +
                                                 std::string(to_string(d.supernode)) + "'");
  }
  const auto check_u32 = [&](const char* key, std::uint32_t value, std::uint32_t def) {
    if (value != def) {
      throw pdes::ConfigError(key, std::to_string(value) + why + std::to_string(def) +
                                       " (drb.max_width bounds the paths)");
    }
  };
  check_u32("drb.source_size", p.source_size, d.source_size);
  check_u32("drb.destination_size", p.destination_size, d.destination_size);
  check_u32("drb.subtopology_dims", p.subtopology_dims, d.subtopology_dims);
}

void MspTransport::route_ack_by_base(const RouteInput& at, const Flit& ack, bool shared,
                                     RouteCandidates& out) const {
  Flit copy = ack;  // route() may write the header; an ACK's stays as it is
  RouteCandidates by_base;
  base().route(at, copy, by_base);
  const std::uint32_t first = shared ? 0 : data_classes();
  for (const RouteCandidate& c : by_base) out.add(c.port, first + c.vc_class, c.level);
}

std::unique_ptr<MspTransport> make_msp_transport(const Topology& topology,
                                                 const DrbParams& params, TorusTie tie) {
  if (const auto* tree = dynamic_cast<const FatTree*>(&topology)) {
    return std::make_unique<FatTreeTransport>(*tree, params);
  }
  if (const auto* dragonfly = dynamic_cast<const Dragonfly*>(&topology)) {
    return std::make_unique<DragonflyTransport>(*dragonfly, params);
  }
  return std::make_unique<DimensionOrderTransport>(topology, params, tie);
}

}  // namespace net::drb
