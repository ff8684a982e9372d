// SPDX-License-Identifier: Apache-2.0
#include "models/network/node/injection_registry.hpp"

#include <doctest/doctest.h>

#include "models/network/node/on_off_injection.hpp"
#include "models/network/node/periodic_injection.hpp"
#include "pdes/error.hpp"

TEST_CASE("periodic offsets round-trip and unknown names list the valid ones") {
  for (const auto& name : net::periodic_offset_names()) {
    CHECK(net::to_string(net::parse_periodic_offset(name)) == name);
  }
  CHECK_THROWS_AS(net::parse_periodic_offset("late"), pdes::ConfigError);
}

TEST_CASE("the registry builds the chosen process, and refuses unknown ones") {
  net::InjectionParams p;
  CHECK(net::injection_kind_names() ==
        std::vector<std::string>{"bernoulli", "poisson", "periodic", "on_off"});
  for (const auto& name : net::injection_kind_names()) {
    p.kind = name;
    CHECK(net::make_injection_process(p, 16)->name() == name);
  }
  p.kind = "burst";
  try {
    net::make_injection_process(p, 16);
    FAIL("no error");
  } catch (const pdes::ConfigError& e) {
    CHECK(e.key() == "traffic.injection");
    CHECK(std::string(e.what()).find("bernoulli, poisson, periodic, on_off") != std::string::npos);
  }
}

TEST_CASE("on/off: peak load and bad means") {
  net::InjectionParams p;
  CHECK(net::make_injection_process(p, 4)->peak_load(0.3) == 0.3);  // bernoulli: no bursts
  p.kind = "on_off";
  net::OnOffParams on_off{100, 300};
  p.options = on_off;
  CHECK(net::make_injection_process(p, 4)->peak_load(0.2) == doctest::Approx(0.8));
  SUBCASE("burst shorter than a cycle") {
    on_off.mean_on_cycles = 0.5;
    p.options = on_off;
    try {
      net::make_injection_process(p, 4);
      FAIL("no error");
    } catch (const pdes::ConfigError& e) {
      CHECK(e.key() == "traffic.on_off.mean_on");
    }
  }
  SUBCASE("silence shorter than a cycle") {
    on_off.mean_off_cycles = 0.0;
    p.options = on_off;
    try {
      net::make_injection_process(p, 4);
      FAIL("no error");
    } catch (const pdes::ConfigError& e) {
      CHECK(e.key() == "traffic.on_off.mean_off");
    }
  }
}

TEST_CASE("geometric_trials has mean 1/p and is 1 at p = 1 without drawing") {
  std::uint64_t counter = 0;
  pdes::Rng rng(3, pdes::LpId(4), counter);
  CHECK(net::geometric_trials(1.0, rng) == 1);
  CHECK(counter == 0);
  double sum = 0;
  for (int i = 0; i < 100'000; ++i) sum += static_cast<double>(net::geometric_trials(0.2, rng));
  CHECK(sum / 100'000 == doctest::Approx(5.0).epsilon(0.02));
}
