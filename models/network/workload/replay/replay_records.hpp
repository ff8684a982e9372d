// SPDX-License-Identifier: Apache-2.0
//
// RankReplayTotals: what one MPI rank of a trace replay did, emitted by its node at the end of
// the run (ReplayWorkload::on_finish) and read by ReplayResults. Its kind is in the workloads'
// range (metrics/record_kinds.hpp), after the missions' 0x4EA0 and 0x4EA1.
#pragma once

#include <cstdint>
#include <type_traits>

namespace net::replay {

struct RankReplayTotals {
  static constexpr std::uint16_t kRecordKind = 0x4EB0;
  std::uint32_t rank = 0;
  std::uint32_t node = 0;
  std::uint8_t mode = 0;          ///< Mode at the end: kFinished, or what it was blocked in
  std::uint8_t blocked_kind = 0;  ///< OpKind of the operation it was blocked in
  std::uint16_t reserved = 0;
  std::int32_t blocked_peer = 0;  ///< its peer (or root), -1: any
  std::int32_t blocked_tag = 0;   ///< its tag, -1: any
  std::uint32_t reserved2 = 0;
  std::int64_t finished_at = -1;  ///< ticks; -1: never finished
  std::int64_t compute_ticks = 0;
  std::int64_t wait_ticks = 0;
  std::uint64_t messages_sent = 0;
  std::uint64_t bytes_sent = 0;
  std::uint64_t operations_done = 0;
};
static_assert(std::has_unique_object_representations_v<RankReplayTotals>,
              "no padding bytes: the rollback check compares records byte for byte");

}  // namespace net::replay
