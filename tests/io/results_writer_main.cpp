// SPDX-License-Identifier: Apache-2.0
//
// Test helper: writes the sample results (tests/io/sample_results.hpp) the way the app does,
// on however many ranks it is launched with, so that files written on 1, 2 and 3 ranks can be
// compared (test_hdf5_files.py).
//
//   mpiexec -n 2 results_writer out.h5 [--perturb]
#include <mpi.h>

#include <cstdio>
#include <exception>
#include <string>

#include "io/hdf5/write_results.hpp"
#include "io/results/combine.hpp"
#include "tests/io/sample_results.hpp"

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3 || (argc == 3 && std::string(argv[2]) != "--perturb")) {
    std::fprintf(stderr, "usage: %s OUT.h5 [--perturb]\n", argv[0]);
    return 2;
  }
  MPI_Init(&argc, &argv);
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  try {
    const io::ResultSet all =
        io::combine(io_test::sample_part(rank, size, argc == 3), MPI_COMM_WORLD);
    io::write_results(argv[1], all, io_test::sample_metadata(size), MPI_COMM_WORLD);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "results_writer (rank %d): %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
