// SPDX-License-Identifier: Apache-2.0
//
// ContentionDetector: PR-DRB's monitoring and detection at the routers (seed 004
// §3.2.2, §3.2.7, §3.2.9, §3.4; Alg. A.1 and A.4; docs/prdrb.md), a RouterMonitor.
//
// Detection (Alg. A.1, per packet): when a data head wins an output after waiting more than
// prdrb.router_threshold cycles for it, the router identifies the flows it contended with —
// the packets that took the same output while it waited (the heads queued for one output of
// an input-queued router leave through it one after another). Each output keeps a register of
// its last kWindow grants (source, destination, cycle) for this.
//
// Selection of the notified flows (§3.2.7, Fig. 3.13): the waiting packet and the grants of its
// wait, counted per (src, dst); flows by falling count (ties: the one seen first, then the
// lower pair) until they cover prdrb.contributor_share of the packets or make
// prdrb.max_flows.
//
// Notification (prdrb.notification):
//   - destination: the flows go with the waiting packet (congestion_notice.hpp, kWithPacket);
//     every triggering packet carries them, and its source keeps the first router's only;
//   - router: a predictive ACK to the source of each selected flow, in band
//     (RouterControl::send_to_node, prdrb.notice_flits cycles per link); then the output stays
//     quiet for prdrb.notify_holdoff cycles.
//
// State per router: DetectorState (AlgorithmState in RouterState::agents), registers and
// counters, rolled back with the router.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "models/network/build/lp_layout.hpp"
#include "models/network/router/router_monitor.hpp"
#include "models/network/routing/prdrb/flow_set.hpp"
#include "models/network/routing/prdrb/prdrb_params.hpp"

namespace net::prdrb {

struct GrantRecord {
  std::uint16_t src = 0;
  std::uint16_t dst = 0;
  std::uint32_t cycle = 0;  ///< cycle of the grant
  bool operator==(const GrantRecord&) const = default;
};

struct OutputRegister {
  static constexpr std::uint32_t kWindow = 8;
  std::array<GrantRecord, kWindow> recent{};
  std::uint32_t next = 0;          ///< ring slot of the next grant
  std::uint32_t count = 0;         ///< grants recorded, at most kWindow
  std::uint32_t quiet_until = 0;   ///< router-based: no notification before this cycle
  std::uint32_t reserved = 0;      ///< explicit padding
  bool operator==(const OutputRegister&) const = default;
};
static_assert(std::has_unique_object_representations_v<OutputRegister>);

struct DetectorState {
  std::vector<OutputRegister> outputs;  ///< one per port
  std::uint64_t detections = 0;         ///< packets that waited beyond the threshold
  std::uint64_t notices = 0;            ///< notifications sent (one per source notified)
  bool operator==(const DetectorState&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, outputs);
    pdes::checkpoint_value(ar, detections);
    pdes::checkpoint_value(ar, notices);
  }
};

/// What a router reports at the end of the run (routing records 0x4E20 on).
struct DetectorTotals {
  static constexpr std::uint16_t kRecordKind = 0x4E20;
  std::uint32_t router = 0;
  std::uint32_t reserved = 0;
  std::uint64_t detections = 0;
  std::uint64_t notices = 0;
};

class ContentionDetector final : public RouterMonitor {
 public:
  ContentionDetector(const Topology& topology, const PrDrbParams& params);

  AlgorithmState initial_state(RouterId router) const override;
  void on_grant(const RouterView& router, PortId in_port, PortId out_port, const Flit& head,
                std::int64_t waited_ticks, RouterControl& control,
                AlgorithmState& state) const override;
  void on_finish(RouterId router, const AlgorithmState& state,
                 pdes::CommitContext& ctx) const override;

  /// The main contributors among `reg`'s grants since cycle `since` and the packet `waiting`
  /// (the selection rule above).
  FlowSet contributors(const OutputRegister& reg, Flow waiting, std::uint32_t since) const;

 private:
  const Topology& topology_;
  PrDrbParams params_;
  LpLayout layout_;
};

}  // namespace net::prdrb
