// SPDX-License-Identifier: Apache-2.0
//
// DRB's packet header fields (Flit::route; event/opaque_bytes.hpp).
//
// Data packets carry a MultiPhaseHeader: the intermediate nodes X and Y (only the non-null
// steps: X = S and Y = D are left out, so the canonical MSP has vias = 0), path = the MSP index
// (echoed by the ACK) and tag = the metapath's width when the MSP was chosen (for metrics).
// ACKs carry DrbAckHeader: the MSP and width of the data packet they acknowledge, and the
// contention it met (seed 000 §3, phase 1, Traffic Load Monitoring: what the destination reports
// back).
#pragma once

#include <cstdint>

#include "models/network/routing/multi_phase_header.hpp"

namespace net::drb {

struct DrbAckHeader {
  std::uint8_t path = 0;   ///< the data packet's MSP index
  std::uint8_t width = 0;  ///< the metapath's width when that MSP was chosen
  std::uint16_t reserved = 0;
  std::uint32_t blocked_cycles = 0;  ///< the data packet's Flit::blocked_cycles
};

}  // namespace net::drb
