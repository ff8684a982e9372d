// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/opt_y.hpp"

#include <string>

#include "pdes/error.hpp"

namespace net {

OptYRouting::OptYRouting(const Topology& topology, OptYLayout layout)
    : topology_(topology), layout_(layout), columns_(0) {
  if (topology.name() != "mesh" || topology.radices().size() != 2) {
    throw pdes::ConfigError("network.routing", "opt_y routes 2D meshes only, not " +
                                                   topology.summary());
  }
  columns_ = topology.radices()[0];
}

void OptYRouting::route(const RouteInput& at, Flit& head, RouteCandidates& out) const {
  const RouterPort dst = topology_.attachment(head.dst);
  if (dst.router == at.router) {
    out.add(dst.port, 0);
    return;
  }
  const auto x = static_cast<std::int64_t>(at.router % columns_);
  const auto y = static_cast<std::int64_t>(at.router / columns_);
  const auto dx = static_cast<std::int64_t>(dst.router % columns_) - x;
  const auto dy = static_cast<std::int64_t>(dst.router / columns_) - y;
  // A head that arrived over a -x link came in on this router's +x port.
  const bool in_west_net =
      !at.from_terminal &&
      (at.in_port == kEast || ((at.in_port == kNorth || at.in_port == kSouth) &&
                               at.in_class == kWestClass));
  // "4n-2": an x direction belongs to its own subnetwork only (one channel each way in x).
  const bool shared_x = layout_ == OptYLayout::kShared;
  if (dx > 0) {
    out.add(kEast, kEastClass);
    if (shared_x) out.add(kEast, kWestClass);
  } else if (dx < 0) {
    if (shared_x) out.add(kWest, kEastClass);
    out.add(kWest, kWestClass);
  }
  if (dy == 0) return;
  const PortId y_port = dy > 0 ? kNorth : kSouth;
  if (dx > 0) {
    out.add(y_port, kEastClass);
    return;
  }
  if (!in_west_net) out.add(y_port, kEastClass);
  out.add(y_port, kWestClass);
}

}  // namespace net
