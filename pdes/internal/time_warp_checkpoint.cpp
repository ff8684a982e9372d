// SPDX-License-Identifier: Apache-2.0
//
// TimeWarpEngine's checkpoints: restart, the barrier, the drain round and the image
// (time_warp_engine.hpp, docs/checkpoint-restart.md).
#include <algorithm>
#include <optional>
#include <vector>

#include "pdes/internal/checkpoint_image.hpp"
#include "pdes/internal/time_warp_engine.hpp"

namespace pdes::internal {

void TimeWarpEngine::start_lps() {
  std::optional<std::vector<std::byte>> image;
  if (model_.checkpointer != nullptr) image = model_.checkpointer->restart_image();
  if (!image) {
    init_lps();
    return;
  }
  const ImageKernel kernel =
      read_image(*image, model_, *model_.record_log,
                 [this](const EventHeader& header, const void* payload) {
                   // Final events of the image: their senders are committed, so no
                   // anti-message can ever come for them.
                   TwEvent* event = state_.pool.allocate();
                   event->header = header;
                   std::memcpy(event->payload(), payload, header.payload_size);
                   state_.pending.push(event);
                 });
  state_.stats = kernel.stats;
  state_.last_committed_time = kernel.last_time;
  max_executed_ = kernel.last_time;
}

std::uint32_t TimeWarpEngine::checkpoint_wish() {
  if (model_.checkpointer == nullptr || checkpoint_phase_ != CheckpointPhase::none) return 0;
  const CheckpointRequest request = model_.checkpointer->poll();
  if (!request.write) return 0;
  return request.stop ? 2 : 1;
}

TimeWarpEngine::Stop TimeWarpEngine::advance_checkpoint(const GvtResult& result) {
  switch (checkpoint_phase_) {
    case CheckpointPhase::none: {
      if (result.checkpoint == 0) return Stop::none;
      // Every rank is between the same two rounds: agree on a barrier above every event any
      // rank has executed, so that no speculative execution needs undoing. Events below it
      // still run; GVT will pass it.
      std::int64_t mine = max_executed_.ticks();
      std::int64_t all = 0;
      MPI_Allreduce(&mine, &all, 1, MPI_INT64_T, MPI_MAX, comm_);
      barrier_ = SimTime{all + 1};
      stop_after_checkpoint_ = result.checkpoint == 2;
      checkpoint_phase_ = CheckpointPhase::barrier;
      return Stop::none;
    }
    case CheckpointPhase::barrier:
      // Once GVT has passed the barrier nothing runs anywhere, but messages sent before may
      // still be in transit: the next round receives every one of them.
      if (gvt_key_.time >= barrier_) checkpoint_phase_ = CheckpointPhase::drain;
      return Stop::none;
    case CheckpointPhase::drain: {
      const bool written = write_checkpoint();
      checkpoint_phase_ = CheckpointPhase::none;
      barrier_ = SimTime::max();
      // Not written: an error on some rank, which the next round reports on every rank.
      return written && stop_after_checkpoint_ ? Stop::checkpointed : Stop::none;
    }
  }
  return Stop::none;
}

bool TimeWarpEngine::write_checkpoint() {
  // Every rank must reach the same decision, so that the collective write matches: a rank with
  // an error (reported in the next round) or, impossibly, with uncommitted events makes every
  // rank skip this checkpoint.
  bool clean = !fatal_;
  if (clean) {
    try {
      fossils_.collect(gvt_key_);
    } catch (...) {
      set_fatal(std::current_exception());
      clean = false;
    }
  }
  if (clean && (state_.uncommitted != 0 || !state_.failed.empty())) {
    set_fatal(std::make_exception_ptr(InvariantError(
        "checkpoint at a state that is not clean: " + std::to_string(state_.uncommitted) +
        " uncommitted events")));
    clean = false;
  }
  int mine_clean = clean ? 1 : 0;
  int all_clean = 0;
  MPI_Allreduce(&mine_clean, &all_clean, 1, MPI_INT, MPI_MIN, comm_);
  if (all_clean == 0) return false;

  // The pending set is emptied to list its live events, then refilled.
  std::vector<TwEvent*> events;
  while (TwEvent* event = state_.pending.top()) {
    state_.pending.pop();
    events.push_back(event);
  }
  std::vector<ImageEvent> listed;
  listed.reserve(events.size());
  for (const TwEvent* event : events) listed.push_back({&event->header, event->payload()});
  const ImageKernel kernel{state_.stats, state_.last_committed_time, model_.num_lps,
                           model_.lps.size(), rank_, 0};
  const std::vector<std::byte> image = write_image(kernel, model_, listed, *model_.record_log);
  for (TwEvent* event : events) state_.pending.push(event);

  std::uint64_t mine = state_.stats.events_committed;
  std::uint64_t committed = 0;
  MPI_Allreduce(&mine, &committed, 1, MPI_UINT64_T, MPI_SUM, comm_);
  model_.checkpointer->write(image, {barrier_, committed, stop_after_checkpoint_});
  return true;
}

}  // namespace pdes::internal
