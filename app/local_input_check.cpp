// SPDX-License-Identifier: Apache-2.0
#include "app/local_input_check.hpp"

#include <cstdio>

#include "pdes/error.hpp"

namespace app {

void check_local_input(bool mpi_active, MPI_Comm comm, const std::function<void()>& read) {
  if (!mpi_active) {
    read();
    return;
  }
  int failed = 0;
  try {
    read();
  } catch (const pdes::ConfigError& e) {
    // Printed here, by the process that read the file: rank 0 never saw it.
    std::fprintf(stderr, "warpnet: configuration error:\n%s\n", e.what());
    std::fflush(stderr);
    failed = 1;
  }
  // Any other exception is a bug or a system failure: it stays the caller's (an abort), as a
  // process that cannot join this collective must not leave the others waiting in it.
  int any_failed = 0;
  MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, comm);
  if (any_failed != 0) throw InputErrorReported();
}

}  // namespace app
