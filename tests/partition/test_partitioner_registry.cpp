// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include "partition/partitioner_registry.hpp"
#include "pdes/error.hpp"

TEST_CASE("every registered name builds the partitioner of that name") {
  REQUIRE(partition::partitioner_names() == std::vector<std::string>{"block", "round-robin", "metis", "scotch", "file"});
  for (const auto& info : partition::partitioners()) {
    CHECK(!info.description.empty());
    CHECK(partition::make_partitioner(info.name)->name() == info.name);
  }
}

TEST_CASE("an unknown name is a configuration error that lists the valid names") {
  try {
    partition::make_partitioner("metis-ish", "simulation.partitioner");
    FAIL("no error");
  } catch (const pdes::ConfigError& e) {
    CHECK(e.key() == "simulation.partitioner");
    const std::string what = e.what();
    CHECK(what.find("metis-ish") != std::string::npos);
    CHECK(what.find("block, round-robin, metis, scotch, file") != std::string::npos);
  }
}
