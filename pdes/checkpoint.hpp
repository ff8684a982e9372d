// SPDX-License-Identifier: Apache-2.0
//
// Checkpointer: where an engine's checkpoints go, and where a restart reads one from
// (docs/checkpoint-restart.md). The kernel decides *when* a rank's state is clean enough to
// save and what is in it (every local LP's State and LpClock, the pending events, the engine's
// statistics and the committed output records); a Checkpointer decides *whether* one is wanted
// (a wall-clock period, a signal) and stores the bytes (io/ writes them atomically, with a
// manifest and checksums).
//
//   app::CheckpointControl control(...);   // implements pdes::Checkpointer
//   sim.set_checkpointer(&control);
//   pdes::RunResult r = sim.run();         // r.reason == TerminationReason::checkpointed: stopped
//
// Checkpoints are taken at a committed GVT: in the optimistic engine every rank first stops
// speculating beyond a common time, lets GVT pass it and drains the network, so that the image
// holds no speculative state, no history and no message in transit. A restart continues from
// it with the same engine on the same rank count and gives bit-identical results.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "pdes/sim_time.hpp"

namespace pdes {

/// What a rank wants, polled between events.
struct CheckpointRequest {
  bool write = false;  ///< write a checkpoint now
  bool stop = false;   ///< ...and end the run after it (TerminationReason::checkpointed)
};

/// Where the checkpoint stands, the same on every rank.
struct CheckpointInfo {
  /// Every event before this time is committed; none at or after it has run.
  SimTime time;
  std::uint64_t events_committed = 0;  ///< summed over ranks
  bool stop = false;                   ///< the run ends after this checkpoint
};

class Checkpointer {
 public:
  virtual ~Checkpointer() = default;
  /// This rank's wish. Called often (the sequential engine every few thousand events, the
  /// optimistic engine once per GVT round), so it must be cheap and must not call MPI. The
  /// ranks' wishes are combined (any rank asking is enough).
  virtual CheckpointRequest poll() = 0;
  /// Stores this rank's image durably. Collective: every rank calls it for every checkpoint.
  virtual void write(std::span<const std::byte> image, const CheckpointInfo& info) = 0;
  /// The verified image this rank resumes from, or nullopt for a fresh start. Called once,
  /// before any LP runs; collective.
  virtual std::optional<std::vector<std::byte>> restart_image() = 0;
};

}  // namespace pdes
