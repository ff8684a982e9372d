// SPDX-License-Identifier: Apache-2.0
// io::combine and io::distribute over MPI (run on 1, 2 and 3 ranks): combine gives every rank
// the combined set, distribute gives each rank a contiguous share of it, both equal to the
// single-rank result, and errors are raised on every rank alike (no rank is left waiting in a
// collective).
#include <mpi.h>

#include <doctest/doctest.h>

#include "io/results/combine.hpp"
#include "io/results/distribute.hpp"
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

namespace {

// Every rank's slab of table `i`, in rank order: the whole table as the file will hold it.
std::vector<io::Cell> gather_slabs(const io::DistributedResults& mine, std::size_t i) {
  const std::vector<io::Cell>& cells = mine.slabs.tables[i].cells();
  const int count = static_cast<int>(cells.size());
  std::vector<int> counts(static_cast<std::size_t>(size()));
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::vector<int> offsets(counts.size(), 0);
  for (std::size_t r = 1; r < counts.size(); ++r) offsets[r] = offsets[r - 1] + counts[r - 1];
  std::vector<io::Cell> all(static_cast<std::size_t>(offsets.back() + counts.back()));
  MPI_Allgatherv(cells.data(), count, MPI_UINT64_T, all.data(), counts.data(), offsets.data(),
                 MPI_UINT64_T, MPI_COMM_WORLD);
  return all;
}

}  // namespace

TEST_CASE("distribute gives each rank a contiguous share of the single-rank result") {
  const io::DistributedResults mine =
      io::distribute(io_test::sample_part(rank(), size()), MPI_COMM_WORLD);
  const io::ResultSet alone = io::merge_results(std::vector{io_test::sample_part(0, 1)});
  REQUIRE(mine.slabs.tables.size() == alone.tables.size());
  REQUIRE(mine.extents.size() == alone.tables.size());
  for (std::size_t i = 0; i < alone.tables.size(); ++i) {
    CAPTURE(alone.tables[i].name());
    CHECK(mine.slabs.tables[i].same_schema(alone.tables[i]));
    CHECK(mine.extents[i].total_rows == alone.tables[i].rows());
    CHECK(gather_slabs(mine, i) == alone.tables[i].cells());
    // first_row is the rows of the lower ranks' slabs (MPI_Exscan).
    std::uint64_t rows = mine.slabs.tables[i].rows();
    std::uint64_t below = 0;
    MPI_Exscan(&rows, &below, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    CHECK(mine.extents[i].first_row == (rank() == 0 ? 0 : below));
  }
  CHECK(mine.slabs.attributes == alone.attributes);
  CHECK(mine.slabs.attribute_units == alone.attribute_units);
}

TEST_CASE("distribute splits a large table between the ranks") {
  const io::DistributedResults mine =
      io::distribute(io_test::sample_part(rank(), size()), MPI_COMM_WORLD);
  const io::ResultSet alone = io::merge_results(std::vector{io_test::sample_part(0, 1)});
  for (std::size_t i = 0; i < alone.tables.size(); ++i) {
    if (alone.tables[i].name() != "network/packets") continue;
    // Sampled splitters: no rank far from its even share of 100,000 rows.
    const double share = static_cast<double>(mine.slabs.tables[i].rows()) /
                         static_cast<double>(alone.tables[i].rows()) * size();
    CHECK(share > 0.5);
    CHECK(share < 1.5);
  }
}

TEST_CASE("distribute: a key on two ranks fails on every rank") {
  io::ResultSet local = io_test::sample_part(rank(), size());
  if (rank() == size() - 1) {
    local.tables[0].add_row({io::Cell::u64(0), io::Cell::u64(0), io::Cell::i64(0), io::Cell::f64(0)});
  }
  const std::string where = size() == 1 ? "twice on rank 0"
                                        : "on rank 0 and on rank " + std::to_string(size() - 1);
  const std::string expected = "key (node=0) occurs " + where;
  CHECK_THROWS_WITH_AS(io::distribute(local, MPI_COMM_WORLD), doctest::Contains(expected.c_str()),
                       pdes::InvariantError);
}

TEST_CASE("distribute: an attribute that differs between ranks fails on every rank") {
  if (size() == 1) return;
  io::ResultSet local = io_test::sample_part(rank(), size());
  if (rank() == 1) local.attributes["model"] = std::string("other");
  CHECK_THROWS_WITH_AS(io::distribute(local, MPI_COMM_WORLD),
                       doctest::Contains("attribute 'model' is 'sample' on rank 0 but 'other' on rank 1"),
                       pdes::InvariantError);
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
