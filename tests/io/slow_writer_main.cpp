// SPDX-License-Identifier: Apache-2.0
//
// Test helper: writes a results file slowly, table by table, so that a test can kill it in the
// middle (test_hdf5_files.py). Each rank prints "rank R pid P" once the temporary file exists,
// and "rank R done" after the commit.
//
//   mpiexec -n 2 slow_writer out.h5 DELAY_MS TABLES
#include <mpi.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <thread>

#include "io/hdf5/results_file.hpp"
#include "tests/io/sample_results.hpp"

namespace {

io::Table slow_table(int index) {
  char name[32];
  std::snprintf(name, sizeof name, "slow/table_%03d", index);
  io::Table t(name, "a table written slowly",
              {{"id", io::ColumnType::kUInt64, "", "row id"},
               {"value", io::ColumnType::kInt64, "ps", "a value"}},
              1, io::Combine::kConcatenate);
  for (std::uint64_t i = 0; i < 1000; ++i) {
    t.add_row({io::Cell::u64(i), io::Cell::i64(static_cast<std::int64_t>(i) * index)});
  }
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s OUT.h5 DELAY_MS TABLES\n", argv[0]);
    return 2;
  }
  MPI_Init(&argc, &argv);
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const auto delay = std::chrono::milliseconds(std::atoi(argv[2]));
  const int tables = std::atoi(argv[3]);
  try {
    io::ResultsFile file(argv[1], MPI_COMM_WORLD);
    file.write_metadata(io_test::sample_metadata(size));
    std::printf("rank %d pid %ld\n", rank, static_cast<long>(getpid()));
    std::fflush(stdout);
    for (int i = 0; i < tables; ++i) {
      std::this_thread::sleep_for(delay);
      file.write_table(slow_table(i));
    }
    file.commit();
    std::printf("rank %d done\n", rank);
    std::fflush(stdout);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "slow_writer (rank %d): %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
