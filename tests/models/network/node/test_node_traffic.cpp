// SPDX-License-Identifier: Apache-2.0
// NodeLp's traffic source inside whole runs: phases switch pattern and load at the right
// cycles and are recorded in PacketGenerated::phase; every injection process is rollback-safe
// (the rollback-check engine agrees with the sequential one) and conserves packets.
#include "models/network/node/node_lp.hpp"

#include <doctest/doctest.h>

#include <map>
#include <set>

#include "models/network/node/on_off_injection.hpp"
#include "models/network/node/periodic_injection.hpp"
#include "tests/models/network/network_run.hpp"

using net::NetworkParams;
using net::TrafficPhase;

namespace {

NetworkParams mesh4x4() {
  NetworkParams p;
  p.topology = "mesh";
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  return p;
}

pdes::KernelConfig until(std::uint64_t cycles) {
  pdes::KernelConfig config;
  config.end_time = pdes::SimTime{static_cast<std::int64_t>(cycles) * 1000};
  return config;
}

}  // namespace

TEST_CASE("phases: bit complement, silence, transpose; twice; records carry the phase") {
  NetworkParams p = mesh4x4();
  TrafficPhase complement;
  complement.duration_cycles = 200;
  complement.pattern = "bit_complement";
  complement.load = 0.5;
  TrafficPhase silence = complement;
  silence.duration_cycles = 100;
  silence.load = 0.0;
  TrafficPhase transpose = complement;
  transpose.pattern = "transpose";
  p.phases = {complement, silence, transpose};
  p.phases_repeat = 2;
  const auto run = net::testing::run_network(p, until(5000));

  REQUIRE(run.sink.generated.size() > 1000);  // 16 nodes x 0.5 x 800 busy cycles = 6400
  std::map<std::uint32_t, std::uint64_t> per_phase;
  for (const net::PacketGenerated& g : run.sink.generated) {
    const std::int64_t cycle = g.created / 1000;
    CAPTURE(cycle);
    REQUIRE(cycle < 1000);  // two repetitions of 500 cycles
    const std::int64_t within = cycle % 500;
    const std::uint32_t expected_phase = within < 200 ? 0 : within < 300 ? 1 : 2;
    CHECK(g.group == expected_phase);
    ++per_phase[g.group];
    if (g.group == 0) CHECK(g.dst == (~g.src & 15u));
    if (g.group == 2) CHECK(g.dst == (((g.src & 3u) << 2) | (g.src >> 2)));
  }
  CHECK(per_phase[1] == 0);
  CHECK(per_phase[0] == doctest::Approx(per_phase[2]).epsilon(0.1));
  CHECK(run.sink.delivered.size() == run.sink.generated.size());
}

TEST_CASE("every injection process is rollback-safe and conserves packets") {
  for (const std::string kind : {"bernoulli", "poisson", "periodic", "on_off"}) {
    CAPTURE(kind);
    NetworkParams p = mesh4x4();
    p.injection.kind = kind;
    if (kind == "periodic") {
      p.injection.options = net::PeriodicParams{net::PeriodicOffset::kRandom};
    }
    if (kind == "on_off") p.injection.options = net::OnOffParams{20, 20};
    p.load = 0.3;
    p.injection_end_cycle = 300;
    TrafficPhase a;
    a.duration_cycles = 70;
    a.pattern = "uniform";
    a.load = 0.4;
    TrafficPhase b = a;
    b.pattern = "neighbour";
    b.load = 0.2;
    for (const bool phased : {false, true}) {
      CAPTURE(phased);
      if (phased) p.phases = {a, b};
      pdes::KernelConfig config = until(2000);
      const auto seq = net::testing::run_network(p, config);
      config.engine = pdes::EngineKind::rollback_check;
      const auto chk = net::testing::run_network(p, config);
      CHECK(chk.result.total.event_digest == seq.result.total.event_digest);
      CHECK(seq.sink.generated.size() > 300);
      CHECK(seq.sink.delivered.size() == seq.sink.generated.size());
      for (const auto& g : seq.sink.generated) CHECK(g.created < 300 * 1000);
    }
  }
}

TEST_CASE("Poisson sources may generate several packets in one cycle") {
  NetworkParams p = mesh4x4();
  p.injection.kind = "poisson";
  p.load = 0.9;
  p.injection_end_cycle = 200;
  const auto run = net::testing::run_network(p, until(20000));
  std::set<std::pair<std::uint32_t, std::int64_t>> seen;
  std::uint64_t shared = 0;
  for (const auto& g : run.sink.generated) shared += seen.insert({g.src, g.created}).second ? 0 : 1;
  CHECK(shared > 0);
  CHECK(run.sink.delivered.size() == run.sink.generated.size());
}

TEST_CASE("periodic sources: exactly one packet per period per node") {
  NetworkParams p = mesh4x4();
  p.injection.kind = "periodic";
  p.injection.options = net::PeriodicParams{net::PeriodicOffset::kAligned};
  p.load = 0.1;  // a packet every 10 cycles
  p.injection_end_cycle = 1001;
  const auto run = net::testing::run_network(p, until(3000));
  std::map<std::uint32_t, std::vector<std::int64_t>> by_node;
  for (const auto& g : run.sink.generated) by_node[g.src].push_back(g.created / 1000);
  REQUIRE(by_node.size() == 16);
  for (const auto& [node, cycles] : by_node) {
    REQUIRE(cycles.size() == 100);  // 1, 11, ..., 991
    for (std::size_t k = 0; k < cycles.size(); ++k) CHECK(cycles[k] == 1 + 10 * std::int64_t(k));
  }
}
