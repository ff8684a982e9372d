// SPDX-License-Identifier: Apache-2.0
// io::write_results and io::ResultsFile. Built twice: without MPI (a sequential run, POSIX
// driver) and under mpiexec on 1 and 2 ranks (MPI-IO, collective writes).
#include "io/hdf5/results_file.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "io/hdf5/table_writer.hpp"
#include "io/hdf5/write_results.hpp"
#include "io/results/combine.hpp"
#include "pdes/error.hpp"
#include "tests/io/h5_read.hpp"
#include "tests/io/sample_results.hpp"

namespace fs = std::filesystem;

namespace {

const io::hdf5::ParallelContext& world() {
  static const io::hdf5::ParallelContext context(MPI_COMM_WORLD);
  return context;
}

void barrier() { world().all(true); }

/// A fresh directory, the same on every rank, per test program and rank count.
fs::path fresh_directory(const std::string& test) {
  const fs::path dir = fs::current_path() / ("results_file_" + std::string(world().mpi() ? "mpi" : "serial") +
                                             "_np" + std::to_string(world().size()) + "_" + test);
  if (world().rank() == 0) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  barrier();
  return dir;
}

std::vector<std::string> entries(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

io::ResultSet combined_sample(bool perturb = false) {
  return io::combine(io_test::sample_part(world().rank(), world().size(), perturb), MPI_COMM_WORLD);
}

}  // namespace

TEST_CASE("write_results writes the combined results and the run metadata") {
  const fs::path dir = fresh_directory("write");
  const std::string path = (dir / "out.h5").string();
  const io::ResultSet results = combined_sample();
  io::write_results(path, results, io_test::sample_metadata(world().size()), MPI_COMM_WORLD);
  barrier();
  if (world().rank() != 0) return;

  CHECK(entries(dir) == std::vector<std::string>{"out.h5"});  // no temporary file left
  const io_test::Handle f = io_test::open_read_only(path);
  const hid_t id = f.get();
  CHECK(io_test::read_int_attribute(id, "/", "schema_version") == io::kSchemaVersion);
  CHECK(io_test::read_int_attribute(id, "/", "seed") == 42);
  CHECK(io_test::read_string_attribute(id, "/", "termination_reason") == "end_time_reached");
  CHECK(io_test::read_string_attribute(id, "/", "event_digest") == "fedcba9876543210");
  CHECK(io_test::read_string_attribute(id, "/", "model") == "sample");
  CHECK(io_test::read_int_attribute(id, "/run", "ranks") == world().size());
  CHECK(io_test::read_string_attribute(id, "/run", "engine") == "optimistic");
  CHECK(io_test::read_double_attribute(id, "/run", "wall_seconds") == doctest::Approx(1.5));
  CHECK(io_test::read_string_attribute(id, "/run", "unit:wall_seconds") == "s");
  const std::string start = io_test::read_string_attribute(id, "/run", "start_time");
  CHECK(start.size() == 24);  // 2026-11-21T10:22:33.123Z
  CHECK(start.back() == 'Z');
  CHECK(io_test::read_double_attribute(id, "/network", "offered_load") == 0.3);
  CHECK(io_test::read_string_attribute(id, "/network", "unit:offered_load") == "flits/node/cycle");
  CHECK_FALSE(io_test::attribute_exists(id, "/", "unit:model"));

  const io_test::DatasetInfo stats = io_test::read_dataset(id, "/run/engine_statistics");
  CHECK(stats.rows == static_cast<std::uint64_t>(world().size()));
  CHECK(stats.members.front() == "rank");

  for (const io::Table& t : results.tables) {
    CAPTURE(t.name());
    const io_test::DatasetInfo d = io_test::read_dataset(id, "/" + t.name());
    CHECK(d.rows == t.rows());
    CHECK(d.unlimited);
    CHECK(d.filters == (io::hdf5::deflate_available() ? 2 : 0));
    std::vector<std::string> names;
    std::vector<std::string> units;
    for (const io::Column& c : t.columns()) {
      names.push_back(c.name);
      units.push_back(c.unit);
    }
    CHECK(d.members == names);
    CHECK(io_test::read_strings(id, "/" + t.name(), "units") == units);
    CHECK(io_test::read_string_attribute(id, "/" + t.name(), "description") == t.description());
    CHECK(io_test::read_strings(id, "/" + t.name(), "key_columns").size() == t.key_columns());
    std::vector<std::uint64_t> expected;
    for (const io::Cell& c : t.cells()) expected.push_back(c.bits);
    CHECK(d.words == expected);
  }
  CHECK(io_test::read_strings(id, "/network/latency_map", "key_columns") ==
        std::vector<std::string>{"router", "port"});
  CHECK(io_test::read_string_attribute(id, "/network/latency_map", "combine") == "sum");
}

TEST_CASE("an existing file is replaced when the new one is complete") {
  const fs::path dir = fresh_directory("replace");
  const std::string path = (dir / "out.h5").string();
  io::write_results(path, combined_sample(), io_test::sample_metadata(world().size()), MPI_COMM_WORLD);
  io::write_results(path, combined_sample(true), io_test::sample_metadata(world().size()), MPI_COMM_WORLD);
  barrier();
  if (world().rank() != 0) return;
  CHECK(entries(dir) == std::vector<std::string>{"out.h5"});
  const io_test::Handle f = io_test::open_read_only(path);
  // perturb adds one packet to node 11: row 11, column "packets".
  CHECK(io_test::read_dataset(f.get(), "/network/nodes").words[11 * 4 + 1] == 13);
}

TEST_CASE("results that break the rules are refused and leave no file") {
  const fs::path dir = fresh_directory("refused");
  const std::string path = (dir / "out.h5").string();
  SUBCASE("an attribute that the metadata writes") {
    io::ResultSet results = combined_sample();
    results.attributes["seed"] = std::int64_t{1};
    CHECK_THROWS_WITH_AS(io::write_results(path, results, io_test::sample_metadata(world().size()),
                                           MPI_COMM_WORLD),
                         doctest::Contains("'seed' is written from the run metadata"),
                         pdes::InvariantError);
  }
  SUBCASE("a table in the reserved group") {
    io::ResultSet results = combined_sample();
    results.tables.emplace_back("run/mine", "d",
                                std::vector<io::Column>{{"id", io::ColumnType::kUInt64, "", ""}}, 1,
                                io::Combine::kConcatenate);
    CHECK_THROWS_AS(io::write_results(path, results, io_test::sample_metadata(world().size()),
                                      MPI_COMM_WORLD),
                    pdes::InvariantError);
  }
  SUBCASE("metadata for another rank count") {
    CHECK_THROWS_WITH_AS(io::write_results(path, combined_sample(),
                                           io_test::sample_metadata(world().size() + 1),
                                           MPI_COMM_WORLD),
                         doctest::Contains("ranks"), pdes::InvariantError);
  }
  SUBCASE("per-rank statistics that do not match the rank count") {
    io::RunMetadata metadata = io_test::sample_metadata(world().size());
    metadata.result.per_rank.push_back(metadata.result.per_rank.back());
    CHECK_THROWS_WITH_AS(io::write_results(path, combined_sample(), metadata, MPI_COMM_WORLD),
                         doctest::Contains("per-rank statistics"), pdes::InvariantError);
  }
  if (world().size() > 1) {
    SUBCASE("each rank's own results instead of the combined ones") {
      const io::ResultSet local = io_test::sample_part(world().rank(), world().size());
      CHECK_THROWS_WITH_AS(io::write_results(path, local, io_test::sample_metadata(world().size()),
                                             MPI_COMM_WORLD),
                           doctest::Contains("differs between ranks"), pdes::InvariantError);
    }
  }
  barrier();
  if (world().rank() == 0) CHECK(entries(dir).empty());
}

TEST_CASE("an HDF5 failure names the file and the object, and leaves no file") {
  const fs::path dir = fresh_directory("failure");
  const std::string path = (dir / "out.h5").string();
  const io::ResultSet results = combined_sample();
  std::string temporary;
  {
    io::ResultsFile file(path, MPI_COMM_WORLD);
    temporary = file.temporary_path();
    CHECK(fs::path(temporary).parent_path() == dir);
    CHECK(fs::path(temporary).filename().string().rfind(".out.h5.partial-", 0) == 0);
    file.write_table(results.tables[0]);
    barrier();
    CHECK(fs::exists(temporary));
    try {
      file.write_table(results.tables[0]);
      FAIL("writing a table twice must fail");
    } catch (const io::hdf5::Hdf5Error& e) {
      CHECK(e.file() == temporary);
      CHECK(e.object() == "/network/nodes");
      CHECK(std::string(e.what()).find("H5Dcreate2 failed") != std::string::npos);
      CHECK(std::string(e.what()).find("already exists") != std::string::npos);
    }
  }
  barrier();
  if (world().rank() == 0) CHECK(entries(dir).empty());
}

TEST_CASE("a file that is not committed is removed") {
  const fs::path dir = fresh_directory("abandoned");
  {
    io::ResultsFile file((dir / "out.h5").string(), MPI_COMM_WORLD);
    file.write_metadata(io_test::sample_metadata(world().size()));
    barrier();
    if (world().rank() == 0) CHECK(entries(dir).size() == 1);
  }
  barrier();
  if (world().rank() == 0) CHECK(entries(dir).empty());
}

TEST_CASE("a directory that does not exist is an HDF5 error naming the path") {
  const std::string path = "/nonexistent-warpnet-dir/out.h5";
  CHECK_THROWS_WITH_AS(io::ResultsFile(path, MPI_COMM_WORLD),
                       doctest::Contains("/nonexistent-warpnet-dir/.out.h5.partial-"),
                       io::hdf5::Hdf5Error);
}
