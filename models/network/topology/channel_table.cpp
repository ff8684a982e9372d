// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/channel_table.hpp"

#include <string>

#include "pdes/error.hpp"

namespace net {

ChannelTable::ChannelTable(const Topology& topology) {
  const std::uint64_t routers = topology.num_routers();
  first_slot_.reserve(routers + 1);
  for (RouterId r = 0; r < routers; ++r) {
    first_slot_.push_back(slots_.size());
    const PortId ports = topology.num_ports(r);
    for (PortId p = 0; p < ports; ++p) {
      const std::optional<RouterPort> peer = topology.neighbour(r, p);
      if (peer) {
        slots_.push_back(channels_.size());
        channels_.push_back({r, p, peer->router, peer->port});
      } else {
        slots_.push_back(kNone);
      }
    }
  }
  first_slot_.push_back(slots_.size());
}

std::optional<ChannelId> ChannelTable::id(RouterId router, PortId port) const {
  PDES_CHECK(router + 1 < first_slot_.size(), "router " + std::to_string(router) + " out of range");
  const std::uint64_t slot = first_slot_[router] + port;
  PDES_CHECK(slot < first_slot_[router + 1], "port " + std::to_string(port) + " out of range");
  const ChannelId id = slots_[slot];
  if (id == kNone) return std::nullopt;
  return id;
}

}  // namespace net
