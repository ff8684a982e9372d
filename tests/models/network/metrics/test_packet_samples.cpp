// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/packet_samples.hpp"

#include <doctest/doctest.h>

using net::PacketDelivered;
using net::PacketSamples;

namespace {

PacketDelivered packet(std::uint32_t src, std::uint32_t dst, std::uint32_t seq) {
  PacketDelivered d;
  d.src = src;
  d.dst = dst;
  d.seq = seq;
  d.size = 4;
  d.hops = 3;
  d.created = 1000;
  d.injected = 2000;
  d.delivered = 9000;
  d.blocked_cycles = 2;
  d.measured = 1;
  return d;
}

}  // namespace

TEST_CASE("the sample is a function of (src, seq) only, about 1 in N") {
  constexpr std::uint64_t kEvery = 10;
  std::uint64_t chosen = 0;
  for (std::uint32_t src = 0; src < 100; ++src) {
    for (std::uint32_t seq = 0; seq < 1000; ++seq) {
      const bool s = PacketSamples::selected(src, seq, kEvery);
      CHECK(s == PacketSamples::selected(src, seq, kEvery));
      if (s) ++chosen;
    }
  }
  // 100,000 packets: 10,000 expected, standard deviation about 95.
  CHECK(chosen > 9500);
  CHECK(chosen < 10500);
  // Every packet with N = 1, none with N = 0 (off).
  CHECK(PacketSamples::selected(7, 7, 1));
  CHECK_FALSE(PacketSamples::selected(7, 7, 0));
  // Not every source's k-th packet at once (what seq % N would do).
  std::uint64_t seq0 = 0;
  for (std::uint32_t src = 0; src < 100; ++src) seq0 += PacketSamples::selected(src, 0, 2) ? 1 : 0;
  CHECK(seq0 > 20);
  CHECK(seq0 < 80);
}

TEST_CASE("the table is sorted by (src, dst, seq) whatever the commit order") {
  PacketSamples a(1);
  PacketSamples b(1);
  const PacketDelivered packets[] = {packet(2, 0, 5), packet(0, 3, 9), packet(0, 1, 12),
                                     packet(0, 1, 4), packet(1, 1, 0)};
  for (const PacketDelivered& p : packets) a.add(p);
  for (auto it = std::rbegin(packets); it != std::rend(packets); ++it) b.add(*it);
  const io::Table t = a.table();
  CHECK(t.cells() == b.table().cells());
  CHECK(t.name() == "network/packet_samples");
  CHECK(t.key_columns() == 3);
  REQUIRE(t.rows() == 5);
  auto at = [&](std::size_t row, const char* column) {
    return t.at(row, t.column_index(column)).as_u64();
  };
  CHECK(at(0, "src") == 0);
  CHECK(at(0, "dst") == 1);
  CHECK(at(0, "seq") == 4);
  CHECK(at(1, "seq") == 12);
  CHECK(at(2, "dst") == 3);
  CHECK(at(4, "src") == 2);
  CHECK(at(0, "size") == 4);
  CHECK(at(0, "hops") == 3);
  CHECK(at(0, "blocked_cycles") == 2);
  CHECK(t.at(0, t.column_index("injected")).as_i64() == 2000);
  CHECK(t.at(0, t.column_index("delivered")).as_i64() == 9000);
  CHECK(PacketSamples(0).enabled() == false);
}
