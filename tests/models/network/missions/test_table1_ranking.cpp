// SPDX-License-Identifier: Apache-2.0
// System test (reduced Table 1, Tsai & Shin §4.1, message switching, e-cube, Q4, density 0.95,
// N(10, 5), Δt = 0, near-continuous lengths): 300 missions per policy, the same missions for
// every policy. Guards the claims of docs/reproduction/missions.md that hold:
//  - LBF and FF are the best distributed policies, LF next, then FIFO, and SF, NF, SBF are all
//    worse than FIFO (the paper's top and bottom groups);
//  - LBF lies within 5 % of the paper's 195.8 and within 2 % of the e-cube link-load bound;
//  - FIFO within 5 % of 231.1.
// VCT: LBF best and within 5 % of 195.3; SF, NF, SBF worse than FIFO; for every policy VCT is
// no slower than MS (§4.1: "VCT always gives the best makespan").
// CS: LBF < FF < LF < FIFO, SF, NF, SBF behind FIFO; LBF within 5 % of 208.2.
// Not guarded because it does not hold: the paper's LBF < FF (we measure FF ≈ LBF, FF ahead by
// < 1 %), LF within 5 % (we are 5.2 % low).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>

#include "models/network/metrics/network_results.hpp"
#include "models/network/missions/mission_results.hpp"
#include "tests/models/network/missions/mission_run.hpp"

using net::missions::testing::adapter_of;
using net::missions::testing::mission_of;

using namespace net::missions;


namespace {

struct Outcome {
  double makespan = 0;
  double bound = 0;
};

Outcome run_policy(const std::string& policy, const std::string& switching = "message") {
  auto p = net::missions::testing::cube(4, policy);
  adapter_of(p).switching = switching;
  mission_of(p).count = 300;
  mission_of(p).period = 1000;
  mission_of(p).resolution = 100;
  net::missions::testing::share_adapter(p);
  net::NetworkParts parts = net::make_network_parts(p);
  net::NetworkResultsParams rp;
  rp.num_nodes = 16;
  rp.measure_end_cycle = std::uint64_t{1} << 40;
  rp.finite_workload = true;
  net::NetworkResults results(rp);
  results.add_extension(parts.workload->make_results());
  pdes::Simulation sim(pdes::KernelConfig{});
  net::build_network(sim, p, parts);
  sim.set_output_sink(&results);
  const io::ResultSet set = results.local_results(sim.run());
  const auto missions = summarize_missions(*set.find("missions/messages"), 4, true);
  REQUIRE(missions.size() == 300);
  Outcome o;
  for (const MissionSummary& m : missions) {
    o.makespan += static_cast<double>(m.makespan) / 100.0 / 300.0;
    o.bound += static_cast<double>(m.bound) / 100.0 / 300.0;
  }
  return o;
}

}  // namespace

TEST_CASE("Table 1 (MS, e-cube): the ranking of the seven policies") {
  std::map<std::string, Outcome> r;
  for (const char* p : {"fifo", "sf", "lf", "nf", "ff", "sbf", "lbf"}) r[p] = run_policy(p);
  for (const auto& [p, o] : r) MESSAGE(p << " " << o.makespan << " (bound " << o.bound << ")");
  const double lbf = r["lbf"].makespan, ff = r["ff"].makespan, lf = r["lf"].makespan,
               fifo = r["fifo"].makespan;
  CHECK(std::max(lbf, ff) < lf);
  CHECK(lf < fifo);
  for (const char* worse : {"sf", "nf", "sbf"}) CHECK(fifo < r[worse].makespan);
  CHECK(r["sf"].makespan < r["sbf"].makespan);
  CHECK(r["nf"].makespan < r["sbf"].makespan);
  CHECK(lbf == doctest::Approx(195.8).epsilon(0.05));
  CHECK(fifo == doctest::Approx(231.1).epsilon(0.05));
  CHECK(lbf < 1.02 * r["lbf"].bound);
  CHECK(std::abs(lbf - ff) / lbf < 0.02);
}

TEST_CASE("Table 1 (VCT, e-cube): LBF best, the bottom group behind FIFO, VCT <= MS") {
  std::map<std::string, Outcome> vct;
  std::map<std::string, Outcome> ms;
  for (const char* p : {"fifo", "sf", "lf", "nf", "ff", "sbf", "lbf"}) {
    vct[p] = run_policy(p, "vct");
    ms[p] = run_policy(p);
  }
  for (const auto& [p, o] : vct) MESSAGE("vct " << p << " " << o.makespan);
  for (const auto& [p, o] : vct) {
    CHECK(vct["lbf"].makespan <= o.makespan);
    CHECK(o.makespan <= ms[p].makespan);
  }
  for (const char* worse : {"sf", "nf", "sbf"}) CHECK(vct["fifo"].makespan < vct[worse].makespan);
  CHECK(vct["lbf"].makespan == doctest::Approx(195.3).epsilon(0.05));
}

TEST_CASE("Table 1 (CS, e-cube): LBF < FF < LF < FIFO, the bottom group behind FIFO") {
  std::map<std::string, Outcome> cs;
  for (const char* p : {"fifo", "sf", "lf", "nf", "ff", "sbf", "lbf"}) cs[p] = run_policy(p, "circuit");
  for (const auto& [p, o] : cs) MESSAGE("cs " << p << " " << o.makespan);
  CHECK(cs["lbf"].makespan < cs["ff"].makespan);
  CHECK(cs["ff"].makespan < cs["lf"].makespan);
  CHECK(cs["lf"].makespan < cs["fifo"].makespan);
  for (const char* worse : {"sf", "nf", "sbf"}) CHECK(cs["fifo"].makespan < cs[worse].makespan);
  CHECK(cs["lbf"].makespan == doctest::Approx(208.2).epsilon(0.05));
}
