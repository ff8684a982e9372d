// SPDX-License-Identifier: Apache-2.0
#include "app/collective_errors.hpp"

#include <cstdio>
#include <new>

#include "app/exit_codes.hpp"
#include "pdes/error.hpp"

namespace app {

ErrorClass classify(const std::exception& error) {
  if (dynamic_cast<const pdes::ConfigError*>(&error) != nullptr) {
    return {kExitBadInput, "configuration error"};
  }
  if (dynamic_cast<const pdes::ResourceError*>(&error) != nullptr) {
    return {kExitBadInput, "resource limit reached"};
  }
  if (dynamic_cast<const pdes::InvariantError*>(&error) != nullptr) {
    return {kExitInternal, "internal error (please report it)"};
  }
  if (dynamic_cast<const std::bad_alloc*>(&error) != nullptr) {
    return {kExitFailure, "out of memory"};
  }
  return {kExitFailure, "error"};
}

void print_error(const std::exception& error, int rank) {
  const ErrorClass c = classify(error);
  if (rank >= 0) {
    std::fprintf(stderr, "warpnet: %s on rank %d:\n%s\n", c.kind, rank, error.what());
  } else {
    std::fprintf(stderr, "warpnet: %s:\n%s\n", c.kind, error.what());
  }
  std::fflush(stderr);
}

void agree_on_errors(bool mpi_active, MPI_Comm comm, const std::function<void()>& step) {
  if (!mpi_active) {
    step();
    return;
  }
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::exception_ptr error;
  int code = kExitOk;
  try {
    step();
  } catch (const ErrorReported& e) {
    error = std::current_exception();
    code = e.code();
  } catch (const std::exception& e) {
    error = std::current_exception();
    code = classify(e).code;
  } catch (...) {
    error = std::current_exception();
    code = kExitInternal;
  }
  // How many processes failed, the lowest of them, and its exit code for every process.
  const int failed = error ? 1 : 0;
  int failures = 0;
  MPI_Allreduce(&failed, &failures, 1, MPI_INT, MPI_SUM, comm);
  if (failures == 0) return;
  const int mine = error ? rank : size;
  int origin = size;
  MPI_Allreduce(&mine, &origin, 1, MPI_INT, MPI_MIN, comm);
  MPI_Bcast(&code, 1, MPI_INT, origin, comm);
  if (error) {
    try {
      std::rethrow_exception(error);
    } catch (const ErrorReported&) {
      // printed where it was raised
    } catch (const std::exception& e) {
      // The same error on every process (the same input): once, from rank 0. Otherwise each
      // failing process names itself.
      if (failures < size) {
        print_error(e, rank);
      } else if (rank == 0) {
        print_error(e, -1);
      }
    } catch (...) {
      std::fprintf(stderr, "warpnet: internal error on rank %d: unknown exception\n", rank);
      std::fflush(stderr);
    }
  }
  throw ErrorReported(code);
}

}  // namespace app
