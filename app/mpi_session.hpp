// SPDX-License-Identifier: Apache-2.0
//
// MpiSession: initialises MPI when the run needs it and finalises it on scope exit.
//
// MPI is started when the process was launched by mpirun/srun (so that every rank sees the
// same world and a misuse such as a sequential run on 4 ranks is reported), or when the
// optimistic engine is requested on its own (singleton). A plain sequential run does not pay
// MPI's start-up time.
#pragma once

namespace app {

/// Whether an MPI launcher started this process (Open MPI, PMIx, Slurm).
bool launched_by_mpi();

/// This process's rank as told by the launcher's environment (0 when not launched by MPI);
/// usable before MPI_Init, to print configuration errors once.
int launcher_rank();

class MpiSession {
 public:
  explicit MpiSession(bool needed);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  bool active() const { return active_; }
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  bool active_ = false;
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace app
