// SPDX-License-Identifier: Apache-2.0
//
// Records of the message-level model, read by the mission results (mission_results.hpp):
//   MissionMessage  one per message, at its destination node (MessageNodeLp), when it arrives
//   MissionLink     one per link a router arbitrates, at the end (MessageSwitchLp::on_finish)
// Times in cycles. Kinds in the workloads' range (metrics/results_extension.hpp).
#pragma once

#include <cstdint>
#include <type_traits>

namespace net::missions {

struct MissionMessage {
  static constexpr std::uint16_t kRecordKind = 0x4EA0;
  std::uint32_t src = 0;
  std::uint32_t dst = 0;
  std::uint32_t message = 0;
  std::uint32_t group = 0;
  std::uint32_t length = 0;
  std::uint32_t hops = 0;  ///< links crossed
  std::int64_t created = 0;
  std::int64_t delivered = 0;
};
static_assert(std::has_unique_object_representations_v<MissionMessage>);

struct MissionLink {
  static constexpr std::uint16_t kRecordKind = 0x4EA1;
  std::uint32_t router = 0;  ///< the owner
  std::uint32_t dimension = 0;
  std::uint64_t messages = 0;
  std::uint64_t busy_cycles = 0;
};
static_assert(std::has_unique_object_representations_v<MissionLink>);

}  // namespace net::missions
