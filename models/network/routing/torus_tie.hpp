// SPDX-License-Identifier: Apache-2.0
//
// TorusTie: which way dimension order goes on a torus ring when both ways are minimal
// (distance k/2, k even) — the key network.torus_tie.
//
// Why a choice: always going + (the old fixed rule) loads the + channels of every ring by
// k/8 + 1/8 under uniform traffic against k/8 - 1/8 on the - channels, which caps uniform
// throughput at 0.8 of the ring bound (docs/validation.md) and skews every torus comparison
// against dimension order. The usual alternatives (Dally & Towles 2004, §14.2; BookSim2
// dim_order_torus picks at random per packet):
// - plus: always + (deterministic; the old behaviour, bit for bit);
// - random: per packet, from a hash of (source, sequence number, router) — repeatable, so the
//   route is the same on every allocation pass and after a rollback (packet_hash.hpp);
// - balanced: by the source's position on the ring: + from an even coordinate, - from an odd
//   one. The tie is met only where the packet enters the ring (one hop later the distance is
//   no longer k/2), and there its coordinate in that dimension is its source's (or its route
//   segment's start), so half of the sources of each ring go each way and every channel of the
//   ring carries the same tie load.
// Whatever the rule, the direction is kept within the ring: after one hop the + (or -) way is
// strictly shorter.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace net {

enum class TorusTie : std::uint8_t { kPlus, kRandom, kBalanced };

std::string_view to_string(TorusTie tie);
/// The valid names, in declaration order: plus, random, balanced.
std::vector<std::string> torus_tie_names();
/// Throws pdes::ConfigError("network.torus_tie") for an unknown name, listing the valid ones.
TorusTie parse_torus_tie(std::string_view name);

/// The packet identity a random tie is drawn from (Flit::src, Flit::seq).
struct TieKey {
  std::uint32_t src = 0;
  std::uint32_t seq = 0;
};

}  // namespace net
