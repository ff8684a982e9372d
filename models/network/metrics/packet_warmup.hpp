// SPDX-License-Identifier: Apache-2.0
//
// PacketWarmup: the results' side of a warm-up counted in delivered packets
// (traffic.warmup_packets = K > 0). The warm-up end W, the cycle in which the network's K-th
// packet was delivered (WarmupByPackets, warmup_by_packets.hpp), is known only once every rank
// has committed its records; yet most records can be classified (before or after W) as they
// come, because each rank's detector gives an upper bound B >= W that only falls:
//
//   a record created in a cycle >= B is on the same side of W as of B: account it with B now;
//   an earlier one waits (defer) until the run's end, when warmup_end() finds W with two small
//   collective reductions and the caller accounts the deferred records with W.
//
// Deferred records are those created before the rank's bound, so few (the packets of the
// warm-up itself and of the first cycles after it).
//
//   net::PacketWarmup warmup(k);
//   warmup.add_delivery(cycle_of(d.delivered));        // every delivered packet
//   if (const auto w = warmup.settled(cycle_of(d.created))) account(d, *w); else warmup.defer(d);
//   ... at the end, on every rank:
//   const std::uint64_t w = warmup.warmup_end(reduce).value_or(kNever);
//   for (const PacketDelivered& d : warmup.deferred_delivered()) account(d, w);
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "io/results/result_set.hpp"
#include "models/network/metrics/message_log.hpp"
#include "models/network/metrics/packet_records.hpp"
#include "models/network/metrics/warmup_by_packets.hpp"

namespace net {

class PacketWarmup {
 public:
  /// Combines a ResultSet over every rank (a collective), or, not set, the process is the only
  /// rank.
  using Reduce = std::function<io::ResultSet(const io::ResultSet&)>;

  /// k > 0 (a PDES_CHECK).
  explicit PacketWarmup(std::uint64_t k) : detector_(k), k_(k) {}

  std::uint64_t packets() const { return k_; }

  /// A packet delivered in `cycle` (any commit order).
  void add_delivery(std::uint64_t cycle) { detector_.add_delivery(cycle); }

  /// The warm-up end to classify a record created in `created_cycle` with, when that is already
  /// certain (created at or after this rank's bound); nullopt: defer it.
  std::optional<std::uint64_t> settled(std::uint64_t created_cycle) const;

  void defer(const PacketGenerated& g) { generated_.push_back(g); }
  void defer(const PacketDelivered& d) { delivered_.push_back(d); }
  void defer(const DeliveredMessageRecord& m) { messages_.push_back(m); }

  const std::vector<PacketGenerated>& deferred_generated() const { return generated_; }
  const std::vector<PacketDelivered>& deferred_delivered() const { return delivered_; }
  const std::vector<DeliveredMessageRecord>& deferred_messages() const { return messages_; }

  /// Collective (two calls of `reduce`, on every rank): W, or nullopt when the network delivered
  /// fewer than k packets.
  std::optional<std::uint64_t> warmup_end(const Reduce& reduce) const;

 private:
  WarmupByPackets detector_;
  std::uint64_t k_;
  std::vector<PacketGenerated> generated_;
  std::vector<PacketDelivered> delivered_;
  std::vector<DeliveredMessageRecord> messages_;
};

}  // namespace net
