// SPDX-License-Identifier: Apache-2.0
//
// ChannelTable: dense ids for the directed router-to-router channels of a Topology.
//
// Every bidirectional link is two channels, one per direction. The channel leaving router r on
// network port p exists iff neighbour(r, p) does; ids are assigned in (router, port) order, so
// channel 0 leaves router 0 on its lowest connected port. Terminal (injection and ejection)
// channels are not included.
//
// Who uses it: channel-load analysis (throughput bounds from topology + routing: accumulate the
// load of each route on loads[table.id(r, p)]), and per-channel statistics.
//
//   ChannelTable channels(topology);
//   std::vector<double> load(channels.size());
//   load[*channels.id(router, port)] += rate;
//   const Channel& c = channels[i];   // c.from, c.from_port, c.to, c.to_port
//
// Memory: 8 bytes per port of the network plus 24 bytes per channel.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "models/network/topology/topology.hpp"

namespace net {

using ChannelId = std::uint64_t;

struct Channel {
  RouterId from = 0;
  PortId from_port = 0;
  RouterId to = 0;
  PortId to_port = 0;
  bool operator==(const Channel&) const = default;
};

class ChannelTable {
 public:
  explicit ChannelTable(const Topology& topology);

  std::size_t size() const { return channels_.size(); }
  const Channel& operator[](ChannelId id) const { return channels_[id]; }
  std::span<const Channel> channels() const { return channels_; }

  /// The channel leaving `router` on `port`, or nullopt for terminal and unconnected ports.
  std::optional<ChannelId> id(RouterId router, PortId port) const;

 private:
  static constexpr ChannelId kNone = ~ChannelId{0};

  std::vector<Channel> channels_;
  std::vector<std::uint64_t> first_slot_;  // per router: index of its port 0 in slots_
  std::vector<ChannelId> slots_;           // per (router, port): channel id or kNone
};

}  // namespace net
