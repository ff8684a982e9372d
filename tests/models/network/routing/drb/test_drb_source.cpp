// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/drb_source.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "models/network/topology/hypercube.hpp"
#include "models/network/topology/torus.hpp"
#include "pdes/error.hpp"
#include "pdes/rng.hpp"

using net::drb::ControllerInput;
using net::drb::DrbParams;
using net::drb::DrbSource;
using net::drb::MetapathTable;
using net::drb::MspChoice;
using net::drb::WidthRule;
using net::drb::ZeroLoadLatency;

namespace {

// 8x8 torus, S = 0 = (0,0), D = 19 = (3,2): distance 5, zero-load latency 10 + 5*5 = 35 on the
// canonical MSP and on the two distinct alternatives of length 5, (0,18) and (8,11). With
// ThL = 20, Tol = 5 the band is [50, 60].
constexpr net::NodeId kS = 0;
constexpr net::NodeId kD = 19;
const ZeroLoadLatency kZeroLoad{10.0, 5.0};

DrbParams step_params() {
  DrbParams p;
  p.controller = WidthRule::kStep;
  return p;
}

struct Stream {
  std::uint64_t counter = 0;
  pdes::Rng rng{77, pdes::LpId{kS}, counter};
};

}  // namespace

TEST_CASE("width 1 is DOR: always the canonical MSP, no random draw, no state") {
  const net::Torus torus({8, 8});
  DrbParams p;
  p.max_width = 1;
  const DrbSource drb(torus, p, kZeroLoad);
  CHECK(drb.canonical_only());
  MetapathTable table;
  Stream s;
  for (net::NodeId dst = 0; dst < 64; ++dst) {
    for (int i = 0; i < 3; ++i) {
      const MspChoice c = drb.choose(table, kS, dst, s.rng);
      CHECK(c == MspChoice{0, kS, dst, torus.distance(kS, dst)});
      drb.on_ack(table, kS, dst, c.msp_id, 1e6);  // however congested
    }
  }
  CHECK(s.counter == 0);
  CHECK(table.empty());
}

TEST_CASE("the controller follows a sequence of ACK latencies (step rule, message input)") {
  const net::Torus torus({8, 8});
  DrbParams p = step_params();
  p.controller_input = ControllerInput::kMessage;
  const DrbSource drb(torus, p, kZeroLoad);
  CHECK_FALSE(drb.canonical_only());
  MetapathTable t;
  // Uncongested: 35 < 50, nothing is stored.
  drb.on_ack(t, kS, kD, 0, 0.0);
  CHECK(t.empty());
  // 75 > 60: open the second MSP, assumed as loaded as the first (75).
  drb.on_ack(t, kS, kD, 0, 40.0);
  REQUIRE(t.width(kD) == 2);
  CHECK(t.find(kD)->record(1).msp == net::drb::Msp{0, 18, 5});
  CHECK(t.find(kD)->record(1).latency == doctest::Approx(75.0));
  // Still 75 per message, but MSP 1 has not reported yet: hold (open_after_feedback).
  drb.on_ack(t, kS, kD, 0, 40.0);
  CHECK(t.width(kD) == 2);
  // MSP 1 reports 40: 2 / (1/75 + 1/40) = 52.2, inside the band.
  drb.on_ack(t, kS, kD, 1, 5.0);
  CHECK(t.width(kD) == 2);
  CHECK(t.find(kD)->record(1).latency == doctest::Approx(40.0));
  // MSP 1 reports 65: 69.6 > 60 and every open MSP has reported: open the third at 70.
  drb.on_ack(t, kS, kD, 1, 30.0);
  REQUIRE(t.width(kD) == 3);
  CHECK(t.find(kD)->record(2).latency == doctest::Approx(70.0));
  // The load drains: 35, 65, 70 -> 51.5 (hold); 35, 35, 70 -> 42 (narrow).
  drb.on_ack(t, kS, kD, 0, 0.0);
  CHECK(t.width(kD) == 3);
  drb.on_ack(t, kS, kD, 1, 0.0);
  CHECK(t.width(kD) == 2);
  // A late ACK of the closed MSP 2 is ignored.
  const MetapathTable before = t;
  drb.on_ack(t, kS, kD, 2, 0.0);
  CHECK(t == before);
  // 35, 35 -> 35 < 50: back to the canonical path, and the entry goes away.
  drb.on_ack(t, kS, kD, 0, 0.0);
  CHECK(t.empty());
  // A stale ACK of an alternative for a channel without entry is ignored too.
  drb.on_ack(t, kS, kD, 1, 500.0);
  CHECK(t.empty());
}

TEST_CASE("with Latency(P*) as input (the paper), a second path halves the latency seen") {
  const net::Torus torus({8, 8});
  DrbParams p = step_params();
  p.controller_input = ControllerInput::kMetapath;
  const DrbSource drb(torus, p, kZeroLoad);
  MetapathTable t;
  drb.on_ack(t, kS, kD, 0, 40.0);  // 75 > 60: widen
  CHECK(t.width(kD) == 2);
  drb.on_ack(t, kS, kD, 0, 40.0);  // 1 / (1/75 + 1/75) = 37.5 < 50: narrow again
  CHECK(t.empty());
  drb.on_ack(t, kS, kD, 0, 200.0);  // 235: widen
  drb.on_ack(t, kS, kD, 0, 200.0);  // 117.5: above the band, but MSP 1 has not reported
  CHECK(t.width(kD) == 2);
}

TEST_CASE("paper rule: one ACK can open several MSPs (eq. [9])") {
  const net::Torus torus({8, 8});
  const DrbSource drb(torus, DrbParams{}, kZeroLoad);
  MetapathTable t;
  // L = 100, BW = 0.01, BWc = 1/35, tau = 0.25: BWc tau T(Δ) > 0.0186 needs T >= 3: Δ = 2.
  drb.on_ack(t, kS, kD, 0, 65.0);
  CHECK(t.width(kD) == 3);
}

TEST_CASE("choose() draws by bandwidth among the open MSPs (statistical, fixed seed)") {
  const net::Torus torus({8, 8});
  DrbParams p;
  p.controller = WidthRule::kFixed;
  p.initial_width = 3;
  const DrbSource drb(torus, p, kZeroLoad);
  MetapathTable t;
  Stream s;
  // The first choice creates the metapath (initial width 3).
  drb.choose(t, kS, kD, s.rng);
  REQUIRE(t.width(kD) == 3);
  CHECK(s.counter == 1);
  // Latencies 40, 80, 160: probabilities 4/7, 2/7, 1/7.
  drb.on_ack(t, kS, kD, 0, 5.0);
  drb.on_ack(t, kS, kD, 1, 45.0);
  drb.on_ack(t, kS, kD, 2, 125.0);
  CHECK(t.width(kD) == 3);
  constexpr int kDraws = 70000;
  std::vector<int> count(3, 0);
  for (int i = 0; i < kDraws; ++i) {
    const MspChoice c = drb.choose(t, kS, kD, s.rng);
    REQUIRE(c.msp_id < 3);
    ++count[c.msp_id];
    CHECK(c.x == t.find(kD)->record(c.msp_id).msp.x);
  }
  CHECK(s.counter == 1 + kDraws);
  const double p_k[3] = {4.0 / 7, 2.0 / 7, 1.0 / 7};
  for (int k = 0; k < 3; ++k) {
    CAPTURE(k);
    CHECK(std::abs(count[k] - kDraws * p_k[k]) < 5 * std::sqrt(kDraws * p_k[k] * (1 - p_k[k])));
  }
}

TEST_CASE("Valiant is DRB's extreme: whole-network MeSA, uniform choice, fixed width") {
  const net::Torus torus({4, 4});
  DrbParams p;
  p.source_size = torus.diameter();
  p.destination_size = 0;
  p.distinct_paths = false;
  p.max_width = 16;
  p.initial_width = 16;
  p.controller = WidthRule::kFixed;
  p.selection = net::drb::SelectionRule::kUniform;
  const DrbSource drb(torus, p, kZeroLoad);
  MetapathTable t;
  Stream s;
  constexpr int kDraws = 16000;
  std::vector<int> per_x(16, 0);
  for (int i = 0; i < kDraws; ++i) {
    const MspChoice c = drb.choose(t, 5, 10, s.rng);
    CHECK(c.y == 10);
    CHECK(c.length == torus.distance(5, c.x) + torus.distance(c.x, 10));
    ++per_x[c.x];
    if (i % 100 == 0) drb.on_ack(t, 5, 10, c.msp_id, 1000.0);  // ACKs change nothing but records
  }
  CHECK(t.width(10) == 16);
  // Every router is an intermediate with probability 1/16.
  const double sigma = std::sqrt(kDraws * (1.0 / 16) * (15.0 / 16));
  for (int x = 0; x < 16; ++x) {
    CAPTURE(x);
    CHECK(std::abs(per_x[x] - kDraws / 16.0) < 5 * sigma);
  }
}

TEST_CASE("replaying the same events from a saved table gives the same choices and state") {
  const net::Hypercube cube(6);
  DrbParams p = step_params();
  p.max_width = 3;
  const DrbSource drb(cube, p, kZeroLoad);
  // A fixed sequence: choose for a few destinations, ACK with latencies that rise and fall.
  const auto run = [&](MetapathTable& table, std::uint64_t& counter, int from, int to,
                       std::vector<MspChoice>& out) {
    pdes::Rng rng(5, pdes::LpId{1}, counter);
    for (int i = from; i < to; ++i) {
      const net::NodeId dst = 1 + static_cast<net::NodeId>(i % 5) * 12;
      const MspChoice c = drb.choose(table, 1, dst, rng);
      out.push_back(c);
      drb.on_ack(table, 1, dst, c.msp_id, (i / 20) % 2 == 0 ? 15.0 * (i % 7) : 0.5 * (i % 3));
    }
  };
  MetapathTable table;
  std::uint64_t counter = 0;
  std::vector<MspChoice> first;
  run(table, counter, 0, 60, first);
  const MetapathTable saved = table;  // the engine's state copy
  const std::uint64_t saved_counter = counter;
  std::vector<MspChoice> ahead;
  run(table, counter, 60, 200, ahead);
  const MetapathTable end = table;
  // Roll back and replay.
  table = saved;
  counter = saved_counter;
  std::vector<MspChoice> replay;
  run(table, counter, 60, 200, replay);
  CHECK(replay == ahead);
  CHECK(table == end);
  // The run did expand some channel at some point.
  bool expanded = false;
  for (const MspChoice& c : ahead) expanded = expanded || !c.canonical();
  CHECK(expanded);
}

TEST_CASE("bad parameters are refused when the DrbSource is built") {
  const net::Torus torus({4, 4});
  DrbParams p;
  p.tolerance = 30.0;  // > ThL = 20
  REQUIRE_THROWS_AS(DrbSource(torus, p, kZeroLoad), pdes::ConfigError);
  REQUIRE_THROWS_AS(DrbSource(torus, DrbParams{}, ZeroLoadLatency{0.0, 1.0}), pdes::InvariantError);
}
