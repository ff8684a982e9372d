// SPDX-License-Identifier: Apache-2.0
#include "app/mpi_session.hpp"

#include <mpi.h>

#include <cstdlib>
#include <string>

namespace app {

namespace {
const char* first_env(std::initializer_list<const char*> names) {
  for (const char* name : names) {
    if (const char* value = std::getenv(name)) return value;
  }
  return nullptr;
}
}  // namespace

bool launched_by_mpi() {
  return first_env({"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"}) != nullptr;
}

int launcher_rank() {
  const char* value = first_env({"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"});
  return value != nullptr ? std::atoi(value) : 0;
}

MpiSession::MpiSession(bool needed) {
  if (!needed) return;
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SINGLE, &provided);
  active_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() {
  if (active_) MPI_Finalize();
}

}  // namespace app
