// SPDX-License-Identifier: Apache-2.0
//
// FossilCollector: commit and fossil collection at each new GVT, with commit-time output.
//
// For every local LP with a history it commits the processed events whose key is below GVT,
// oldest first: their buffered records go to the OutputSink, then the LP's on_commit runs
// (records it emits go straight to the sink), the event joins the digest and the committed
// count, and it leaves the remote index. Events no rollback can reach are freed, with their
// saved states (OptimisticLp::fossil_collect).
//
// It is the EngineServices of on_commit, which may emit but not send.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pdes/internal/execution_context.hpp"
#include "pdes/internal/time_warp_rank.hpp"

namespace pdes::internal {

class FossilCollector final : public EngineServices {
 public:
  explicit FossilCollector(TimeWarpRank& rank);

  /// Commits every processed event with key < gvt on this rank.
  void collect(const EventKey& gvt);
  /// Commits every processed event of `lp` with key < `bound` and frees its whole history,
  /// ahead of the next collection: for an LP about to run a safe event (one no straggler can
  /// reach, TimeWarpEngine::execute_safe), whose whole history is earlier and final.
  void collect_lp(OptimisticLp& lp, const EventKey& bound);
  /// Runs on_commit for an event that ran as final (one rank: no straggler can come); the
  /// caller counts it.
  void run_commit_handler(OptimisticLp& lp, TwEvent& event);

  void send_event(const EventHeader& header, const void* payload) override;
  void emit_record(std::uint16_t kind, LpId lp, SimTime time, const void* bytes,
                   std::size_t size) override;

 private:
  void commit(OptimisticLp& lp, TwEvent& event, RingBuffer<StoredRecord>* records,
              std::size_t count);

  TimeWarpRank& rank_;
  ExecutionContext exec_;
};

}  // namespace pdes::internal
