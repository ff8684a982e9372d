// SPDX-License-Identifier: Apache-2.0
//
// MessageLog: turns the delivered packets of one rank into delivered messages. A message
// (src, message id) is complete when the last of its message_packets packets arrives; its
// latency runs from its release (the packets' `created`) to that arrival. All packets of a
// message end at one destination LP, so at one rank, and each rank sees its own messages whole.
//
//   net::MessageLog log(true);                  // true: keep a row per message
//   log.add_generated(generated_packet);        // at the source's rank
//   if (auto m = log.add(delivered_packet)) { ... m->latency() ... }   // at the destination's
//   io::Table t = log.table();                  // network/messages
//
// The table network/messages (metrics.message_table) has one row per message released, keyed
// and sorted by (src, message). The source's rank fills what the source knows (destination,
// group, packets, flits, release), the destination's rank what arrived (packets delivered,
// arrival of the last); the table is summed across ranks (each column comes from one rank, the
// other gives 0), so a row is whole on any rank count, and a message still on its way at the
// end has fewer packets delivered than packets.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "io/results/result_set.hpp"
#include "models/network/metrics/packet_records.hpp"

namespace net {

struct DeliveredMessageRecord {
  std::uint32_t src = 0;
  std::uint32_t message = 0;
  std::uint32_t dst = 0;
  std::uint32_t packets = 0;
  std::uint64_t flits = 0;
  std::int64_t created = 0;    ///< release (ticks)
  std::int64_t delivered = 0;  ///< arrival of the last packet (ticks)
  bool measured = false;       ///< released after the warm-up (PacketDelivered::measured)

  std::int64_t latency() const { return delivered - created; }
};

class MessageLog {
 public:
  static constexpr const char* kTable = "network/messages";

  explicit MessageLog(bool keep_rows) : keep_rows_(keep_rows) {}

  /// Counts `packet`; returns its message when this packet completes it.
  std::optional<DeliveredMessageRecord> add(const PacketDelivered& packet);
  /// Notes the source side of a message (only when rows are kept).
  void add_generated(const PacketGenerated& packet);

  bool keeps_rows() const { return keep_rows_; }
  /// Messages begun but not complete (their other packets are still on their way).
  std::size_t partial() const { return partial_.size(); }
  /// One row per message released or delivered on this rank, sorted by (src, message).
  io::Table table() const;

 private:
  struct Sent {
    std::uint32_t dst = 0;
    std::uint32_t group = 0;
    std::uint32_t packets = 0;
    std::uint64_t flits = 0;
    std::int64_t created = 0;
  };
  bool keep_rows_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, Sent> sent_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, DeliveredMessageRecord> partial_;
  std::vector<DeliveredMessageRecord> rows_;
};

}  // namespace net
