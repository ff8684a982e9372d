// SPDX-License-Identifier: Apache-2.0
//
// RunError: carrying an error from the rank where it happened to every rank, so that all
// ranks of an optimistic run leave Simulation::run with the same exception instead of the
// others waiting forever in a collective.
//
// The failing rank describes its exception (kind, configuration key, message); the engine
// stops every rank at the same GVT round, broadcasts the description from that rank, and
// every rank throws the same kind of pdes error with the same message. Kinds map to the
// error classes of pdes/error.hpp; a failed allocation or another std::runtime_error becomes a
// std::runtime_error, any other exception an InvariantError.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <exception>
#include <string>

namespace pdes::internal {

/// failure: the run failed for a reason outside the model and its input (out of memory, a
/// system error: a std::bad_alloc or a std::runtime_error that is no pdes error); rethrown as a
/// std::runtime_error.
enum class ErrorKind : std::int32_t { config = 1, resource = 2, invariant = 3, failure = 4 };

struct ErrorReport {
  ErrorKind kind = ErrorKind::invariant;
  std::string key;      ///< ConfigError::key(), else empty
  std::string message;  ///< without the key prefix
};

ErrorReport describe_exception(const std::exception_ptr& error);
/// `report` is significant on `origin` only; returns origin's report on every rank.
ErrorReport broadcast_error(MPI_Comm comm, int origin, const ErrorReport& report);
[[noreturn]] void throw_error(const ErrorReport& report);

}  // namespace pdes::internal
