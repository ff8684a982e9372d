// SPDX-License-Identifier: Apache-2.0
//
// AckDelivery: how destinations return feedback to sources (seed 000's Traffic Load
// Monitoring, §3 phase 1: the ACK "has maximum priority in the network"). FeedbackAgent
// (feedback_agent.hpp) makes and delivers the ACKs as this says.
#pragma once

#include <cstdint>
#include <string_view>

namespace net::drb {

enum class AckDelivery : std::uint8_t {
  kNone,     ///< no ACKs (static routing, or a source routing that never adapts)
  kNetwork,  ///< a one-flit ACK packet through the network, at the highest priority (default)
  kIdeal,    ///< an ideal side channel: the ACK arrives after its zero-load latency and uses no
             ///< network resources, to separate a routing's effect from its feedback traffic
};

std::string_view to_string(AckDelivery delivery);

}  // namespace net::drb
