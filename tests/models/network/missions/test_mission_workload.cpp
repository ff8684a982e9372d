// SPDX-License-Identifier: Apache-2.0
// MissionWorkload: the generator of §4 (density, lengths, hot spots, Δt), missions in turn, and
// the results extension's per-mission makespans.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include "models/network/metrics/network_results.hpp"
#include "models/network/missions/mission_results.hpp"
#include "models/network/missions/mission_stream_workload.hpp"
#include "models/network/missions/mission_workload.hpp"
#include "tests/models/network/missions/mission_run.hpp"

using net::missions::testing::adapter_of;
using net::missions::testing::mission_of;

using namespace net::missions;
using net::missions::testing::cube;
using net::missions::testing::run_cube;

TEST_CASE("density 1 and sigma 0: every ordered pair, length mu, in every mission") {
  auto p = cube(3);
  mission_of(p).density = 1.0;
  mission_of(p).length_sigma = 0.0;
  mission_of(p).length_mean = 7.0;
  mission_of(p).count = 4;
  mission_of(p).period = 500;
  const auto run = run_cube(p);
  REQUIRE(run.sink.generated.size() == 4 * 8 * 7);
  std::map<std::uint32_t, std::set<std::pair<std::uint32_t, std::uint32_t>>> pairs;
  for (const net::PacketGenerated& g : run.sink.generated) {
    CHECK(g.size == 7);
    CHECK(g.created / testing::kCycle == 500 * g.group);  // mission k starts at k * period
    CHECK(pairs[g.group].insert({g.src, g.dst}).second);
  }
  CHECK(pairs.size() == 4);
  CHECK(run.sink.delivered.size() == run.sink.generated.size());
}

TEST_CASE("density sets the share of pairs that send; lengths follow N(mu, sigma) floored") {
  auto p = cube(4);
  mission_of(p).density = 0.5;
  mission_of(p).length_sigma = 0.0;
  mission_of(p).count = 40;
  mission_of(p).period = 2000;
  const auto run = run_cube(p);
  const double share = static_cast<double>(run.sink.generated.size()) / (40.0 * 16 * 15);
  CHECK(share == doctest::Approx(0.5).epsilon(0.05));
}

TEST_CASE("hot spots: only the h hot nodes q * N / h receive") {
  MissionParams m;
  m.hot_spots = 4;
  const MissionWorkload w(m, 16, 4, true);
  CHECK(w.targets(0) == std::vector<net::NodeId>{4, 8, 12});
  CHECK(w.targets(5) == std::vector<net::NodeId>{0, 4, 8, 12});
  m.hot_spots = 0;
  CHECK(MissionWorkload(m, 16, 4, true).targets(3).size() == 15);
}

TEST_CASE("delta_t spreads the releases over [0, delta_t] after the mission start") {
  auto p = cube(3);
  mission_of(p).delta_t = 20;
  mission_of(p).count = 3;
  mission_of(p).period = 1000;
  const auto run = run_cube(p);
  std::set<std::int64_t> offsets;
  for (const net::PacketGenerated& g : run.sink.generated) {
    const std::int64_t off = g.created / testing::kCycle - 1000 * g.group;
    CHECK(off >= 0);
    CHECK(off <= 20);
    offsets.insert(off);
  }
  CHECK(offsets.size() > 10);
  CHECK(run.sink.delivered.size() == run.sink.generated.size());
}

TEST_CASE("bad mission parameters are configuration errors naming the key") {
  MissionParams m;
  auto key_of = [](const MissionParams& bad) {
    try {
      validate(bad, 16);
    } catch (const pdes::ConfigError& e) {
      return e.key();
    }
    return std::string();
  };
  SUBCASE("density 0") {
    m.density = 0.0;
    CHECK(key_of(m) == "mission.density");
  }
  SUBCASE("density above 1") {
    m.density = 1.01;
    CHECK(key_of(m) == "mission.density");
  }
  SUBCASE("negative sigma") {
    m.length_sigma = -0.5;
    CHECK(key_of(m) == "mission.length_sigma");
  }
  SUBCASE("more hot spots than nodes") {
    m.hot_spots = 17;
    CHECK(key_of(m) == "mission.hot_spots");
  }
  SUBCASE("delta_t not below the period") {
    m.delta_t = m.period;
    CHECK(key_of(m) == "mission.delta_t");
  }
}

TEST_CASE("the results give one makespan per mission: last arrival minus first release") {
  auto p = cube(3, "lbf");
  mission_of(p).count = 5;
  mission_of(p).period = 1000;
  net::missions::testing::share_adapter(p);
  net::NetworkParts parts = net::make_network_parts(p);
  net::NetworkResultsParams rp;
  rp.num_nodes = 8;
  rp.measure_end_cycle = 1000000;
  rp.finite_workload = true;
  net::NetworkResults results(rp);
  results.add_extension(parts.workload->make_results());
  pdes::Simulation sim(pdes::KernelConfig{});
  net::testing::PacketSink unused;
  net::build_network(sim, p, parts);
  sim.set_output_sink(&results);
  const pdes::RunResult r = sim.run();
  const io::ResultSet set = results.local_results(r);
  const io::Table* t = set.find("missions/messages");
  REQUIRE(t != nullptr);
  const auto missions = summarize_missions(*t, 3, true);
  REQUIRE(missions.size() == 5);
  for (const MissionSummary& m : missions) {
    CHECK(m.released == 1000 * m.group);
    CHECK(m.makespan >= m.bound);  // the bound holds for every schedule on e-cube paths
    CHECK(m.cps_load <= m.bound);
  }
  const auto figures = results.summary(set);
  auto value = [&](const char* key) {
    const auto it = std::find_if(figures.begin(), figures.end(),
                                 [&](const models::Figure& f) { return f.key == key; });
    REQUIRE(it != figures.end());
    return it->value.value_or(-1.0);
  };
  CHECK(value("missions") == 5.0);
  CHECK(value("overlapping_missions") == 0.0);
  double mean = 0;
  for (const MissionSummary& m : missions) mean += static_cast<double>(m.makespan) / 5.0;
  CHECK(value("makespan_mean") == doctest::Approx(mean));
}

TEST_CASE("mission_stream: Poisson arrivals at the given mean rate until the duration") {
  auto p = cube(4, "lbf");
  p.workload.kind = "mission_stream";
  mission_of(p).interarrival = 50.0;
  mission_of(p).duration = 10000;
  mission_of(p).length_sigma = 0.0;
  const auto run = run_cube(p);
  // 16 nodes x 10,000 / 50 = 3,200 expected.
  CHECK(static_cast<double>(run.sink.generated.size()) == doctest::Approx(3200).epsilon(0.06));
  for (const net::PacketGenerated& g : run.sink.generated) {
    CHECK(g.created / testing::kCycle < 10000);
    CHECK(g.src != g.dst);
  }
  CHECK(run.sink.delivered.size() == run.sink.generated.size());
  const auto checked = run_cube(p, nullptr, pdes::EngineKind::rollback_check);
  CHECK(net::missions::testing::arrivals(checked) == net::missions::testing::arrivals(run));
}

TEST_CASE("mission_stream needs a positive inter-arrival time") {
  MissionParams m;
  m.interarrival = 0.0;
  CHECK_THROWS_AS(MissionStreamWorkload(m, 16), pdes::ConfigError);
}

