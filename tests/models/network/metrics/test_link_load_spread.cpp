// SPDX-License-Identifier: Apache-2.0
// LinkLoadSpread (metrics/link_load_spread.hpp): the coefficient of variation and max/mean of
// the flits per link, against values worked by hand, over a network/ports table with its
// ejection rows and the warm-up's flits left out; and in a run, the ports' measured flits.
#include "models/network/metrics/link_load_spread.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "io/results/result_set.hpp"
#include "models/network/metrics/network_tables.hpp"
#include "models/network/metrics/router_records.hpp"
#include "tests/models/network/network_run.hpp"

TEST_CASE("link load spread: a known answer") {
  // Mean 5, population variance (9+1+1+1+0+0+4+16)/8 = 4: sd 2, CV 0.4; max 9, max/mean 1.8.
  const std::vector<std::uint64_t> flits{2, 4, 4, 4, 5, 5, 7, 9};
  const net::LinkLoadSpread s = net::LinkLoadSpread::of(flits);
  CHECK(s.links == 8);
  CHECK(s.mean() == doctest::Approx(5.0));
  CHECK(s.cv() == doctest::Approx(0.4));
  CHECK(s.max_over_mean() == doctest::Approx(1.8));
}

TEST_CASE("link load spread: even load is 0 and 1; no load is n/a") {
  const std::vector<std::uint64_t> even{7, 7, 7};
  CHECK(net::LinkLoadSpread::of(even).cv() == 0.0);
  CHECK(net::LinkLoadSpread::of(even).max_over_mean() == doctest::Approx(1.0));
  std::vector<models::Figure> rows;
  net::append_link_load_figures(net::LinkLoadSpread::of(std::vector<std::uint64_t>{0, 0}), rows);
  REQUIRE(rows.size() == 2);
  CHECK_FALSE(rows[0].value.has_value());
  CHECK_FALSE(rows[1].value.has_value());
}

TEST_CASE("link load spread over the ports table counts links, not ejection ports") {
  io::ResultSet set;
  io::Table ports = net::port_table().empty_table();
  const auto row = [&](std::uint32_t router, std::uint32_t port, bool terminal,
                       std::uint64_t flits) {
    net::RouterPortTotals t;
    t.router = router;
    t.port = port;
    t.terminal = terminal ? 1 : 0;
    t.flits = flits + 100;  // the warm-up's flits: not counted
    t.flits_measured = flits;
    net::port_table().add_row(ports, {router, port}, net::PortSums::of(t));
  };
  row(0, 0, false, 2);
  row(0, 1, false, 6);
  row(0, 4, true, 1000);  // ejection: left out
  row(1, 0, false, 4);
  set.tables.push_back(std::move(ports));
  const io::DistributedTables tables(set);
  const net::LinkLoadSpread s = net::LinkLoadSpread::of(tables, net::kPortsTableName);
  CHECK(s.links == 3);
  CHECK(s.mean() == doctest::Approx(4.0));
  // Variance (4 + 4 + 0) / 3: sd sqrt(8/3), CV sqrt(8/3)/4; max/mean 6/4.
  CHECK(s.cv() == doctest::Approx(0.408248).epsilon(1e-5));
  CHECK(s.max_over_mean() == doctest::Approx(1.5));
  std::vector<models::Figure> rows;
  net::append_link_load_figures(s, rows);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].key == "link_load_cv");
  CHECK(rows[1].key == "link_load_max_mean");
}

TEST_CASE("a port counts its flits from the end of the warm-up on") {
  net::NetworkParams p;
  p.topology = "mesh";
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.load = 0.2;
  p.injection_end_cycle = 600;
  std::uint64_t all_links[2] = {}, measured_links[2] = {};
  for (const std::uint64_t warmup : {0, 300}) {
    p.warmup_cycles = warmup;
    const net::testing::NetworkRun run = net::testing::run_network(p);
    REQUIRE(!run.sink.ports.empty());
    for (const net::RouterPortTotals& t : run.sink.ports) {
      CHECK(t.flits_measured <= t.flits);
      if (warmup == 0) CHECK(t.flits_measured == t.flits);
      all_links[warmup != 0] += t.flits;
      measured_links[warmup != 0] += t.flits_measured;
    }
  }
  CHECK(all_links[0] == all_links[1]);  // the warm-up changes only what is counted
  CHECK(measured_links[1] < all_links[1]);
  CHECK(measured_links[1] > all_links[1] / 4);
}
