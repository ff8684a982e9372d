// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/message_log.hpp"

#include <algorithm>

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

void MessageLog::add_generated(const PacketGenerated& packet) {
  if (!keep_rows_) return;
  const auto [it, fresh] = sent_.try_emplace(std::make_pair(packet.src, packet.message));
  Sent& m = it->second;
  if (fresh) {
    m.dst = packet.dst;
    m.group = packet.group;
    m.created = packet.created;
  }
  ++m.packets;
  m.flits += packet.size;
}

io::Table MessageLog::table() const {
  using io::Cell;
  using io::ColumnType;
  io::Table t(kTable,
              "Per message: the source's side (destination, group, size, release) and the "
              "destination's (packets delivered, arrival of the last)",
              {{"src", ColumnType::kUInt64, "", "source node"},
               {"message", ColumnType::kUInt64, "", "message id at the source"},
               {"dst", ColumnType::kUInt64, "", "destination node"},
               {"group", ColumnType::kUInt64, "", "the workload's label (synthetic: phase)"},
               {"packets", ColumnType::kUInt64, "packets", "packets of the message"},
               {"flits", ColumnType::kUInt64, "flits", "length of the message"},
               {"created", ColumnType::kInt64, "ps", "release time at the source"},
               {"packets_delivered", ColumnType::kUInt64, "packets",
                "packets that arrived (= packets: the message was delivered)"},
               {"delivered", ColumnType::kInt64, "ps",
                "arrival of its last packet (0: not delivered)"}},
              2, io::Combine::kSum);
  // Both sides of every message this rank saw, in key order (the combined table is sorted too).
  struct Row {
    Sent sent;
    std::uint64_t packets_delivered = 0;
    std::int64_t delivered = 0;
  };
  std::map<std::pair<std::uint32_t, std::uint32_t>, Row> rows;
  for (const auto& [key, m] : sent_) rows[key].sent = m;
  for (const DeliveredMessageRecord& m : rows_) {
    Row& r = rows[{m.src, m.message}];
    r.packets_delivered = m.packets;
    r.delivered = m.delivered;
  }
  // Partly delivered messages: the packets that arrived; no arrival time yet.
  for (const auto& [key, m] : partial_) rows[key].packets_delivered = m.packets;
  for (const auto& [key, r] : rows) {
    t.add_row({Cell::u64(key.first), Cell::u64(key.second), Cell::u64(r.sent.dst),
               Cell::u64(r.sent.group), Cell::u64(r.sent.packets), Cell::u64(r.sent.flits),
               Cell::i64(r.sent.created), Cell::u64(r.packets_delivered), Cell::i64(r.delivered)});
  }
  return t;
}

}  // namespace net
