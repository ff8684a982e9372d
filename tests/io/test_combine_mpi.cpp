// SPDX-License-Identifier: Apache-2.0
// io::combine over MPI (run on 1, 2 and 3 ranks): every rank gets the same combined set, equal
// to the single-rank result, and errors are raised on every rank alike (no rank is left
// waiting in a collective).
#include <mpi.h>

#include <doctest/doctest.h>

#include "io/results/combine.hpp"
#include "pdes/error.hpp"
#include "tests/io/sample_results.hpp"

namespace {

int rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int size() {
  int s = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

}  // namespace

TEST_CASE("combine gives every rank the single-rank result") {
  const io::ResultSet combined = io::combine(io_test::sample_part(rank(), size()), MPI_COMM_WORLD);
  const io::ResultSet alone = io::merge_results(std::vector{io_test::sample_part(0, 1)});
  REQUIRE(combined.tables.size() == alone.tables.size());
  for (std::size_t i = 0; i < alone.tables.size(); ++i) {
    CAPTURE(alone.tables[i].name());
    CHECK(combined.tables[i].same_schema(alone.tables[i]));
    CHECK(combined.tables[i].cells() == alone.tables[i].cells());
  }
  CHECK(combined.attributes == alone.attributes);
  CHECK(combined.attribute_units == alone.attribute_units);
}

TEST_CASE("a key on two ranks fails on every rank") {
  io::ResultSet local = io_test::sample_part(rank(), size());
  // Node 0 belongs to rank 0; the last rank claims it too (with one rank: twice on rank 0).
  if (rank() == size() - 1) {
    local.tables[0].add_row({io::Cell::u64(0), io::Cell::u64(0), io::Cell::i64(0), io::Cell::f64(0)});
  }
  const std::string where = size() == 1 ? "twice on rank 0"
                                        : "on rank 0 and on rank " + std::to_string(size() - 1);
  const std::string expected = "key (node=0) occurs " + where;
  CHECK_THROWS_WITH_AS(io::combine(local, MPI_COMM_WORLD), doctest::Contains(expected.c_str()),
                       pdes::InvariantError);
}

TEST_CASE("an attribute that differs between ranks fails on every rank") {
  if (size() == 1) return;
  io::ResultSet local = io_test::sample_part(rank(), size());
  if (rank() == 1) local.attributes["model"] = std::string("other");
  CHECK_THROWS_WITH_AS(io::combine(local, MPI_COMM_WORLD),
                       doctest::Contains("attribute 'model' is 'sample' on rank 0 but 'other' on rank 1"),
                       pdes::InvariantError);
}

TEST_CASE("MPI is still in step after the errors") {
  int in = rank();
  int out = -1;
  MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  CHECK(out == size() * (size() - 1) / 2);
}
