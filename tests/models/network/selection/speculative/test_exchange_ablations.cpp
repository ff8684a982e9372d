// SPDX-License-Identifier: Apache-2.0
// The exchange's ablations (issue 28): speculative.status_exchange = "ideal" (every cycle, no
// link time: the values are as fresh as the links allow), "ideal_charged" (the same values, and
// the seed's link time spent by messages nobody reads) and `straight_charged` (straight with
// the seed's exchange holding the links, its values unused). Both drain, both are
// rollback-safe, and each changes what it claims to: the ages, and the links' cost.
#include <doctest/doctest.h>

#include <algorithm>

#include "models/network/selection/speculative/speculative_params.hpp"
#include "tests/models/network/selection/speculative/hot_mesh.hpp"

namespace {

using net::speculative::ExchangeMode;
using net::speculative::SpeculativeParams;

using net::speculative::testing::hot_mesh;
using net::speculative::testing::mean_latency;

}  // namespace

TEST_CASE("the ideal exchange runs every cycle and holds no link time") {
  SpeculativeParams p;
  CHECK(p.effective_period_cycles() == 100);
  CHECK(p.effective_link_cycles() == 10);
  CHECK_FALSE(p.charges_links_apart());
  p.exchange = ExchangeMode::kIdeal;
  CHECK(p.effective_period_cycles() == 1);
  CHECK(p.effective_link_cycles() == 0);
  CHECK_FALSE(p.charges_links_apart());
  p.exchange = ExchangeMode::kIdealCharged;
  CHECK(p.effective_period_cycles() == 1);
  CHECK(p.effective_link_cycles() == 0);
  CHECK(p.charges_links_apart());
}

TEST_CASE("ideal_charged: the ideal exchange's fresh values at the seed's link cost") {
  const double straight = mean_latency(net::testing::run_network(hot_mesh("straight", 0.2)));
  net::NetworkParams charged = hot_mesh("straight_charged", 0.2);
  charged.selection_options_as<SpeculativeParams>().exchange = ExchangeMode::kIdealCharged;
  const net::testing::NetworkRun run = net::testing::run_network(charged);
  net::testing::check_delivered_exactly_once(run, net::testing::HopRule::kMinimal, 500);
  const double seed_charged =
      mean_latency(net::testing::run_network(hot_mesh("straight_charged", 0.2)));
  MESSAGE("mean latency: straight " << straight << ", charged apart " << mean_latency(run)
                                    << ", seed's exchange " << seed_charged << " cycles");
  CHECK(straight < mean_latency(run));  // the links are held, as with the seed's exchange
  CHECK(mean_latency(run) == doctest::Approx(seed_charged).epsilon(0.05));

  net::NetworkParams ssr = hot_mesh("speculative_2hop", 0.25);
  ssr.selection_options_as<SpeculativeParams>().exchange = ExchangeMode::kIdealCharged;
  const net::testing::NetworkRun fresh = net::testing::run_network(ssr);
  net::testing::check_delivered_exactly_once(fresh, net::testing::HopRule::kMinimal, 500);
  std::uint64_t max_age[3] = {};
  for (const net::speculative::StatusAgeTotals& a : fresh.sink.status_ages) {
    max_age[a.hops] = std::max(max_age[a.hops], a.age_max);
  }
  // A value waits for the flit on the wire and, now, for a charge message holding the link.
  MESSAGE("ideal_charged ages: 1-hop <= " << max_age[1] << ", 2-hop <= " << max_age[2]);
  CHECK(max_age[1] <= 3 + 10);
  CHECK(max_age[2] <= 5 + 20);
}

TEST_CASE("with the ideal exchange the values are a few cycles old, and every packet arrives") {
  net::NetworkParams p = hot_mesh("speculative_2hop", 0.25);
  p.selection_options_as<SpeculativeParams>().exchange = ExchangeMode::kIdeal;
  const net::testing::NetworkRun run = net::testing::run_network(p);
  net::testing::check_delivered_exactly_once(run, net::testing::HopRule::kMinimal, 500);
  std::uint64_t uses[3] = {}, max_age[3] = {};
  for (const net::speculative::StatusAgeTotals& a : run.sink.status_ages) {
    uses[a.hops] += a.uses;
    max_age[a.hops] = std::max(max_age[a.hops], a.age_max);
  }
  REQUIRE(uses[1] > 0);
  REQUIRE(uses[2] > 0);
  // Sampled every cycle, crossing the link in 1 (after at most the flit on the wire): against
  // 11..111 and 111..211 cycles with the seed's exchange (test_status_exchange.cpp).
  CHECK(max_age[1] <= 3);
  CHECK(max_age[2] <= 5);
  MESSAGE("ideal ages: 1-hop <= " << max_age[1] << ", 2-hop <= " << max_age[2] << " cycles");
}

TEST_CASE("straight_charged pays the exchange's link time that straight does not") {
  const double straight = mean_latency(net::testing::run_network(hot_mesh("straight", 0.2)));
  net::NetworkParams p = hot_mesh("straight_charged", 0.2);
  const net::testing::NetworkRun charged = net::testing::run_network(p);
  net::testing::check_delivered_exactly_once(charged, net::testing::HopRule::kMinimal, 500);
  MESSAGE("mean latency: straight " << straight << ", straight_charged " << mean_latency(charged)
                                    << " cycles");
  CHECK(straight < mean_latency(charged));
  // Ideal: the exchange runs but holds nothing, so the packets move exactly as with straight.
  p.selection_options_as<SpeculativeParams>().exchange = ExchangeMode::kIdeal;
  CHECK(mean_latency(net::testing::run_network(p)) == doctest::Approx(straight));
}

TEST_CASE("the ablations are rollback-safe") {
  for (const char* selection : {"straight_charged", "speculative_2hop"}) {
    CAPTURE(selection);
    for (const ExchangeMode mode : {ExchangeMode::kIdeal, ExchangeMode::kIdealCharged}) {
      net::NetworkParams p = hot_mesh(selection, 0.3);
      p.selection_options_as<SpeculativeParams>().exchange = mode;
      pdes::KernelConfig checked;
      checked.engine = pdes::EngineKind::rollback_check;
      const auto a = net::testing::run_network(p, checked);
      const auto b = net::testing::run_network(p);
      CHECK(a.result.total.event_digest == b.result.total.event_digest);
    }
  }
}
