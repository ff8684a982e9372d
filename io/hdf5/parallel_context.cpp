// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/parallel_context.hpp"

#include <climits>
#include <cstring>

#include "pdes/error.hpp"

namespace io::hdf5 {

ParallelContext::ParallelContext(MPI_Comm comm) {
  int initialized = 0;
  int finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized != 0 && finalized == 0) {
    mpi_ = true;
    comm_ = comm;
    MPI_Comm_rank(comm, &rank_);
    MPI_Comm_size(comm, &size_);
  }
}

bool ParallelContext::all(bool local) const {
  if (!mpi_) return local;
  int in = local ? 1 : 0;
  int out = 0;
  MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_LAND, comm_);
  return out != 0;
}

bool ParallelContext::same_everywhere(std::uint64_t value) const {
  if (!mpi_) return true;
  std::uint64_t in[2] = {value, ~value};
  std::uint64_t out[2] = {0, 0};
  // max(v) and max(~v) = ~min(v): one reduction gives both ends of the range.
  MPI_Allreduce(in, out, 2, MPI_UINT64_T, MPI_MAX, comm_);
  return out[0] == ~out[1];
}

std::uint64_t ParallelContext::broadcast(std::uint64_t value) const {
  if (mpi_) MPI_Bcast(&value, 1, MPI_UINT64_T, 0, comm_);
  return value;
}

void ParallelContext::broadcast(std::vector<std::uint64_t>& words) const {
  if (!mpi_) return;
  const std::uint64_t n = broadcast(static_cast<std::uint64_t>(words.size()));
  if (n > static_cast<std::uint64_t>(INT_MAX)) {
    throw pdes::ResourceError("run metadata too large to broadcast");
  }
  words.resize(static_cast<std::size_t>(n));
  MPI_Bcast(words.data(), static_cast<int>(n), MPI_UINT64_T, 0, comm_);
}

std::string ParallelContext::broadcast(const std::string& text) const {
  if (!mpi_) return text;
  std::vector<std::uint64_t> words((text.size() + 7) / 8, 0);
  if (rank_ == 0 && !text.empty()) std::memcpy(words.data(), text.data(), text.size());
  const std::uint64_t size = broadcast(static_cast<std::uint64_t>(text.size()));
  broadcast(words);
  return std::string(reinterpret_cast<const char*>(words.data()), static_cast<std::size_t>(size));
}

}  // namespace io::hdf5
