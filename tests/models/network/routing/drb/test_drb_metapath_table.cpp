// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/metapath_table.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "pdes/error.hpp"

using net::drb::Metapath;
using net::drb::MetapathTable;
using net::drb::Msp;
using net::drb::ZeroLoadLatency;

namespace {

Metapath metapath(std::uint32_t width) {
  return Metapath({{0, 7, 3}, {1, 7, 3}, {2, 7, 4}}, width, ZeroLoadLatency{2.0, 1.0});
}

}  // namespace

TEST_CASE("a flat map in ascending destination order") {
  MetapathTable t;
  CHECK(t.empty());
  CHECK(t.width(42) == 1);  // absent: the canonical path alone
  t.insert(30, metapath(2));
  t.insert(10, metapath(3));
  t.insert(20, metapath(1));
  REQUIRE(t.size() == 3);
  CHECK(t.entries()[0].destination == 10);
  CHECK(t.entries()[1].destination == 20);
  CHECK(t.entries()[2].destination == 30);
  CHECK(t.width(10) == 3);
  CHECK(t.width(30) == 2);
  REQUIRE(t.find(20) != nullptr);
  CHECK(t.find(25) == nullptr);
  t.find(30)->record_latency(1, 77.0);
  CHECK(t.find(30)->record(1).latency == 77.0);
  t.erase(20);
  t.erase(21);  // absent: no effect
  CHECK(t.size() == 2);
  CHECK(t.find(20) == nullptr);
  REQUIRE_THROWS_AS(t.insert(10, metapath(1)), pdes::InvariantError);
}

TEST_CASE("MetapathTable is a regular value type for state saving") {
  MetapathTable a;
  a.insert(5, metapath(2));
  const MetapathTable saved = a;
  CHECK(saved == a);
  a.find(5)->record_latency(0, 12.0);
  CHECK_FALSE(saved == a);
  a.insert(6, metapath(1));
  a = saved;  // rollback
  CHECK(a == saved);
  CHECK(a.size() == 1);
  // Equality does not depend on the order of insertion.
  MetapathTable x;
  MetapathTable y;
  x.insert(1, metapath(1));
  x.insert(2, metapath(2));
  y.insert(2, metapath(2));
  y.insert(1, metapath(1));
  CHECK(x == y);
}
