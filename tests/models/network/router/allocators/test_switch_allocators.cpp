// SPDX-License-Identifier: Apache-2.0
//
// The switch allocators on hand-built request sets: every registered allocator returns a valid
// matching (no input port or output port twice, winners drawn from the requests); the greedy
// default and the wavefront allocator return maximal ones; iSLIP with more iterations never
// matches fewer pairs; round-robin pointers rotate, so that requesters that keep asking take
// turns; priority (ACKs) wins where the allocator honours it.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "io/config/schema.hpp"
#include "models/network/router/allocators/allocator_registry.hpp"
#include "models/network/router/allocators/islip.hpp"
#include "models/network/router/allocators/switch_allocator.hpp"

namespace {

using net::AllocationRequest;

constexpr std::int64_t kAck = std::numeric_limits<std::int64_t>::min();

/// A router's allocator state and one pass's requests.
struct Pass {
  std::uint32_t ports;
  std::uint32_t vcs;
  std::vector<net::PortState> state;
  std::uint16_t first_output = 0;

  Pass(std::uint32_t p, std::uint32_t v) : ports(p), vcs(v), state(p) {}

  static AllocationRequest request(std::uint32_t in, std::uint32_t vc, std::uint32_t out,
                                   std::uint32_t vcs, std::int64_t age = 0) {
    return AllocationRequest{in * vcs + vc, out, 0, static_cast<std::uint16_t>(in), age};
  }
  /// Runs `allocator` on a copy of `requests`; returns the winners.
  std::vector<AllocationRequest> run(const net::SwitchAllocator& allocator,
                                     std::vector<AllocationRequest> requests) {
    const std::vector<AllocationRequest> before = requests;
    net::AllocationRound round{requests, ports, vcs, state, first_output};
    const std::size_t n = allocator.allocate(round);
    REQUIRE(n <= requests.size());
    // The requests were only reordered.
    const auto key = [](const AllocationRequest& r) { return std::make_tuple(r.ivc, r.out, r.age); };
    std::multiset<std::tuple<std::uint32_t, std::uint32_t, std::int64_t>> a, b;
    for (const auto& r : before) a.insert(key(r));
    for (const auto& r : requests) b.insert(key(r));
    CHECK(a == b);
    return {requests.begin(), requests.begin() + static_cast<std::ptrdiff_t>(n)};
  }
};

std::vector<std::unique_ptr<net::SwitchAllocator>> all_allocators(
    std::vector<std::string>* names = nullptr) {
  net::AllocatorRegistry registry;
  net::register_allocators(registry);
  std::vector<std::unique_ptr<net::SwitchAllocator>> result;
  for (const std::string& name : registry.names()) {
    result.push_back(registry.create(name, net::AllocatorSetup{}));
    if (names != nullptr) names->push_back(name);
  }
  return result;
}

/// Random requests: each input VC asks, with probability `density`, for a random output.
std::vector<AllocationRequest> random_requests(std::mt19937& rng, std::uint32_t ports,
                                               std::uint32_t vcs, double density) {
  std::vector<AllocationRequest> requests;
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  std::uniform_int_distribution<std::uint32_t> port(0, ports - 1);
  for (std::uint32_t in = 0; in < ports; ++in) {
    for (std::uint32_t vc = 0; vc < vcs; ++vc) {
      if (coin(rng) < density) requests.push_back(Pass::request(in, vc, port(rng), vcs));
    }
  }
  std::shuffle(requests.begin(), requests.end(), rng);
  return requests;
}

bool valid_matching(const std::vector<AllocationRequest>& winners) {
  std::set<std::uint32_t> inputs, outputs;
  for (const auto& w : winners) {
    if (!inputs.insert(w.in_port).second || !outputs.insert(w.out).second) return false;
  }
  return true;
}

/// Every request that lost has its input or its output taken by a winner.
bool maximal(const std::vector<AllocationRequest>& requests,
             const std::vector<AllocationRequest>& winners) {
  std::set<std::uint32_t> inputs, outputs;
  for (const auto& w : winners) {
    inputs.insert(w.in_port);
    outputs.insert(w.out);
  }
  return std::all_of(requests.begin(), requests.end(), [&](const AllocationRequest& r) {
    return inputs.count(r.in_port) != 0 || outputs.count(r.out) != 0;
  });
}

}  // namespace

TEST_CASE("every allocator returns a valid matching on random request sets") {
  std::vector<std::string> names;
  const auto allocators = all_allocators(&names);
  REQUIRE(allocators.size() >= 5);
  std::mt19937 rng(7);
  for (std::size_t a = 0; a < allocators.size(); ++a) {
    CAPTURE(names[a]);
    CHECK(allocators[a]->name() == names[a]);
    for (const std::uint32_t ports : {2u, 5u, 7u, 70u}) {
      for (const std::uint32_t vcs : {1u, 3u}) {
        Pass pass(ports, vcs);
        for (int trial = 0; trial < 60; ++trial) {
          const auto requests = random_requests(rng, ports, vcs, trial % 2 == 0 ? 0.3 : 0.9);
          const auto winners = pass.run(*allocators[a], requests);
          CHECK(valid_matching(winners));
          if (!requests.empty()) CHECK(!winners.empty());  // someone always wins
          if (names[a] == "greedy_output_first" || names[a] == "wavefront") {
            CHECK(maximal(requests, winners));
          }
        }
      }
    }
  }
}

TEST_CASE("separable allocators and one-iteration iSLIP can stop short; greedy and wavefront do not") {
  // Inputs 0 and 1 each ask for outputs 0 (VC 0) and 1 (VC 1); every pointer favours input 0
  // and output 1. Output-first: both outputs grant input 0, which accepts one, and output 0
  // idles. Input-first: both inputs choose output 1, which grants one, and output 0 idles.
  // The greedy default and the wavefront find both pairs; so does iSLIP's second iteration.
  Pass pass(2, 2);
  const std::vector<AllocationRequest> requests = {
      Pass::request(0, 0, 0, 2), Pass::request(0, 1, 1, 2), Pass::request(1, 0, 0, 2),
      Pass::request(1, 1, 1, 2)};
  for (auto& s : pass.state) {
    s.last_grant = 3;   // the output arbiters' round robin starts at ivc 0 (input 0)
    s.last_accept = 0;  // the input arbiters' starts at output 1
  }
  std::vector<std::string> names;
  const auto allocators = all_allocators(&names);
  std::map<std::string, std::size_t> matched;
  for (std::size_t a = 0; a < allocators.size(); ++a) {
    Pass copy = pass;
    matched[names[a]] = copy.run(*allocators[a], requests).size();
  }
  CHECK(matched["separable_output_first"] == 1);
  CHECK(matched["separable_input_first"] == 1);
  CHECK(matched["islip"] == 1);  // one iteration by default
  CHECK(matched["greedy_output_first"] == 2);
  CHECK(matched["wavefront"] == 2);
  Pass copy = pass;
  CHECK(copy.run(net::IslipAllocator(net::IslipParams{2}), requests).size() == 2);
}

TEST_CASE("iSLIP with more iterations never matches fewer pairs") {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const std::uint32_t ports = 2 + trial % 9;
    const std::uint32_t vcs = 1 + trial % 3;
    const auto requests = random_requests(rng, ports, vcs, 0.8);
    Pass start(ports, vcs);
    std::uniform_int_distribution<std::uint32_t> vc_pick(0, ports * vcs - 1);
    std::uniform_int_distribution<std::uint32_t> port_pick(0, ports - 1);
    for (auto& s : start.state) {
      s.last_grant = vc_pick(rng);
      s.last_accept = port_pick(rng);
    }
    std::set<std::pair<std::uint32_t, std::uint32_t>> previous;
    for (std::uint32_t iterations = 1; iterations <= 4; ++iterations) {
      Pass pass = start;
      const auto winners = pass.run(net::IslipAllocator(net::IslipParams{iterations}), requests);
      CHECK(valid_matching(winners));
      std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
      for (const auto& w : winners) pairs.emplace(w.in_port, w.out);
      // A superset of the pairs of one iteration fewer: later iterations only add.
      CHECK(std::includes(pairs.begin(), pairs.end(), previous.begin(), previous.end()));
      previous = pairs;
    }
    // log2(ports) + 1 iterations and more: maximal here (it is at most the number of ports).
    Pass pass = start;
    const auto winners = pass.run(net::IslipAllocator(net::IslipParams{ports}), requests);
    CHECK(maximal(requests, winners));
  }
}

TEST_CASE("round-robin pointers rotate: requesters that keep asking take turns") {
  std::vector<std::string> names;
  const auto allocators = all_allocators(&names);
  for (std::size_t a = 0; a < allocators.size(); ++a) {
    CAPTURE(names[a]);
    // Three inputs (one VC each) keep asking for output 3 of a 4-port router.
    Pass pass(4, 1);
    const std::vector<AllocationRequest> requests = {
        Pass::request(0, 0, 3, 1), Pass::request(1, 0, 3, 1), Pass::request(2, 0, 3, 1)};
    std::vector<std::uint32_t> sequence;
    for (int round = 0; round < 12; ++round) {
      const auto winners = pass.run(*allocators[a], requests);
      REQUIRE(winners.size() == 1);
      sequence.push_back(winners[0].in_port);
    }
    // Every requester wins within any window of `ports` passes (the wavefront's diagonal comes
    // round once per `ports` passes); round robin serves them strictly in turn.
    for (std::size_t start = 0; start + 4 <= sequence.size(); ++start) {
      std::set<std::uint32_t> seen(sequence.begin() + static_cast<std::ptrdiff_t>(start),
                                   sequence.begin() + static_cast<std::ptrdiff_t>(start + 4));
      CHECK(seen.size() == 3);
    }
    if (names[a] != "wavefront") {
      for (std::size_t i = 1; i < sequence.size(); ++i) CHECK(sequence[i] != sequence[i - 1]);
    }
  }
}

TEST_CASE("an ACK wins its output over data, except across inputs under the wavefront") {
  std::vector<std::string> names;
  const auto allocators = all_allocators(&names);
  for (std::size_t a = 0; a < allocators.size(); ++a) {
    CAPTURE(names[a]);
    for (std::uint32_t ack_input = 0; ack_input < 3; ++ack_input) {
      Pass pass(4, 2);
      std::vector<AllocationRequest> requests;
      for (std::uint32_t in = 0; in < 3; ++in) {
        requests.push_back(Pass::request(in, 0, 3, 2, in == ack_input ? kAck : 0));
      }
      const auto winners = pass.run(*allocators[a], requests);
      REQUIRE(winners.size() == 1);
      if (names[a] != "wavefront") CHECK(winners[0].in_port == ack_input);
    }
    // Within one input, the ACK's VC goes first under every allocator.
    Pass pass(4, 2);
    const std::vector<AllocationRequest> requests = {Pass::request(1, 0, 3, 2),
                                                     Pass::request(1, 1, 3, 2, kAck)};
    for (int round = 0; round < 3; ++round) {
      const auto winners = pass.run(*allocators[a], requests);
      REQUIRE(winners.size() == 1);
      CHECK(winners[0].ivc == 3);
    }
  }
}

TEST_CASE("the allocator registry: descriptions, the default, and iSLIP's documented section") {
  net::AllocatorRegistry registry;
  net::register_allocators(registry);
  CHECK(registry.names().front() == net::kDefaultAllocator);
  for (const auto& entry : registry.entries()) {
    CAPTURE(entry.name);
    CHECK(!entry.description.empty());
  }
  REQUIRE(registry.find("islip").config.has_value());
  CHECK(registry.find("islip").config->section == "router.islip");
  // Only iSLIP has parameters; each entry with a section has it documented.
  CHECK_THROWS_AS(registry.find("max_size"), pdes::ConfigError);
  io::Schema schema;
  net::declare_allocator_config(schema);
  CHECK(schema.find("router.allocator") != nullptr);
  CHECK(schema.find("router.islip.iterations") != nullptr);
  for (const auto& entry : registry.entries()) {
    if (entry.config) {
      CAPTURE(entry.name);
      CHECK(schema.is_section(entry.config->section));
    }
  }
}
