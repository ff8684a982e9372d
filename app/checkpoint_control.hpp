// SPDX-License-Identifier: Apache-2.0
//
// CheckpointControl: the warpnet CLI's pdes::Checkpointer (docs/checkpoint-restart.md).
//
// Asks for a checkpoint every `every_seconds` of wall time (0: never by the clock) and, with
// stop, on SIGTERM/SIGUSR1 (checkpoint_signals.hpp); after `stop_after` checkpoints (0: no
// limit) the run stops too. Images go to `directory` (io::CheckpointDirectory); a restart
// reads the one in `restart_from`. Rank 0 reports each checkpoint on stderr.
#pragma once

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "app/progress_line.hpp"
#include "io/checkpoint/checkpoint_directory.hpp"
#include "pdes/checkpoint.hpp"

namespace app {

struct CheckpointOptions {
  std::string directory;     ///< --checkpoint-dir ("" : write none)
  double every_seconds = 0;  ///< --checkpoint-every
  std::uint64_t stop_after = 0;  ///< --checkpoint-stop-after
  std::string restart_from;  ///< --restart ("" : fresh start)
};

class CheckpointControl final : public pdes::Checkpointer {
 public:
  /// Reads and checks the restart manifest at once (collective; throws pdes::ConfigError).
  /// `first_generation` continues the numbering of a resumed checkpoint.
  CheckpointControl(const CheckpointOptions& options, io::CheckpointIdentity identity,
                    MPI_Comm comm, std::int64_t ticks_per_unit, std::string unit,
                    ProgressLine* progress);

  pdes::CheckpointRequest poll() override;
  void write(std::span<const std::byte> image, const pdes::CheckpointInfo& info) override;
  std::optional<std::vector<std::byte>> restart_image() override;

  /// The manifest the run resumed from, if any.
  const std::optional<io::CheckpointManifest>& resumed() const { return resumed_; }

 private:
  using Clock = std::chrono::steady_clock;

  CheckpointOptions options_;
  io::CheckpointIdentity identity_;
  MPI_Comm comm_;
  int rank_ = 0;
  std::int64_t ticks_per_unit_;
  std::string unit_;
  ProgressLine* progress_;
  std::optional<io::CheckpointDirectory> out_;
  std::optional<io::CheckpointDirectory> in_;
  std::optional<io::CheckpointManifest> resumed_;
  std::uint64_t next_generation_ = 1;
  std::uint64_t written_ = 0;
  Clock::time_point next_due_;
};

}  // namespace app
