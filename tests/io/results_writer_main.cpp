// SPDX-License-Identifier: Apache-2.0
//
// Test helper: writes the sample results (tests/io/sample_results.hpp) the way the app does
// (io::distribute, each rank writing its own rows), or with --combined from the combined set
// every rank holds whole (io::combine), on however many ranks it is launched with, so that
// files written on 1, 2 and 3 ranks and both ways can be compared (test_hdf5_files.py).
//
//   mpiexec -n 2 results_writer out.h5 [--perturb] [--combined]
#include <mpi.h>

#include <cstdio>
#include <exception>
#include <string>

#include "io/hdf5/write_results.hpp"
#include "io/results/combine.hpp"
#include "io/results/distribute.hpp"
#include "tests/io/sample_results.hpp"

int main(int argc, char** argv) {
  bool perturb = false;
  bool combined = false;
  bool usage = argc < 2;
  for (int i = 2; i < argc; ++i) {
    const std::string option = argv[i];
    if (option == "--perturb") {
      perturb = true;
    } else if (option == "--combined") {
      combined = true;
    } else {
      usage = true;
    }
  }
  if (usage) {
    std::fprintf(stderr, "usage: %s OUT.h5 [--perturb] [--combined]\n", argv[0]);
    return 2;
  }
  MPI_Init(&argc, &argv);
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  try {
    const io::ResultSet part = io_test::sample_part(rank, size, perturb);
    if (combined) {
      io::write_results(argv[1], io::combine(part, MPI_COMM_WORLD),
                        io_test::sample_metadata(size), MPI_COMM_WORLD);
    } else {
      io::write_results(argv[1], io::distribute(part, MPI_COMM_WORLD),
                        io_test::sample_metadata(size), MPI_COMM_WORLD);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "results_writer (rank %d): %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
