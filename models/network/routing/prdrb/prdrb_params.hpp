// SPDX-License-Identifier: Apache-2.0
//
// PrDrbParams: the parameters of Predictive Routing Balancing (PR-DRB) and Fast-Response DRB
// (FR-DRB) on top of DRB's (routing/drb/drb_params.hpp). The thesis (seed
// 004) states almost no values; each default below says where it comes
// from, and docs/prdrb.md gives the reasons. Keys: the [prdrb] section (prdrb_config.cpp).
#pragma once

#include <cstdint>
#include <string_view>

#include "models/network/routing/drb/drb_params.hpp"
#include "models/network/topology/topology.hpp"

namespace net::prdrb {

/// Who tells the sources about contending flows (§3.2.2 vs §3.4).
enum class Notification : std::uint8_t {
  kDestination,  ///< the flows ride with the packet and come back in its ACK (Alg. A.1)
  kRouter,       ///< the router sends predictive ACKs to the main contributors (Alg. A.4)
};

std::string_view to_string(Notification n);
Notification parse_notification(std::string_view name);

/// How wide a re-applied solution makes the metapath (a database hit, §4.6.3).
enum class Reapply : std::uint8_t {
  kSaved,     ///< the saved paths, and only when they are more than the open ones [ours]
  kMaxWidth,  ///< "maximum path expansion is directly done": drb.max_width paths at once
};

std::string_view to_string(Reapply r);
Reapply parse_reapply(std::string_view name);

struct PrDrbParams {
  drb::DrbParams drb;  ///< the DRB underneath: [drb] section

  /// The predictive module: notifications, the solution database, direct maximum expansion.
  /// false: plain DRB (with the watchdog, FR-DRB), for the thesis's non-predictive bases.
  bool predictive = true;
  Notification notification = Notification::kDestination;
  /// Destination-based only, a probe rather than a design: the flows reach the packet's source
  /// through the ideal side channel when the router detects, instead of with the packet's ACK.
  /// It isolates what waiting for the ACK costs (docs/reproduction/prdrb.md, target 1).
  bool immediate_notice = false;
  /// Router threshold: a packet that waited more than this many cycles for an output (beyond the
  /// pipeline) triggers detection there (Alg. A.1 "contention latency > threshold"; no value in
  /// the thesis).
  double router_threshold = 32.0;
  /// On a database hit: install the saved path set (kSaved, ours: only if wider than the open
  /// set) or open drb.max_width paths at once, the saved ones with their recorded latencies
  /// (kMaxWidth, the thesis's "maximum path expansion is directly done", §4.6.3).
  Reapply reapply = Reapply::kSaved;
  /// n, the most flows one notification names (§3.2.7, §3.8; not stated); 1..FlowSet::kCapacity.
  std::uint32_t max_flows = 4;
  /// Main contributors: flows are kept, by falling share of the packets seen at the output, until
  /// they cover this share (§3.2.7, Fig. 3.13: 50 % + 30 %); (0, 1].
  double contributor_share = 0.8;
  /// Router-based: an output that notified stays quiet this many cycles (a pair is notified
  /// once per buffer access, §3.2.7); 0 = every triggering packet notifies.
  std::uint32_t notify_holdoff = 64;
  /// Cycles a predictive ACK holds each link it crosses (its size on the links).
  std::uint32_t notice_flits = 1;
  /// Similarity needed to re-apply a saved solution (§3.2.8: 80 %); (0, 1].
  double similarity = 0.8;
  /// Saved solutions per source; the least recently used one makes room (not stated).
  std::uint32_t database_size = 64;
  /// A re-applied solution that leaves the metapath in the high zone for this many ACKs is stale:
  /// DRB takes over again (§3.5 "PR-DRB detaches", §4.8.2; not stated); >= 1.
  std::uint32_t stale_acks = 4;
  /// FR-DRB's watchdog (§4.8.4 [38]): a path opens when no ACK arrived for this many cycles while
  /// packets are outstanding; 0 = off. Must exceed the longest zero-load round trip.
  double watchdog = 0.0;

  /// Throws pdes::ConfigError naming the key: drb.* (DrbParams::validate), a similarity outside
  /// (0, 1], a database size of 0, max_flows outside 1..5, drb.max_width above 8, a network of
  /// more than 65,536 nodes, a router threshold < 0, a contributor share outside (0, 1].
  void validate(const Topology& topology) const;
  /// The watchdog against the longest zero-load round trip (cycles): prdrb.watchdog if shorter.
  void validate_watchdog(double longest_round_trip) const;

  bool operator==(const PrDrbParams&) const = default;
};

/// The most MSPs a saved solution holds (drb.max_width under PR-DRB).
inline constexpr std::uint32_t kMaxSolutionPaths = 8;

}  // namespace net::prdrb
