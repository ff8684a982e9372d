// SPDX-License-Identifier: Apache-2.0
//
// RouterPortTotals: one record per router output port, emitted by RouterLp::on_finish at the
// end of the run: the raw material of the latency map (per-router, per-port contention latency,
// seed 004 thesis §4.3) and of port utilisation.
//
//   mean contention latency of the port = head_wait_ticks / packets   (ticks)
//   utilisation                         = flits / cycles simulated    (flits per cycle)
//
// A head's wait is the time it spent at the front of its input VC beyond its pipeline delay:
// waiting for an output VC, credits or the switch (router_lp.hpp, "Contention"). It is charged
// to the output port the head finally took. Counts cover the whole run (warm-up included).
#pragma once

#include <cstdint>

namespace net {

struct RouterPortTotals {
  static constexpr std::uint16_t kRecordKind = 0x4E10;
  std::uint32_t router = 0;
  std::uint32_t port = 0;
  std::uint8_t terminal = 0;  ///< 1 for an ejection port (to a node)
  std::uint8_t reserved[7] = {};
  std::uint64_t flits = 0;
  std::uint64_t packets = 0;
  std::uint64_t head_wait_ticks = 0;
  std::uint64_t flits_measured = 0;  ///< flits sent from the end of the warm-up (in cycles) on
};

}  // namespace net
