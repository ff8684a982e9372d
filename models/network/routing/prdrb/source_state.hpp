// SPDX-License-Identifier: Apache-2.0
//
// The state of PR-DRB at one source node (the node LP's AlgorithmState, rolled back with it):
// DRB's metapaths, the zone and congestion situation of each of the source's flows, the
// notifications waiting for their packet's ACK, the solution database and the counters that
// the results report (docs/prdrb.md).
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "models/network/routing/drb/metapath_table.hpp"
#include "models/network/routing/prdrb/flow_set.hpp"
#include "models/network/routing/prdrb/solution_database.hpp"
#include "pdes/checkpointable.hpp"

namespace net::prdrb {

/// Where a metapath's latency lies against DRB's band (Eq. 3.5): below Threshold_Low, within
/// the working zone, above Threshold_High.
enum class Zone : std::uint8_t { kLow = 0, kMedium = 1, kHigh = 2 };

/// One of the source's flows (S, destination) while it has anything to remember. A flow without
/// an entry is in zone L or M, knows no situation and has nothing outstanding.
struct FlowControl {
  std::uint32_t destination = 0;
  Zone zone = Zone::kMedium;
  std::uint8_t has_situation = 0;  ///< a notification named this flow since it last left H
  std::uint8_t looked_up = 0;      ///< the database was asked about `situation` already
  std::uint8_t applied = 0;        ///< a saved solution is installed and being judged
  std::uint16_t high_acks = 0;     ///< ACKs in H since the solution was installed
  std::uint8_t replace = 0;        ///< the installed solution proved stale: the next save replaces it
  std::uint8_t judging = 0;        ///< judged_from is set: ACKs from it on judge the solution
  Situation situation;             ///< flows notified as contending with this one, this episode
  std::uint32_t outstanding = 0;   ///< FR-DRB: packets sent and not yet acknowledged
  std::uint32_t judged_from = 0;   ///< first packet sent after the solution was installed
  std::int64_t watchdog_from = 0;  ///< FR-DRB: ticks; the watchdog runs from here
  bool operator==(const FlowControl&) const = default;
};

/// Destination-based notification waiting for the ACK of data packet `seq`.
struct PendingNotice {
  std::uint32_t seq = 0;
  std::uint32_t router = 0;
  FlowSet flows;
  bool operator==(const PendingNotice&) const = default;
};

struct SourceCounters {
  std::uint64_t notifications = 0;   ///< notifications that named one of this source's flows
  std::uint64_t lookups = 0;         ///< database queries
  std::uint64_t hits = 0;            ///< ... that found a solution (re-applied at once)
  std::uint64_t misses = 0;          ///< ... that did not (DRB opens paths one by one)
  std::uint64_t saved = 0;           ///< new entries: distinct situations learnt
  std::uint64_t replaced = 0;        ///< entries improved
  std::uint64_t evicted = 0;         ///< entries dropped for room
  std::uint64_t stale = 0;           ///< re-applied solutions that failed: DRB took over
  std::uint64_t watchdog = 0;        ///< FR-DRB watchdog expiries (each opened a path)
  std::uint64_t widenings = 0;       ///< paths opened by DRB steps (ACK-driven configuration)
  bool operator==(const SourceCounters&) const = default;
};

static_assert(std::has_unique_object_representations_v<FlowControl>);
static_assert(std::has_unique_object_representations_v<PendingNotice>);

struct SourceState {
  drb::MetapathTable metapaths;
  std::vector<FlowControl> flows;  ///< ascending destination
  std::vector<PendingNotice> pending;
  SolutionDatabase database;
  SourceCounters counters;

  const FlowControl* find(std::uint32_t destination) const;
  FlowControl* find(std::uint32_t destination);
  FlowControl& find_or_add(std::uint32_t destination);
  void erase(std::uint32_t destination);

  bool operator==(const SourceState&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    pdes::checkpoint_value(ar, metapaths);
    pdes::checkpoint_value(ar, flows);
    pdes::checkpoint_value(ar, pending);
    pdes::checkpoint_value(ar, database);
    pdes::checkpoint_value(ar, counters);
  }
};

}  // namespace net::prdrb
