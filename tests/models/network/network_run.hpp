// SPDX-License-Identifier: Apache-2.0
//
// Test helpers for whole-network runs: an OutputSink that keeps the network model's records,
// run_network(), which builds and runs one simulation and returns what the sink saw, and the
// checks several test files share (conservation, configuration errors).
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "models/network/build/network_build.hpp"
#include "models/network/metrics/packet_records.hpp"
#include "models/network/metrics/router_records.hpp"
#include "models/network/routing/prdrb/prdrb_results.hpp"
#include "models/network/selection/speculative/status_age_results.hpp"
#include "pdes/pdes.hpp"

namespace net::testing {

class PacketSink final : public pdes::OutputSink {
 public:
  void write(const pdes::Record& r) override {
    if (r.kind == PacketGenerated::kRecordKind) generated.push_back(r.as<PacketGenerated>());
    if (r.kind == PacketDelivered::kRecordKind) delivered.push_back(r.as<PacketDelivered>());
    if (r.kind == RouterPortTotals::kRecordKind) ports.push_back(r.as<RouterPortTotals>());
    if (r.kind == AckDelivered::kRecordKind) acks.push_back(r.as<AckDelivered>());
    if (r.kind == speculative::StatusAgeTotals::kRecordKind) {
      status_ages.push_back(r.as<speculative::StatusAgeTotals>());
    }
    if (r.kind == prdrb::DetectorTotals::kRecordKind) {
      detectors.push_back(r.as<prdrb::DetectorTotals>());
    }
    if (r.kind == prdrb::SourceTotals::kRecordKind) sources.push_back(r.as<prdrb::SourceTotals>());
  }
  std::vector<PacketGenerated> generated;
  std::vector<PacketDelivered> delivered;
  std::vector<RouterPortTotals> ports;  ///< one per connected router port, at the end
  std::vector<AckDelivered> acks;       ///< DRB feedback at the sources
  std::vector<speculative::StatusAgeTotals> status_ages;  ///< speculative selections, at the end
  std::vector<prdrb::DetectorTotals> detectors;  ///< PR-DRB routers that detected, at the end
  std::vector<prdrb::SourceTotals> sources;      ///< PR-DRB sources, at the end
};

struct NetworkRun {
  pdes::RunResult result;
  PacketSink sink;
  NetworkInfo info;
};

inline NetworkRun run_network(const NetworkParams& params, pdes::KernelConfig config = {}) {
  NetworkRun run;
  pdes::Simulation sim(config);
  run.info = build_network(sim, params);
  sim.set_output_sink(&run.sink);
  run.result = sim.run();
  return run;
}

/// How many routers a delivered packet may have crossed.
enum class HopRule {
  kMinimal,    ///< exactly router distance + 1
  kNonMinimal  ///< between distance + 1 and 2 * diameter + 1 (Valiant)
};

/// Conservation: every generated packet (at least `min_packets`) is delivered exactly once, to
/// its destination, with a hop count allowed by `hops` and ordered times; the run ended because
/// no event was left (a deadlock would leave packets undelivered).
inline void check_delivered_exactly_once(const NetworkRun& run, HopRule hops,
                                         std::size_t min_packets) {
  CHECK(run.result.reason == pdes::TerminationReason::no_more_events);
  const auto& gen = run.sink.generated;
  const auto& del = run.sink.delivered;
  REQUIRE(gen.size() > min_packets);
  CHECK(del.size() == gen.size());
  std::map<std::tuple<std::uint32_t, std::uint32_t>, std::uint32_t> dst_of;
  for (const auto& g : gen) REQUIRE(dst_of.emplace(std::make_tuple(g.src, g.seq), g.dst).second);
  std::set<std::tuple<std::uint32_t, std::uint32_t>> seen;
  const Topology& topo = *run.info.topology;
  for (const auto& d : del) {
    const auto key = std::make_tuple(d.src, d.seq);
    REQUIRE(dst_of.count(key) == 1);
    CHECK(dst_of[key] == d.dst);
    CHECK(seen.insert(key).second);
    const std::uint32_t shortest =
        topo.distance(topo.router_of_node(d.src), topo.router_of_node(d.dst)) + 1;
    CHECK(d.min_hops == shortest);
    if (hops == HopRule::kMinimal) {
      CHECK(d.hops == shortest);
    } else {
      CHECK(d.hops >= shortest);
      CHECK(d.hops <= 2 * topo.diameter() + 1);
    }
    CHECK(d.delivered - d.injected >= 0);
    CHECK(d.injected >= d.created);
  }
}

/// build_network rejects `params` with a pdes::ConfigError naming `key`.
inline void require_config_error(const NetworkParams& params, const std::string& key) {
  pdes::Simulation sim(pdes::KernelConfig{});
  try {
    build_network(sim, params);
    FAIL("no ConfigError for " << key);
  } catch (const pdes::ConfigError& e) {
    CHECK(e.key() == key);
  }
}

}  // namespace net::testing
