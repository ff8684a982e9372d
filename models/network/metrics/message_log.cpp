// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/message_log.hpp"

#include <algorithm>
#include <tuple>

namespace net {

std::optional<DeliveredMessageRecord> MessageLog::add(const PacketDelivered& packet) {
  DeliveredMessageRecord m{packet.src,     packet.message, packet.dst,         1,
                           packet.size,    packet.created, packet.delivered,   packet.measured != 0};
  if (packet.message_packets > 1) {
    const auto key = std::make_pair(packet.src, packet.message);
    auto [it, fresh] = partial_.try_emplace(key, m);
    if (!fresh) {
      it->second.packets += 1;
      it->second.flits += packet.size;
      it->second.delivered = std::max(it->second.delivered, packet.delivered);
    }
    if (it->second.packets < packet.message_packets) return std::nullopt;
    m = it->second;
    partial_.erase(it);
  }
  if (keep_rows_) rows_.push_back(m);
  return m;
}

io::Table MessageLog::table() const {
  using io::Cell;
  using io::ColumnType;
  io::Table t(kTable, "Per delivered message: its size, release and arrival of its last packet",
              {{"src", ColumnType::kUInt64, "", "source node"},
               {"message", ColumnType::kUInt64, "", "message id at the source"},
               {"dst", ColumnType::kUInt64, "", "destination node"},
               {"packets", ColumnType::kUInt64, "packets", "packets of the message"},
               {"flits", ColumnType::kUInt64, "flits", "length of the message"},
               {"created", ColumnType::kInt64, "ps", "release time at the source"},
               {"delivered", ColumnType::kInt64, "ps", "arrival of its last packet"}},
              2, io::Combine::kConcatenate);
  std::vector<DeliveredMessageRecord> sorted = rows_;
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return std::tie(a.src, a.message) < std::tie(b.src, b.message);
  });
  for (const DeliveredMessageRecord& m : sorted) {
    t.add_row({Cell::u64(m.src), Cell::u64(m.message), Cell::u64(m.dst), Cell::u64(m.packets),
               Cell::u64(m.flits), Cell::i64(m.created), Cell::i64(m.delivered)});
  }
  return t;
}

}  // namespace net
