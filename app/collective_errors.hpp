// SPDX-License-Identifier: Apache-2.0
//
// Errors of an MPI run, agreed on by every process, so that a failure on one process ends every
// process promptly with its message and never leaves the others waiting in a collective.
//
// Most input (the configuration, the partition) is read alike by every process, so every
// process finds the same error. But a replay's trace files are read only by the process that
// simulates their ranks (Model::load_local_input), an LP's constructor or on_finish runs on one
// process, an allocation fails on one process: such an error is found by one process only. Left
// to itself, that process would leave while the others wait forever in the run's next
// collective. So the run is cut into steps (commands.cpp), each ending in agree_on_errors():
// every process learns whether any failed; if all did (the same input), rank 0 prints the
// message once, otherwise each failing process prints its own, naming its rank; and every
// process leaves with the exit code of the lowest failing rank (ErrorReported), before anything
// is written. An error outside such a step (writing the results) is printed by its process,
// which then ends the run with MPI_Abort (commands.cpp, guarded()).
#pragma once

#include <exception>
#include <functional>
#include <stdexcept>
#include <string>

#include <mpi.h>

namespace app {

/// Thrown on every process once a run's error has been printed: guarded() turns it into
/// `code()` without printing anything more.
class ErrorReported : public std::runtime_error {
 public:
  explicit ErrorReported(int code) : std::runtime_error("an error was reported"), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

/// How an exception is reported: its exit code (exit_codes.hpp) and what kind of error it is.
struct ErrorClass {
  int code;
  const char* kind;
};
ErrorClass classify(const std::exception& error);

/// Prints "warpnet: KIND[ on rank R]:\nMESSAGE" on stderr (the rank when `rank` >= 0).
void print_error(const std::exception& error, int rank);

/// Runs `step` on every process of `comm`, then agrees on the outcome (collective when
/// `mpi_active`; otherwise the error simply propagates). `step` must not start a collective
/// after a point where it may throw on one process only. Throws ErrorReported on every process
/// when any process's `step` failed.
void agree_on_errors(bool mpi_active, MPI_Comm comm, const std::function<void()>& step);

}  // namespace app
