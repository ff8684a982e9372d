// SPDX-License-Identifier: Apache-2.0
//
// RouterParams: the immutable parameters of the input-queued virtual-channel router, and the
// switching mode.
//
// Delays are in router cycles; one cycle is cycle_ps ticks (time is in picoseconds). The
// correspondence with BookSim2's iq_router configuration keys:
//
// | field          | BookSim2 key      | meaning                                              |
// |----------------|-------------------|------------------------------------------------------|
// | vcs            | num_vcs           | virtual channels per port                            |
// | buffer_depth   | vc_buf_size       | flits per input VC buffer                            |
// | routing_delay  | routing_delay     | head: route computation                              |
// | vc_alloc_delay | vc_alloc_delay    | head: output VC allocation                           |
// | sw_alloc_delay | sw_alloc_delay    | every flit: switch allocation                        |
// | st_delay       | st_final_delay    | every flit: switch traversal (st_prepare_delay = 0)  |
// | link_latency   | channel latency   | every link, including injection and ejection links   |
// | credit_delay   | credit_delay      | downstream buffer release -> upstream credit         |
//
// A head flit that arrives at time t may leave at t + (routing + vc_alloc + sw_alloc) cycles at
// the earliest and reaches the next router st_delay + link_latency cycles later; a body flit
// skips routing and VC allocation. Hence the zero-load latency of a P-flit packet through H
// routers (H = router distance + 1):
//   wormhole, VCT:  L + H * (RC + VA + SA + ST + L) + (P - 1)                  cycles
//   SAF:            L + H * ((P - 1) + RC + VA + SA + ST + L) + (P - 1)        cycles
// where the first L is the injection link (see models/network/build/network_params.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace net {

/// Flow-control granularity (Dally & Towles 2004, ch. 12-13; Duato et al., ch. 2).
enum class SwitchingMode : std::uint8_t {
  kWormhole,          ///< a head takes an output VC that is free and has one credit
  kVirtualCutThrough, ///< ... that is free and has room for the whole packet
  kStoreAndForward,   ///< like VCT, and the head also waits for its tail to arrive
};

/// The priority the switch allocator's arbiters (router.allocator) put first; round robin
/// breaks ties.
enum class Arbitration : std::uint8_t {
  kRoundRobin,  ///< from the input VC after the last winner (BookSim2 arb_type = round_robin)
  kAge,         ///< the oldest packet (creation time) first, round robin among equals; fights
                ///< the parking-lot unfairness of round robin on long paths
};

std::string_view to_string(SwitchingMode mode);
std::string_view to_string(Arbitration arbitration);
/// Parses "round_robin", "age"; throws pdes::ConfigError("router.arbitration") otherwise.
Arbitration parse_arbitration(std::string_view name);
/// Parses "wormhole", "vct", "saf"; throws pdes::ConfigError("router.switching") otherwise.
SwitchingMode parse_switching_mode(std::string_view name);

struct RouterParams {
  std::uint32_t vcs = 2;
  std::uint32_t buffer_depth = 8;
  std::uint32_t routing_delay = 1;
  std::uint32_t vc_alloc_delay = 1;
  std::uint32_t sw_alloc_delay = 1;
  std::uint32_t st_delay = 1;
  std::uint32_t link_latency = 1;
  std::uint32_t credit_delay = 1;
  std::int64_t cycle_ps = 1000;
  SwitchingMode switching = SwitchingMode::kWormhole;
  Arbitration arbitration = Arbitration::kRoundRobin;
  /// Event structure only, never results: whether a pass sends a flit and a credit bound for
  /// the same router as one event (router_lp.hpp, "Merged flit and credit"). Not a
  /// configuration key; tests turn it off to check that merging changes nothing.
  bool merge_flit_credit = true;
  /// Tick from which an output port counts its flits as measured (RouterPortTotals::
  /// flits_measured, the link-load spread): the network build sets it to the end of
  /// traffic.warmup_cycles. Not a configuration key.
  std::int64_t measure_from_ticks = 0;

  /// Cycles from a head's arrival to its earliest departure from the input buffer.
  std::uint32_t head_delay() const { return routing_delay + vc_alloc_delay + sw_alloc_delay; }
  /// Cycles for a head to cross one router and its output link at zero load: the least time in
  /// which one router can affect another (the network model's default optimism window).
  std::uint32_t hop_cycles() const { return head_delay() + st_delay + link_latency; }

  /// Zero-load latency in cycles, head injected -> tail delivered, of a `size`-flit packet that
  /// traverses `routers` routers (router distance + 1); the formula of network_params.hpp.
  std::int64_t zero_load_cycles(std::uint32_t routers, std::uint32_t size) const {
    const std::int64_t per_router =
        hop_cycles() + (switching == SwitchingMode::kStoreAndForward ? size - 1 : 0);
    return link_latency + static_cast<std::int64_t>(routers) * per_router + (size - 1);
  }

  /// Throws pdes::ConfigError naming the key (router.vcs, router.buffer_depth, ...) on values
  /// out of range. `packet_size` and `vc_classes` are checked against the buffers and VCs.
  void validate(std::uint32_t packet_size, std::uint32_t vc_classes) const;
};

}  // namespace net
