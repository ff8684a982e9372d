// SPDX-License-Identifier: Apache-2.0
// PrefetchSwitch's decisions, fed with made-up chunk times (record_chunk) instead of a clock.
#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <vector>

#include "pdes/internal/prefetch_switch.hpp"

using pdes::PrefetchMode;
using pdes::internal::PrefetchSwitch;
using Duration = PrefetchSwitch::Duration;

namespace {

constexpr unsigned kProbeChunks = 2 * PrefetchSwitch::kProbePairs;

/// Runs one probe: each chunk takes what `time(pair, with_pipeline)` says. Returns whether the
/// pipeline is on for the rest of the period.
bool probe(PrefetchSwitch& s, const std::function<Duration(unsigned, bool)>& time) {
  for (unsigned chunk = 0; chunk < kProbeChunks; ++chunk) {
    s.record_chunk(time(chunk / 2, s.on()));
  }
  return s.on();
}

/// Runs the rest of the period in the decided mode, so that the next probe can start.
void finish_period(PrefetchSwitch& s, unsigned period_chunks) {
  for (unsigned chunk = kProbeChunks; chunk < period_chunks; ++chunk) {
    s.record_chunk(std::chrono::microseconds(100));
  }
}

Duration us(long n) { return std::chrono::microseconds(n); }

}  // namespace

TEST_CASE("kernel.prefetch = on or off fixes the choice") {
  PrefetchSwitch on(PrefetchMode::on);
  PrefetchSwitch off(PrefetchMode::off);
  for (int i = 0; i < 5000; ++i) {
    on.end_chunk();
    off.end_chunk();
    REQUIRE(on.on());
    REQUIRE_FALSE(off.on());
  }
}

TEST_CASE("the probe alternates the pipeline in pairs") {
  PrefetchSwitch s;
  std::vector<bool> modes;
  for (unsigned chunk = 0; chunk < 8; ++chunk) {
    modes.push_back(s.on());
    s.record_chunk(us(100));
  }
  // Pair 0 with then without, pair 1 without then with, ...
  CHECK(modes == std::vector<bool>{true, false, false, true, true, false, false, true});
}

TEST_CASE("a pipeline that costs time in every pair goes off") {
  PrefetchSwitch s;
  CHECK_FALSE(probe(s, [](unsigned, bool with) { return with ? us(110) : us(100); }));
}

TEST_CASE("a pipeline that saves time in every pair stays on") {
  PrefetchSwitch s;
  CHECK(probe(s, [](unsigned, bool with) { return with ? us(60) : us(100); }));
}

TEST_CASE("a steady 8 % cost under noisy votes turns the pipeline off") {
  // 6 of 16 pairs won by the pipeline through noise (the other chunk of the pair slowed by a
  // GVT round), the middle of the gaps still a loss: the case of PHOLD on two ranks.
  PrefetchSwitch s;
  const bool on = probe(s, [](unsigned pair, bool with) {
    const Duration base = with ? us(108) : us(100);
    const bool disturbed_without = pair % 8 < 3 && !with;
    return base + (disturbed_without ? us(20) : us(0));
  });
  CHECK_FALSE(on);
}

TEST_CASE("one disturbed chunk does not turn a useful pipeline off") {
  // The pipeline saves 40 % in all pairs but a few, where a chunk with it was descheduled for
  // a second: a sum of the gaps would go off, the middle half of them does not.
  PrefetchSwitch s;
  const bool on = probe(s, [](unsigned pair, bool with) {
    if (with && pair < 3) return us(1'000'000);
    return with ? us(60) : us(100);
  });
  CHECK(on);
}

TEST_CASE("a pipeline that wins more than half of the pairs stays on") {
  // 9 of 16 pairs won, even if the lost ones lose by more: only 3/4 of the pairs lost, or a
  // lost majority with a lost middle, turn it off.
  PrefetchSwitch s;
  CHECK(probe(s, [](unsigned pair, bool with) {
    if (pair < 9) return with ? us(99) : us(100);
    return with ? us(150) : us(100);
  }));
}

TEST_CASE("the choice is made again each period") {
  PrefetchSwitch s;
  REQUIRE_FALSE(probe(s, [](unsigned, bool with) { return with ? us(110) : us(100); }));
  // A one-sided vote doubles the period: the next probe starts after 2 * kPeriodChunks.
  finish_period(s, 2 * PrefetchSwitch::kPeriodChunks);
  CHECK(probe(s, [](unsigned, bool with) { return with ? us(60) : us(100); }));
}
