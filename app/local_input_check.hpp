// SPDX-License-Identifier: Apache-2.0
//
// Checking input that each process reads for itself. Most input (the configuration, the
// partition) is read alike by every process, so every process finds the same error and rank 0
// alone reports it (commands.cpp, guarded()). A replay's trace files are different: each
// process reads only the traces of the ranks its LPs simulate (Model::load_local_input), so a
// bad line is found by one process only. Left to itself, that process would leave while the
// others wait forever in the run's first collective; so the check ends with a collective of
// its own: every process learns whether any failed, the ones that did print their message,
// and all of them leave with exit code 2 together, before anything is written.
#pragma once

#include <functional>
#include <stdexcept>

#include <mpi.h>

namespace app {

/// Thrown on every process once a local input error has been printed by the process that
/// found it: guarded() turns it into exit code 2 without printing anything more.
class InputErrorReported : public std::runtime_error {
 public:
  InputErrorReported() : std::runtime_error("an input error was reported") {}
};

/// Runs `read` (which throws pdes::ConfigError for bad input) on every process of `comm`, then
/// agrees on the outcome. Collective when `mpi_active`; otherwise the error simply propagates.
/// Throws InputErrorReported on every process when any process's `read` failed.
void check_local_input(bool mpi_active, MPI_Comm comm, const std::function<void()>& read);

}  // namespace app
