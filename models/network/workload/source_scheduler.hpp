// SPDX-License-Identifier: Apache-2.0
//
// SourceScheduler: which queued message a node sends its next packet from (workload.scheduler).
// The node asks at every packet boundary of its network interface, so a scheduler may
// interleave messages packet by packet; the packets of one message always leave in order.
// A scheduler is immutable and stateless (shared by all nodes); it sees the queue in release
// order and must decide from it alone, deterministically.
//
// Adding a scheduler: a class here (or its own file), one line in workload_registry.cpp, a test.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "models/network/workload/source_message.hpp"

namespace net {

class SourceScheduler {
 public:
  virtual ~SourceScheduler() = default;
  /// The index in `queued` (non-empty, release order) of the message whose next packet goes.
  virtual std::size_t pick(std::span<const SourceMessage> queued,
                           std::uint32_t packet_size) const = 0;
};

/// First come, first served: the oldest message, packet after packet until it is sent.
class FifoScheduler final : public SourceScheduler {
 public:
  std::size_t pick(std::span<const SourceMessage> /*queued*/,
                   std::uint32_t /*packet_size*/) const override {
    return 0;
  }
};

/// The message with the fewest flits left to send; ties go to the oldest. A message once begun
/// only gets shorter, so it is preempted only by a shorter one released meanwhile.
class ShortestFirstScheduler final : public SourceScheduler {
 public:
  std::size_t pick(std::span<const SourceMessage> queued,
                   std::uint32_t packet_size) const override {
    std::size_t best = 0;
    for (std::size_t i = 1; i < queued.size(); ++i) {
      if (queued[i].flits_left(packet_size) < queued[best].flits_left(packet_size)) best = i;
    }
    return best;
  }
};

}  // namespace net
