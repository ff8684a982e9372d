// SPDX-License-Identifier: Apache-2.0
//
// PR-DRB's source (models/network/routing/prdrb/prdrb_source.hpp) through a scripted sequence of
// notifications and ACKs: the first congestion is handled by DRB one path at a time and its
// solution saved on H -> M; the situation ends in L; when it recurs the saved path set is
// installed at once (direct maximum expansion); a solution that stays in H goes stale and DRB
// takes over; destination-based notices wait for their packet's ACK; FR-DRB's watchdog opens
// paths without ACKs.
#include "models/network/routing/prdrb/prdrb_source.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>

#include "models/network/topology/torus.hpp"
#include "pdes/rng.hpp"

using net::prdrb::CongestionNotice;
using net::prdrb::Flow;
using net::prdrb::FlowSet;
using net::prdrb::PrDrbParams;
using net::prdrb::PrDrbSource;
using net::prdrb::SourceState;
using net::prdrb::Zone;

namespace {

// As test_drb_source.cpp: 8x8 torus, S = 0, D = 19 at distance 5, zero-load latency 35 on the
// canonical MSP and its two alternatives; ThL = 20, Tol = 5: band [50, 60] on width x Latency(P*).
constexpr net::NodeId kS = 0;
constexpr net::NodeId kD = 19;
constexpr std::int64_t kCycle = 1000;
const net::drb::ZeroLoadLatency kZeroLoad{10.0, 5.0};

PrDrbParams params() {
  PrDrbParams p;
  p.drb.controller = net::drb::WidthRule::kStep;
  p.drb.controller_input = net::drb::ControllerInput::kMessage;
  return p;
}

struct Fixture {
  explicit Fixture(PrDrbParams p = params())
      : torus({8, 8}), drb(torus, p.drb, kZeroLoad), source(torus, drb, p, kCycle) {}
  net::Torus torus;
  net::drb::DrbRouting drb;
  PrDrbSource source;
  SourceState s;
  std::uint64_t counter = 0;
  pdes::Rng rng{5, pdes::LpId{kS}, counter};

  void ack(std::uint32_t msp, double queuing, std::uint32_t seq = 0) {
    source.on_ack(s, kS, kD, seq, msp, queuing, 0);
  }
  void notify(const FlowSet& flows) {
    CongestionNotice n;
    n.router = 3;
    n.flows = flows;
    source.on_notice(s, kS, net::prdrb::kPredictiveAck, n);
  }
  void send(std::uint32_t seq) {
    net::Flit head;
    head.src = kS;
    head.dst = kD;
    head.seq = seq;
    source.prepare(s, kS, head, 0, rng);
  }
  std::uint32_t width() const { return s.metapaths.width(kD); }
};

const FlowSet kSituation = FlowSet::of(std::vector<Flow>{{0, 19}, {8, 27}});

}  // namespace

TEST_CASE("an uncongested flow leaves no state behind") {
  Fixture f;
  f.ack(0, 0.0);
  f.ack(0, 10.0);
  CHECK(f.s.metapaths.empty());
  CHECK(f.s.flows.empty());
}

TEST_CASE("learn, forget, recur: the saved path set is installed at once the second time") {
  Fixture f;
  // A predictive ACK names the flow: nothing is known about this situation yet.
  f.notify(kSituation);
  CHECK(f.s.counters.lookups == 1);
  CHECK(f.s.counters.misses == 1);
  // First congestion: 75 > 60, zone H; DRB opens one more path.
  f.ack(0, 40.0);
  CHECK(f.width() == 2);
  CHECK(f.s.find(kD)->zone == Zone::kHigh);
  // MSP 1 reports 43.4: Latency(P*) = 1 / (1/75 + 1/43.4) = 27.5, x 2 = 55: zone M. H -> M saves.
  f.ack(1, 8.4);
  CHECK(f.s.find(kD)->zone == Zone::kMedium);
  CHECK(f.s.counters.saved == 1);
  REQUIRE(f.s.database.size() == 1);
  CHECK(f.s.database.entries()[0].paths.width == 2);
  CHECK(f.s.database.entries()[0].paths.latency[1] == doctest::Approx(43.4));
  // The burst ends: both paths fast, zone L; DRB closes a path and the situation is forgotten.
  f.ack(0, 0.0);
  f.ack(1, 0.0);
  CHECK(f.width() == 1);
  CHECK(f.s.flows.empty());
  // The situation recurs: the saved set is installed at once, before any ACK shows H.
  f.notify(kSituation);
  CHECK(f.s.counters.hits == 1);
  CHECK(f.width() == 2);
  CHECK(f.s.metapaths.find(kD)->record(1).latency == doctest::Approx(43.4));
  CHECK(f.s.database.entries()[0].uses == 1);
  CHECK(f.s.counters.widenings == 1);  // only the first episode's DRB step opened a path
}

TEST_CASE("prdrb.reapply = max_width: a hit opens every path DRB may open, at once") {
  PrDrbParams p = params();
  p.reapply = net::prdrb::Reapply::kMaxWidth;
  Fixture f(p);
  // The first episode, as above: DRB opens a second path and H -> M saves two paths.
  f.notify(kSituation);
  f.ack(0, 40.0);
  f.ack(1, 8.4);
  REQUIRE(f.s.counters.saved == 1);
  f.ack(0, 0.0);
  f.ack(1, 0.0);
  REQUIRE(f.width() == 1);
  // It recurs: not the two saved paths but the full width; the saved ones keep their latencies.
  f.notify(kSituation);
  CHECK(f.s.counters.hits == 1);
  const auto* m = f.s.metapaths.find(kD);
  REQUIRE(m != nullptr);
  const std::uint32_t full = std::min(p.drb.max_width, m->num_candidates());
  CHECK(full > 2);
  CHECK(f.width() == full);
  CHECK(m->record(1).latency == doctest::Approx(43.4));
  CHECK(f.s.counters.widenings == 1);  // re-application is not counted as DRB steps
}

TEST_CASE("a re-applied solution that keeps the flow in H goes stale and DRB takes over") {
  PrDrbParams p = params();
  p.stale_acks = 3;
  Fixture f(p);
  f.notify(kSituation);
  f.ack(0, 40.0);
  f.ack(1, 8.4);  // saved
  f.ack(0, 0.0);
  f.ack(1, 0.0);  // forgotten
  f.notify(kSituation);
  REQUIRE(f.width() == 2);
  f.ack(0, 200.0, /*seq=*/5);  // in flight before the solution: does not judge it
  f.send(10);                   // the first packet on the solution
  // The network changed: the solution does not help. Two ACKs in H: the width waits.
  f.ack(0, 200.0, 10);
  f.ack(1, 200.0, 11);
  CHECK(f.width() == 2);
  CHECK(f.s.counters.stale == 0);
  // The third: stale; DRB opens the third path, and the next save replaces the stale solution.
  f.ack(0, 200.0, 12);
  CHECK(f.s.counters.stale == 1);
  CHECK(f.width() == 3);
  f.ack(2, 0.0);   // MSP 2 fast: 1/(1/235 + 1/235 + 1/35) = 27.0, x 3 = 81: still H
  f.ack(0, 5.0);   // 1/(1/40 + 1/235 + 1/35) = 17.3, x 3 = 52: M, and saved over the stale one
  CHECK(f.s.find(kD)->zone == Zone::kMedium);
  CHECK(f.s.counters.replaced == 1);
  CHECK(f.s.database.size() == 1);
  CHECK(f.s.database.entries()[0].paths.width == 3);
}

TEST_CASE("destination-based: the flows wait for their packet's ACK; the first router wins") {
  Fixture f;
  CongestionNotice first;
  first.router = 3;
  first.packet_seq = 7;
  first.flows = kSituation;
  CongestionNotice later = first;
  later.router = 4;
  later.flows = FlowSet::of(std::vector<Flow>{{0, 19}});
  f.source.on_notice(f.s, kS, net::prdrb::kWithPacket, first);
  f.source.on_notice(f.s, kS, net::prdrb::kWithPacket, later);
  REQUIRE(f.s.pending.size() == 1);
  CHECK(f.s.counters.notifications == 0);  // not before the ACK
  f.ack(0, 0.0, /*seq=*/6);                // another packet's ACK
  CHECK(f.s.pending.size() == 1);
  f.ack(0, 40.0, /*seq=*/7);
  CHECK(f.s.pending.empty());
  CHECK(f.s.counters.notifications == 1);
  REQUIRE(f.s.find(kD) != nullptr);
  // The situation holds the other flows: the source's own flow says nothing.
  CHECK(f.s.find(kD)->situation == net::prdrb::Situation::of(std::vector<Flow>{{8, 27}}));
  CHECK(f.s.counters.lookups == 1);  // zone H with a situation: asked once, missed
  CHECK(f.width() == 2);             // and DRB opened a path
}

TEST_CASE("non-predictive (plain DRB underneath) ignores situations and never saves") {
  PrDrbParams p = params();
  p.predictive = false;
  Fixture f(p);
  f.ack(0, 40.0);
  f.ack(1, 8.4);
  CHECK(f.width() == 2);
  CHECK(f.s.database.size() == 0);
  CHECK(f.s.counters.lookups == 0);
}

TEST_CASE("FR-DRB: each watchdog period without an ACK opens a path; an ACK restarts it") {
  PrDrbParams p = params();
  p.predictive = false;
  p.watchdog = 100;
  Fixture f(p);
  const auto send = [&](std::int64_t cycle) {
    net::Flit head;
    head.src = kS;
    head.dst = kD;
    head.injected = cycle * kCycle;
    f.source.prepare(f.s, kS, head, head.injected, f.rng);
  };
  send(0);
  send(99);  // within the first period
  CHECK(f.width() == 1);
  send(250);  // two periods expired: two paths open (max width 3)
  CHECK(f.width() == 3);
  CHECK(f.s.counters.watchdog == 2);
  CHECK(f.s.find(kD)->outstanding == 3);
  f.source.on_ack(f.s, kS, kD, 0, 0, 20.0, 260 * kCycle);
  CHECK(f.s.find(kD)->outstanding == 2);
  send(350);  // 90 cycles after the ACK: no expiry
  CHECK(f.s.counters.watchdog == 2);
}
