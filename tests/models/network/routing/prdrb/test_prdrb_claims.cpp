// SPDX-License-Identifier: Apache-2.0
//
// PR-DRB's reproduction claims that hold in warpnet, at reduced size (docs/reproduction/
// prdrb.md; 004 §3.1.1, Fig. 3.1, Fig. 4.12): repeated bursts of one permutation on the DRB
// paper's 8x8 torus (wormhole, 10-flit packets, 8 VCs), router-based notification.
//   - Learning curve: in the first burst PR-DRB is about DRB (it is still learning); in the later
//     bursts, where it re-applies the saved path sets at once, its mean latency is well below
//     DRB's (measured -20 % over 3 seeds in rounds 2-4; asserted: at least -8 %) and below its
//     own first burst.
//   - Direct maximum expansion: the sources re-apply solutions, and DRB's own path-opening steps
//     are fewer than under plain DRB (fewer configuration iterations, 004 §4.6.3).
// Three seeds, four bursts each: about 20 s on one core.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "models/network/routing/prdrb/prdrb_params.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

using net::prdrb::PrDrbParams;

constexpr std::uint64_t kBurst = 1000;
constexpr std::uint64_t kPeriod = 2000;
constexpr std::uint64_t kRounds = 4;

net::NetworkParams bursts(bool predictive) {
  net::NetworkParams p;
  p.topology = "torus";
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().dims = {8, 8};
  p.routing = "prdrb";
  p.router.vcs = 8;
  p.router.buffer_depth = 4;
  p.packet_size = 10;
  p.injection.kind = "poisson";
  net::TrafficPhase burst;
  burst.duration_cycles = kBurst;
  burst.pattern = "bit_reversal";
  burst.load = 0.3;
  net::TrafficPhase quiet = burst;
  quiet.duration_cycles = kPeriod - kBurst;
  quiet.load = 0.03;
  p.phases = {burst, quiet};
  p.phases_repeat = kRounds;
  PrDrbParams& o = p.routing_options_as<PrDrbParams>();
  o.predictive = predictive;
  o.notification = net::prdrb::Notification::kRouter;
  o.router_threshold = 16;
  return p;
}

struct Rounds {
  std::vector<double> latency = std::vector<double>(kRounds, 0.0);  ///< summed over seeds
  std::uint64_t hits = 0;
  std::uint64_t widenings = 0;
};

/// Mean latency (cycles) of the packets created in each round, summed over `seeds` runs.
Rounds measure(bool predictive, int seeds) {
  Rounds out;
  for (int seed = 1; seed <= seeds; ++seed) {
    pdes::KernelConfig config;
    config.seed = static_cast<std::uint64_t>(seed);
    const auto run = net::testing::run_network(bursts(predictive), config);
    const std::int64_t cycle = net::RouterParams{}.cycle_ps;
    std::vector<double> sum(kRounds, 0.0), n(kRounds, 0.0);
    for (const auto& d : run.sink.delivered) {
      const auto round = static_cast<std::size_t>(d.created / cycle / static_cast<std::int64_t>(kPeriod));
      if (round >= kRounds) continue;
      sum[round] += static_cast<double>(d.latency()) / static_cast<double>(cycle);
      n[round] += 1;
    }
    for (std::size_t r = 0; r < kRounds; ++r) {
      REQUIRE(n[r] > 0);
      out.latency[r] += sum[r] / n[r] / seeds;
    }
    for (const auto& s : run.sink.sources) {
      out.hits += s.hits;
      out.widenings += s.widenings;
    }
  }
  return out;
}

double later(const Rounds& r) {
  double s = 0;
  for (std::size_t i = 1; i < kRounds; ++i) s += r.latency[i];
  return s / static_cast<double>(kRounds - 1);
}

}  // namespace

TEST_CASE("PR-DRB learns: first burst as DRB, later bursts well below DRB (router-based)") {
  const Rounds drb = measure(false, 3);
  const Rounds pr = measure(true, 3);
  MESSAGE("DRB rounds: " << drb.latency[0] << " " << drb.latency[1] << " " << drb.latency[2]
                         << " " << drb.latency[3]);
  MESSAGE("PR-DRB rounds: " << pr.latency[0] << " " << pr.latency[1] << " " << pr.latency[2]
                            << " " << pr.latency[3]);
  // First burst: learning, DRB's behaviour (within 10 %).
  CHECK(pr.latency[0] == doctest::Approx(drb.latency[0]).epsilon(0.10));
  // Later bursts: at least 8 % below DRB, and below PR-DRB's own first burst.
  CHECK(later(pr) < 0.92 * later(drb));
  CHECK(later(pr) < pr.latency[0]);
  // Direct maximum expansion: solutions re-applied, fewer DRB path-opening steps.
  CHECK(pr.hits > 0);
  CHECK(drb.hits == 0);
  CHECK(pr.widenings < drb.widenings);
  MESSAGE("DRB steps opened " << drb.widenings << " paths; PR-DRB's DRB steps " << pr.widenings
                              << ", re-applications " << pr.hits);
}
