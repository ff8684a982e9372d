// SPDX-License-Identifier: Apache-2.0
// PA and DFS under circuit switching and virtual cut-through (circuit_path.hpp,
// pa_cut_through_lp.hpp): hand-made missions whose arrival cycles are worked out in the
// comments, and whole missions checked for delivery, path lengths and rollback safety.
#include <doctest/doctest.h>

#include "tests/models/network/missions/mission_run.hpp"

using net::missions::testing::adapter_of;
using net::missions::testing::mission_of;

using namespace net::missions;
using net::missions::testing::arrivals;
using net::missions::testing::listed;
using net::missions::testing::run_cube;


namespace {
net::NetworkParams adaptive(const std::string& routing, const std::string& switching,
                            const std::string& policy = "fifo", std::uint32_t n = 2) {
  auto p = net::missions::testing::cube(n, policy);
  adapter_of(p).routing = routing;
  adapter_of(p).switching = switching;
  return p;
}

std::uint32_t hops_of(const net::testing::NetworkRun& run, std::uint32_t src,
                      std::uint32_t message) {
  for (const net::PacketDelivered& d : run.sink.delivered) {
    if (d.src == src && d.message == message) return d.hops - 1u;  // links = routers - 1
  }
  FAIL("message not delivered");
  return 0;
}
}  // namespace

TEST_CASE("CS and VCT with PA: the second of two messages 0 -> 3 goes by the other path") {
  // Both 4 units at cycle 1. e-cube: B waits for 0-1-3 until 5 (arrives 9); PA: A takes
  // 0-1-3, B's probe (or header) finds 0-1 busy and takes 0-2-3; both arrive at 5.
  const auto work = [] { return listed(4, {{0, {{1, 3, 4, 0}, {1, 3, 4, 0}}}}); };
  for (const std::string switching : {"circuit", "vct"}) {
    CAPTURE(switching);
    const auto ecube = arrivals(run_cube(adaptive("ecube", switching), work()));
    CHECK(ecube.at({0, 0}) == 5);
    CHECK(ecube.at({0, 1}) == 9);
    const auto run = run_cube(adaptive("pa", switching), work());
    CHECK(run.result.reason == pdes::TerminationReason::no_more_events);
    const auto a = arrivals(run);
    CHECK(a.at({0, 0}) == 5);
    CHECK(a.at({0, 1}) == 5);
    CHECK(hops_of(run, 0, 1) == 2);
  }
}

TEST_CASE("CS: a PA probe that gets stuck waits at the source; DFS backtracks") {
  // lf: C = 1 -> 3 (10 units) is set up first and holds 1-3 over 1..11. A = 0 -> 3 (2 units):
  // PA's probe takes 0-1 (lowest needed dimension), finds 1-3 busy and fails, so A waits until
  // 1-3 frees: 11..13. DFS backs up to 0 and finds 0-2-3 free: 1..3. e-cube: 0-1-3, 11..13.
  const auto work = [] { return listed(4, {{0, {{1, 3, 2, 0}}}, {1, {{1, 3, 10, 0}}}}); };
  CHECK(arrivals(run_cube(adaptive("ecube", "circuit", "lf"), work())).at({0, 0}) == 13);
  CHECK(arrivals(run_cube(adaptive("pa", "circuit", "lf"), work())).at({0, 0}) == 13);
  const auto dfs = run_cube(adaptive("dfs", "circuit", "lf"), work());
  CHECK(arrivals(dfs).at({0, 0}) == 3);
  CHECK(arrivals(dfs).at({1, 0}) == 11);
  CHECK(hops_of(dfs, 0, 0) == 2);
}

TEST_CASE("CS and VCT with DFS: a detour when the only needed link stays busy long enough") {
  // lf: A = 0 -> 1 (10 units) holds 0-1 over 1..11. B = 0 -> 1 (2 units): busy for 10 > 2 x 2
  // cycles, so DFS detours 0-2-3-1 and arrives at 3 (3 links); with dfs_slack = 10 (10 <= 20)
  // it waits for 0-1: 11..13. PA waits too.
  const auto work = [] { return listed(4, {{0, {{1, 1, 10, 0}, {1, 1, 2, 0}}}}); };
  for (const std::string switching : {"circuit", "vct"}) {
    CAPTURE(switching);
    auto p = adaptive("dfs", switching, "lf");
    const auto run = run_cube(p, work());
    CHECK(arrivals(run).at({0, 0}) == 11);
    CHECK(arrivals(run).at({0, 1}) == 3);
    CHECK(hops_of(run, 0, 1) == 3);
    adapter_of(p).dfs_slack = 10.0;
    CHECK(arrivals(run_cube(p, work())).at({0, 1}) == 13);
    CHECK(arrivals(run_cube(adaptive("pa", switching, "lf"), work())).at({0, 1}) == 13);
  }
}

TEST_CASE("VCT with PA: a header that finds no free needed link is buffered until whole") {
  // A = 0 -> 3 (2 units) starts on 0-1 at cycle 1; C = 1 -> 3 (10 units) starts on 1-3 at the
  // same time. A's header at 1 finds 1-3 busy: A is buffered at 1, whole at 3, and waits in
  // node 1's queue until 1-3 frees at 11: it arrives at 13, as under message switching.
  const auto work = [] { return listed(4, {{0, {{1, 3, 2, 0}}}, {1, {{1, 3, 10, 0}}}}); };
  const auto run = run_cube(adaptive("pa", "vct"), work());
  CHECK(arrivals(run).at({1, 0}) == 11);
  CHECK(arrivals(run).at({0, 0}) == 13);
  CHECK(hops_of(run, 0, 0) == 2);
}

TEST_CASE("VCT with PA: the two ends of a half-duplex link meet in one policy order") {
  // 0 -> 1 (3 units) and 1 -> 0 (6 units), both at cycle 1, as in the PA/MS test.
  const auto work = [] { return listed(4, {{0, {{1, 1, 3, 0}}}, {1, {{1, 0, 6, 0}}}}); };
  const auto fifo = arrivals(run_cube(adaptive("pa", "vct", "fifo"), work()));
  CHECK(fifo.at({0, 0}) == 4);
  CHECK(fifo.at({1, 0}) == 10);
  const auto lbf = arrivals(run_cube(adaptive("pa", "vct", "lbf"), work()));
  CHECK(lbf.at({1, 0}) == 7);
  CHECK(lbf.at({0, 0}) == 10);
}

TEST_CASE("PA and DFS missions under CS and VCT: delivered once, path lengths, rollback-safe") {
  for (const std::string routing : {"pa", "dfs"}) {
    for (const std::string switching : {"circuit", "vct"}) {
      CAPTURE(routing);
      CAPTURE(switching);
      auto p = adaptive(routing, switching, "lbf", 4);
      mission_of(p).count = 3;
      mission_of(p).period = 2000;
      const auto plain = run_cube(p);
      CHECK(plain.result.reason == pdes::TerminationReason::no_more_events);
      CHECK(plain.sink.delivered.size() == plain.sink.generated.size());
      CHECK(plain.sink.delivered.size() > 500);
      for (const net::PacketDelivered& d : plain.sink.delivered) {
        CHECK(d.hops >= d.min_hops);
        if (routing == "pa") CHECK(d.hops == d.min_hops);
        CHECK(d.hops - d.min_hops <= 2 * 4);
      }
      const auto checked = run_cube(p, nullptr, pdes::EngineKind::rollback_check);
      CHECK(arrivals(checked) == arrivals(plain));
    }
  }
}
