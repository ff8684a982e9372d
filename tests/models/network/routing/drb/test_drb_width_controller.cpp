// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/width_controller.hpp"

#include <doctest/doctest.h>

#include <vector>

using net::drb::ControllerInput;
using net::drb::DrbParams;
using net::drb::Metapath;
using net::drb::Msp;
using net::drb::ThresholdBase;
using net::drb::WidthController;
using net::drb::WidthRule;
using net::drb::ZeroLoadLatency;

namespace {

// Canonical latency L_c = 30; ThL = 20, Tol = 5: band [45, 55] above L_c, [15, 25] absolute.
constexpr double kCanonical = 30.0;

DrbParams params(WidthRule rule) {
  DrbParams p;
  p.controller = rule;
  p.threshold = 20.0;
  p.tolerance = 5.0;
  return p;
}

std::uint32_t decide(const WidthController& c, double latency, std::uint32_t width,
                     std::uint32_t max_width = 3) {
  return c.decide(latency, 1.0 / latency, kCanonical, width, max_width);
}

}  // namespace

TEST_CASE("the band ThL ± Tol, from the canonical latency or absolute") {
  DrbParams p = params(WidthRule::kStep);
  const WidthController::Band b = WidthController(p).band(kCanonical);
  CHECK(b.low == doctest::Approx(45.0));
  CHECK(b.high == doctest::Approx(55.0));
  p.threshold_base = ThresholdBase::kAbsolute;
  const WidthController::Band a = WidthController(p).band(kCanonical);
  CHECK(a.low == doctest::Approx(15.0));
  CHECK(a.high == doctest::Approx(25.0));
}

TEST_CASE("step rule: widen above ThL + Tol, narrow below ThL - Tol, hold inside") {
  const WidthController c(params(WidthRule::kStep));
  CHECK(decide(c, 56.0, 1) == 2);
  CHECK(decide(c, 500.0, 2) == 3);
  CHECK(decide(c, 500.0, 3) == 3);  // at the maximum
  CHECK(decide(c, 55.0, 2) == 2);   // the band is closed
  CHECK(decide(c, 45.0, 2) == 2);
  CHECK(decide(c, 50.0, 1) == 1);
  CHECK(decide(c, 44.0, 3) == 2);
  CHECK(decide(c, 44.0, 1) == 1);  // never below 1
  CHECK(decide(c, 500.0, 1, 1) == 1);
}

TEST_CASE("paper rule: Δsize from eq. [9] and [10]") {
  const WidthController c(params(WidthRule::kPaper));
  // tau = Tol / ThL = 0.25, k = 1: the first Δ opened MSPs add BWc/4 * Δ(Δ+1)/2.
  const double bwc = 1.0 / kCanonical;
  SUBCASE("widen just enough to restore the canonical bandwidth") {
    // BW = 1/100: deficit BWc - BW = 0.0233 > BWc/4 (Δ=1, 0.0083) but < 3 BWc/4 (Δ=2, 0.025).
    CHECK(c.paper_widen_step(0.01, bwc, 10) == 2);
    CHECK(decide(c, 100.0, 1) == 3);
    CHECK(decide(c, 100.0, 1, 2) == 2);  // capped by the maximum width
    // Just above the band (56 cycles) the deficit still needs two; a deficit below BWc/4 one.
    CHECK(c.paper_widen_step(1.0 / 56.0, bwc, 10) == 2);
    CHECK(c.paper_widen_step(0.03, bwc, 10) == 1);
    // BW ~ 0: T(Δ) > 4, Δ = 3; with less room, the largest step allowed.
    CHECK(c.paper_widen_step(1e-6, bwc, 10) == 3);
    CHECK(c.paper_widen_step(1e-6, bwc, 2) == 2);
  }
  SUBCASE("narrow until the bandwidth is within BWc (1 + 1/k)") {
    // Three MSPs at zero load: BW = 3 BWc; 3 BWc - BWc/4 T(Δ) < 2 BWc needs T(Δ) > 4: Δ = 3,
    // capped at width - 1 = 2.
    CHECK(c.paper_narrow_step(3 * bwc, bwc, 2) == 2);
    CHECK(c.paper_narrow_step(3 * bwc, bwc, 5) == 3);
    // Just above the ceiling: one.
    CHECK(c.paper_narrow_step(2.1 * bwc, bwc, 5) == 1);
    CHECK(c.decide(10.0, 0.1, kCanonical, 3, 3) == 1);
  }
  SUBCASE("a larger channel use k takes smaller steps") {
    DrbParams p = params(WidthRule::kPaper);
    p.channel_use = 4.0;
    const WidthController slow(p);
    CHECK(slow.paper_widen_step(0.01, bwc, 10) == 5);  // BWc/16 T(Δ) > 0.0233: T(5) = 15
  }
}

TEST_CASE("fixed rule never changes the width") {
  const WidthController c(params(WidthRule::kFixed));
  CHECK(decide(c, 1000.0, 2) == 2);
  CHECK(decide(c, 1.0, 2) == 2);
}

TEST_CASE("controller input: Latency(P*) (paper) or the mean message latency") {
  // Two MSPs at 100 cycles: Latency(P*) = 50, a message sees 100 on average.
  const std::vector<Msp> candidates{{0, 5, 5}, {1, 5, 5}, {2, 5, 6}};
  Metapath m(candidates, 2, ZeroLoadLatency{5.0, 5.0});
  m.record_latency(0, 100.0);
  m.record_latency(1, 100.0);
  DrbParams p = params(WidthRule::kStep);
  p.controller_input = ControllerInput::kMetapath;
  CHECK(WidthController(p).input(m) == doctest::Approx(50.0));
  CHECK(WidthController(p).next_width(m, 3) == 2);  // L_c = 30: 50 is inside [45, 55]
  p.controller_input = ControllerInput::kMessage;
  CHECK(WidthController(p).input(m) == doctest::Approx(100.0));
  CHECK(WidthController(p).next_width(m, 3) == 3);
}
