// SPDX-License-Identifier: Apache-2.0
//
// NeighbourStatus: what one router knows of its neighbours' load (seed 002's network condition
// buffers, NCB) and how the exchange that feeds them is going — the state of the speculative
// selection at a router (RouterState::selection), rolled back with the router.
//
// Per output port p that leads to a router B:
//   one_hop[p]  B's LUC, as B sampled it at its last exchange (NCB 1-hop);
//   two_hop[p]  the LUC of the router beyond B in the same direction, as B relayed it from its
//               own 1-hop NCB one exchange later (NCB 2-hop; invalid when B is on the edge).
// `sampled` is when the value was read at its origin, so the age of a value at use is
// now - sampled. A value from a neighbour that has gone quiet (status_exchange.hpp) is exact
// until that neighbour speaks again: its age is not counted.
#pragma once

#include <cstdint>
#include <vector>

#include "pdes/checkpointable.hpp"

namespace net::speculative {

struct NcbEntry {
  std::int64_t sampled = 0;  ///< ticks
  std::uint16_t value = 0;   ///< the LUC: packets in the router (RouterView::occupied_input_vcs)
  std::uint8_t valid = 0;
  std::uint8_t quiet = 0;    ///< the sender stopped exchanging after this (all zero) value
  std::uint32_t reserved = 0;
  bool operator==(const NcbEntry&) const = default;
};

/// Ages at use of one kind of value (cycles).
struct AgeTally {
  std::uint64_t uses = 0;
  std::uint64_t sum = 0;
  std::uint64_t max = 0;
  std::uint64_t min = 0;  ///< valid when uses > 0
  void add(std::uint64_t age) {
    min = uses == 0 || age < min ? age : min;
    ++uses;
    sum += age;
    if (age > max) max = age;
  }
  bool operator==(const AgeTally&) const = default;
};

struct NeighbourStatus {
  static constexpr std::uint8_t kArmedExchange = 1;
  static constexpr std::uint8_t kArmedCharge = 2;
  std::vector<NcbEntry> one_hop;  ///< per port
  std::vector<NcbEntry> two_hop;  ///< per port
  std::uint8_t armed = 0;         ///< bits: kArmedExchange, kArmedCharge timers pending
  std::uint64_t rounds = 0;       ///< exchanges this router took part in
  AgeTally one_hop_age;
  AgeTally two_hop_age;
  bool operator==(const NeighbourStatus&) const = default;
  /// Checkpoints (pdes/checkpointable.hpp): every member.
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, one_hop);
    pdes::checkpoint_value(ar, two_hop);
    pdes::checkpoint_value(ar, armed);
    pdes::checkpoint_value(ar, rounds);
    pdes::checkpoint_value(ar, one_hop_age);
    pdes::checkpoint_value(ar, two_hop_age);
  }
};

}  // namespace net::speculative
