// SPDX-License-Identifier: Apache-2.0
//
// PacketSamples: the table network/packet_samples, about 1 in N measured delivered packets
// (metrics.packet_sample_every = N; 0 = off), each with its own times and hop count.
//
//   net::PacketSamples samples(10);
//   if (samples.selects(d)) samples.add(d);   // measured packets only
//   io::Table t = samples.table();
//
// Which packets: those whose identity (src, seq) hashes to 0 modulo N (packet_hash, a
// SplitMix64 finaliser). The choice depends on nothing but the packet, so the sample is the
// same for every rank count, partition and engine; a hash rather than seq % N keeps it from
// locking onto periodic injection (every source's k-th packet at the same time). The share is
// 1/N in expectation, not exactly. Rows are keyed and sorted by (src, dst, seq) and
// concatenated across ranks (a packet's record comes from its destination's rank).
#pragma once

#include <cstdint>
#include <vector>

#include "io/results/result_set.hpp"
#include "models/network/metrics/packet_records.hpp"

namespace net {

class PacketSamples {
 public:
  static constexpr const char* kTable = "network/packet_samples";

  /// `every` = 0: nothing is sampled (and there is no table).
  explicit PacketSamples(std::uint64_t every) : every_(every) {}

  /// Whether packet (src, seq) is in a 1-in-`every` sample; false when every == 0.
  static bool selected(std::uint32_t src, std::uint32_t seq, std::uint64_t every);
  bool selects(const PacketDelivered& packet) const {
    return selected(packet.src, packet.seq, every_);
  }
  /// Keeps `packet` (the caller checks selects() and `measured`).
  void add(const PacketDelivered& packet) { packets_.push_back(packet); }

  bool enabled() const { return every_ != 0; }
  std::size_t size() const { return packets_.size(); }
  /// The sampled packets, sorted by (src, dst, seq).
  io::Table table() const;

 private:
  std::uint64_t every_;
  std::vector<PacketDelivered> packets_;
};

}  // namespace net
