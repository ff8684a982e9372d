// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/packet_samples.hpp"

#include <algorithm>
#include <tuple>

#include "models/network/routing/packet_hash.hpp"

namespace net {

namespace {

// Keeps the sample apart from the routing choices that hash the same identity.
constexpr std::uint64_t kSampleSalt = 0x5A4D504C45ULL;  // arbitrary

}  // namespace

bool PacketSamples::selected(std::uint32_t src, std::uint32_t seq, std::uint64_t every) {
  return every != 0 && packet_hash(src, seq, 0, kSampleSalt) % every == 0;
}

io::Table PacketSamples::table() const {
  using io::Cell;
  using io::ColumnType;
  io::Table t(
      kTable,
      "About 1 in metrics.packet_sample_every measured packets, chosen by a hash "
      "of (src, seq)",
      {{"src", ColumnType::kUInt64, "", "source node id"},
       {"dst", ColumnType::kUInt64, "", "destination node id"},
       {"seq", ColumnType::kUInt64, "", "the packet's sequence number at its source"},
       {"size", ColumnType::kUInt64, "flits", "flits of the packet"},
       {"created", ColumnType::kInt64, "ps", "time the source created the packet"},
       {"injected", ColumnType::kInt64, "ps", "time its head left the source's network interface"},
       {"delivered", ColumnType::kInt64, "ps", "time its tail reached the destination"},
       {"hops", ColumnType::kUInt64, "routers", "routers crossed"},
       {"blocked_cycles", ColumnType::kUInt64, "cycles",
        "cycles the head waited at routers beyond the pipeline"},
       {"path", ColumnType::kUInt64, "",
        "the source's path choice (0 = canonical)"}},
      3, io::Combine::kConcatenate);
  std::vector<const PacketDelivered*> order;
  order.reserve(packets_.size());
  for (const PacketDelivered& p : packets_) order.push_back(&p);
  std::sort(order.begin(), order.end(), [](const PacketDelivered* a, const PacketDelivered* b) {
    return std::tie(a->src, a->dst, a->seq) < std::tie(b->src, b->dst, b->seq);
  });
  for (const PacketDelivered* p : order) {
    t.add_row({Cell::u64(p->src), Cell::u64(p->dst), Cell::u64(p->seq), Cell::u64(p->size),
               Cell::i64(p->created), Cell::i64(p->injected), Cell::i64(p->delivered),
               Cell::u64(p->hops), Cell::u64(p->blocked_cycles), Cell::u64(p->path)});
  }
  return t;
}

}  // namespace net
