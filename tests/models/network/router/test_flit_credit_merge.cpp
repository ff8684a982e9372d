// SPDX-License-Identifier: Apache-2.0
//
// Merged flit and credit (router_lp.hpp): a pass that sends a flit to a router and returns a
// credit to that same router sends one kFlitCredit event. That may change the event count and
// the digest, never a result: every record of a run is the same with merging on and off
// (RouterParams::merge_flit_credit), for every switching mode, arbitration, routing and
// pipeline timing that allows merging, and routers that cannot merge (a monitor, a credit
// later than the flit, a flit more than one cycle early) send the same events either way.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "tests/models/network/network_run.hpp"

namespace {

using net::NetworkParams;
using net::SwitchingMode;

NetworkParams busy_mesh(SwitchingMode mode, std::uint32_t packet_size) {
  NetworkParams p;
  p.topology = "mesh";
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.router.vcs = 2;
  p.router.buffer_depth = 4;
  p.router.switching = mode;
  p.packet_size = packet_size;
  p.load = 0.6;  // past saturation: blocked heads, credit waits and retries all happen
  p.injection_end_cycle = 300;
  return p;
}

/// The records as byte strings, sorted (they reach the sink in no particular order). The
/// network's records have no padding (packet_records.hpp, router_records.hpp).
template <class Record>
std::vector<std::string> as_sorted_bytes(const std::vector<Record>& records) {
  std::vector<std::string> out;
  for (const Record& r : records) {
    out.emplace_back(reinterpret_cast<const char*>(&r), sizeof(Record));
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct Pair {
  net::testing::NetworkRun merged;
  net::testing::NetworkRun apart;
};

/// Runs p with merging on and off and checks that every record is the same.
Pair run_both(NetworkParams p) {
  p.router.merge_flit_credit = true;
  Pair r{net::testing::run_network(p), {}};
  p.router.merge_flit_credit = false;
  r.apart = net::testing::run_network(p);
  REQUIRE(r.merged.sink.delivered.size() > 100);
  CHECK(as_sorted_bytes(r.merged.sink.delivered) == as_sorted_bytes(r.apart.sink.delivered));
  CHECK(as_sorted_bytes(r.merged.sink.generated) == as_sorted_bytes(r.apart.sink.generated));
  CHECK(as_sorted_bytes(r.merged.sink.ports) == as_sorted_bytes(r.apart.sink.ports));
  CHECK(as_sorted_bytes(r.merged.sink.acks) == as_sorted_bytes(r.apart.sink.acks));
  CHECK(r.merged.result.reason == r.apart.result.reason);
  return r;
}

std::uint64_t events(const net::testing::NetworkRun& run) {
  return run.result.total.events_committed;
}

}  // namespace

TEST_CASE("merging flits and credits changes no record, in every switching mode") {
  for (auto mode : {SwitchingMode::kWormhole, SwitchingMode::kVirtualCutThrough,
                    SwitchingMode::kStoreAndForward}) {
    for (std::uint32_t size : {1u, 4u}) {
      CAPTURE(std::string(net::to_string(mode)));
      CAPTURE(size);
      const Pair r = run_both(busy_mesh(mode, size));
      CHECK(events(r.merged) < events(r.apart));
    }
  }
}

TEST_CASE("merging changes no record with adaptive routing, random selection and age") {
  NetworkParams p = busy_mesh(SwitchingMode::kWormhole, 3);
  p.topology = "torus";
  p.routing = "duato";
  p.router.vcs = 3;
  p.selection = "random";  // draws at every pass that routes a head: passes must not move
  p.router.arbitration = net::Arbitration::kAge;
  const Pair r = run_both(p);
  CHECK(events(r.merged) < events(r.apart));
}

TEST_CASE("merging follows the pipeline: the flit may be filed 0 or 1 cycle early") {
  NetworkParams p = busy_mesh(SwitchingMode::kWormhole, 2);
  // credit_delay = st + link: the flit and the credit land together.
  p.router.credit_delay = 2;
  Pair r = run_both(p);
  CHECK(events(r.merged) < events(r.apart));
  // Longer pipelines and links, still one cycle apart.
  p.router.credit_delay = 3;
  p.router.link_latency = 2;
  p.router.st_delay = 2;
  r = run_both(p);
  CHECK(events(r.merged) < events(r.apart));
  // A flit three cycles later than its credit could pass a flit sent alone before it: apart.
  p.router.credit_delay = 1;
  p.router.link_latency = 3;
  p.router.st_delay = 1;
  r = run_both(p);
  CHECK(events(r.merged) == events(r.apart));
  CHECK(r.merged.result.total.event_digest == r.apart.result.total.event_digest);
  // A credit later than the flit cannot ride on it.
  p.router.credit_delay = 4;
  p.router.link_latency = 1;
  r = run_both(p);
  CHECK(events(r.merged) == events(r.apart));
}

TEST_CASE("a router with a monitor never merges (it may count the flits in its buffers)") {
  NetworkParams p = busy_mesh(SwitchingMode::kWormhole, 2);
  p.selection = "speculative_1hop";
  p.routing = "minimal_adaptive";
  const Pair r = run_both(p);
  CHECK(events(r.merged) == events(r.apart));
  CHECK(r.merged.result.total.event_digest == r.apart.result.total.event_digest);
}

TEST_CASE("merged events roll back cleanly (every event executed, undone and redone)") {
  NetworkParams p = busy_mesh(SwitchingMode::kWormhole, 4);
  pdes::KernelConfig sequential;
  pdes::KernelConfig rollback_check;
  rollback_check.engine = pdes::EngineKind::rollback_check;
  const auto a = net::testing::run_network(p, sequential);
  const auto b = net::testing::run_network(p, rollback_check);
  CHECK(a.result.total.event_digest == b.result.total.event_digest);
  CHECK(a.result.total.events_committed == b.result.total.events_committed);
  CHECK(as_sorted_bytes(a.sink.delivered) == as_sorted_bytes(b.sink.delivered));
}
