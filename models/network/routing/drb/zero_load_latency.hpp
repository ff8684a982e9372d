// SPDX-License-Identifier: Apache-2.0
//
// ZeroLoadLatency: the transmission time of eq. [3] of DRB (Franco, Garcés, Luque, ICS'99, §2):
// the latency of a message over h router hops with no other traffic, base + per_hop * h cycles.
//
//   Latency(MSP) = Transmission Time + sum of Queuing delay(node)       eq. [3]
//
// Packets carry only the queuing part (§3, Traffic Load Monitoring: "Accumulate latency (Queuing
// time)"), so the source adds the transmission time of the MSP's length; this keeps every
// Latency(MSP) > 0, as the bandwidth 1 / Latency(MSP) of eq. [4] needs, and makes the canonical
// latency of §2 (the zero-load latency of the static path) exact. For the router of
// router/router_params.hpp with P-flit packets and h = routing + vc_alloc + sw_alloc + st + link
// cycles per router (wormhole, VCT):
//   base = link + h + (P - 1),  per_hop = h
// since a path of D hops crosses D + 1 routers (network_params.hpp).
//
// Who uses it: the model builder computes it from the router parameters and hands it to
// DrbSource. Ejection and re-injection at X and Y (an option of the router) are not included.
#pragma once

#include <cstdint>

#include "pdes/error.hpp"

namespace net::drb {

struct ZeroLoadLatency {
  double base = 1.0;     ///< cycles for a path of 0 hops (source and destination on one router)
  double per_hop = 1.0;  ///< cycles per router-to-router hop

  /// Zero-load latency over `hops` router hops, in cycles.
  double at(std::uint32_t hops) const { return base + per_hop * hops; }

  /// PDES_CHECKs base > 0 and per_hop >= 0 (the builder derives them; not user keys).
  void check() const {
    PDES_CHECK(base > 0 && per_hop >= 0, "ZeroLoadLatency needs base > 0 and per_hop >= 0");
  }

  bool operator==(const ZeroLoadLatency&) const = default;
};

}  // namespace net::drb
