// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/on_off_injection.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "tests/models/network/node/injection_checks.hpp"

using net::OnOffInjection;
using net::testing::arrivals;
using net::testing::packet_count;

TEST_CASE("on/off: the mean rate is the offered rate; bursts run at rate (on + off) / on") {
  const OnOffInjection process(100.0, 900.0);
  CHECK(process.name() == "on_off");
  CHECK(process.rate_on(0.05) == doctest::Approx(0.5));
  constexpr std::uint64_t kCycles = 4'000'000;
  const auto n = static_cast<double>(packet_count(arrivals(process, 0.05, 1, 1 + kCycles)));
  // About 4000 bursts: the count varies mostly with the number and length of bursts.
  CHECK(n == doctest::Approx(0.05 * kCycles).epsilon(0.05));
}

TEST_CASE("on/off: at peak rate 1 every ON cycle sends, so the runs are the bursts") {
  // rate = on / (on + off) makes rate_on = 1: the packets mark exactly the ON cycles.
  constexpr double kOn = 20.0;
  constexpr double kOff = 60.0;
  const OnOffInjection process(kOn, kOff);
  constexpr std::uint64_t kCycles = 2'000'000;
  const auto a = arrivals(process, kOn / (kOn + kOff), 1, 1 + kCycles);
  std::uint64_t bursts = 0;
  std::uint64_t on_cycles = a.size();
  std::uint64_t silence = 0;
  for (std::size_t i = 1; i < a.size(); ++i) {
    if (a[i].cycle != a[i - 1].cycle + 1) {
      ++bursts;
      silence += a[i].cycle - a[i - 1].cycle - 1;
    }
  }
  // Duty cycle on / (on + off) = 0.25; mean burst 20 cycles; mean silence 60 cycles. (Two
  // periods of the same state never merge: the state flips at every period end.)
  CHECK(static_cast<double>(on_cycles) / kCycles == doctest::Approx(0.25).epsilon(0.03));
  CHECK(static_cast<double>(on_cycles) / static_cast<double>(bursts + 1) ==
        doctest::Approx(kOn).epsilon(0.03));
  CHECK(static_cast<double>(silence) / static_cast<double>(bursts) ==
        doctest::Approx(kOff).epsilon(0.03));
}

TEST_CASE("on/off: burstier than Bernoulli at the same mean rate") {
  // Variance of packets per 100-cycle window: Bernoulli 100 r (1 - r) = 4.75; on/off far more.
  const auto a = arrivals(OnOffInjection(100.0, 900.0), 0.05, 1, 1 + 1'000'000);
  std::vector<double> windows(10'000, 0.0);
  for (const auto& x : a) windows[(x.cycle - 1) / 100] += x.packets;
  double mean = 0;
  for (double w : windows) mean += w;
  mean /= static_cast<double>(windows.size());
  double var = 0;
  for (double w : windows) var += (w - mean) * (w - mean);
  var /= static_cast<double>(windows.size());
  CHECK(var > 5 * 4.75);
}
