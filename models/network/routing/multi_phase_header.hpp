// SPDX-License-Identifier: Apache-2.0
//
// MultiPhaseHeader: the routing header (Flit::route) of routes in phases through intermediate
// nodes — Valiant's S -> I -> D and multi-step paths S -> X -> Y -> D
// (phased_dimension_order.hpp). Phase p < vias travels to via[p], phase vias to the
// destination. `path` and `tag` belong to the algorithm that chose the intermediates (a source
// routing's path index, which its ACKs echo, and a byte of its own).
//
// via[] holds node ids, except for DRB on a fat tree, whose intermediates are switches without
// nodes, and on a dragonfly, whose intermediate is a router of another group: there via[0] is a
// router id (routing/drb/fat_tree_transport.hpp, routing/drb/dragonfly_transport.hpp).
#pragma once

#include <cstdint>

namespace net {

struct MultiPhaseHeader {
  static constexpr std::uint32_t kMaxVias = 2;

  std::uint8_t phase = 0;  ///< current routing phase
  std::uint8_t vias = 0;   ///< intermediate nodes in via[] (0, 1 or 2)
  std::uint8_t path = 0;   ///< the source's path choice
  std::uint8_t tag = 0;    ///< the algorithm's own byte
  std::uint32_t via[kMaxVias] = {0, 0};  ///< intermediate nodes (or switches), in order
};

}  // namespace net
