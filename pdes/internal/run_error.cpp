// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/run_error.hpp"

#include <new>
#include <stdexcept>
#include <vector>

#include "pdes/error.hpp"

namespace pdes::internal {

ErrorReport describe_exception(const std::exception_ptr& error) {
  ErrorReport report;
  try {
    std::rethrow_exception(error);
  } catch (const ConfigError& e) {
    report.kind = ErrorKind::config;
    report.key = e.key();
    report.message = e.what();
    const std::string prefix = e.key() + ": ";
    if (!e.key().empty() && report.message.rfind(prefix, 0) == 0) {
      report.message.erase(0, prefix.size());
    }
  } catch (const ResourceError& e) {
    report.kind = ErrorKind::resource;
    report.message = e.what();
  } catch (const InvariantError& e) {
    report.kind = ErrorKind::invariant;
    report.message = e.what();
  } catch (const std::bad_alloc&) {
    report.kind = ErrorKind::failure;
    report.message = "out of memory (std::bad_alloc)";
  } catch (const std::runtime_error& e) {
    report.kind = ErrorKind::failure;
    report.message = e.what();
  } catch (const std::exception& e) {
    report.kind = ErrorKind::invariant;
    report.message = e.what();
  } catch (...) {
    report.kind = ErrorKind::invariant;
    report.message = "unknown exception";
  }
  return report;
}

namespace {
void broadcast_string(MPI_Comm comm, int origin, std::string& text) {
  std::uint64_t length = text.size();
  MPI_Bcast(&length, 1, MPI_UINT64_T, origin, comm);
  text.resize(length);
  if (length > 0) MPI_Bcast(text.data(), static_cast<int>(length), MPI_CHAR, origin, comm);
}
}  // namespace

ErrorReport broadcast_error(MPI_Comm comm, int origin, const ErrorReport& report) {
  ErrorReport out = report;
  auto kind = static_cast<std::int32_t>(out.kind);
  MPI_Bcast(&kind, 1, MPI_INT32_T, origin, comm);
  out.kind = static_cast<ErrorKind>(kind);
  broadcast_string(comm, origin, out.key);
  broadcast_string(comm, origin, out.message);
  return out;
}

void throw_error(const ErrorReport& report) {
  switch (report.kind) {
    case ErrorKind::config:
      throw ConfigError(report.key, report.message);
    case ErrorKind::resource:
      throw ResourceError(report.message);
    case ErrorKind::failure:
      throw std::runtime_error(report.message);
    case ErrorKind::invariant:
      break;
  }
  throw InvariantError(report.message);
}

}  // namespace pdes::internal
