// SPDX-License-Identifier: Apache-2.0
//
// RollbackManager: stragglers, rollbacks and cancellation (anti-messages) on one rank.
//
//   deliver(e)   an event for a local LP (sent locally or received from another rank); if it
//                sorts before the LP's newest processed event it is a straggler and the LP is
//                rolled back first (a primary rollback);
//   cancel(e)    annihilates a local event: if pending it is only marked (lazy deletion); if
//                already processed its LP is rolled back to just before it (a secondary
//                rollback);
//   rollback()   undoes an LP's processed events from a key on: restores the saved state,
//                coasts forward, puts the undone events back in the pending set, and cancels
//                what they sent — locally through a work list, remotely by anti-messages.
//
// Cancellations cascade (a cancelled event's rollback cancels what it sent). The cascade runs
// from an explicit work list, not by recursion, and every public call returns only when the
// list is empty. A cascade never reaches back to the LP whose event triggered it at or before
// that event: everything it undoes was sent at a later time (delays are at least one tick).
//
// Also here: the bookkeeping of a handler that threw (undo_failed_execution, park,
// clear_failure), since that is a rollback of one event.
#pragma once

#include <cstddef>
#include <exception>
#include <vector>

#include "pdes/internal/execution_context.hpp"
#include "pdes/internal/mpi_transport.hpp"
#include "pdes/internal/time_warp_rank.hpp"

namespace pdes::internal {

enum class RollbackCause { straggler, cancellation, forced };

class RollbackManager {
 public:
  RollbackManager(TimeWarpRank& rank, MpiTransport& transport);

  /// Queues `event`, rolling its LP back first if it is a straggler. `key` is a copy of the
  /// event's key from outside its block (PendingSet::push).
  void deliver(TwEvent* event, const EventKey& key) {
    // Inline for the usual case, an event above every history with no cancellation pending:
    // nothing to roll back, only a push.
    if (!(key < rank_.executed_bound) && work_.empty()) {
      rank_.pending.push(event, key);
      return;
    }
    deliver_late(event, key);
  }
  void cancel(TwEvent* event);
  void rollback(OptimisticLp& lp, const EventKey& key, RollbackCause cause);

  /// Takes `event`, whose handler threw, off the LP's history (restoring the state from before
  /// it) and parks it as the LP's failure.
  void undo_failed_execution(OptimisticLp& lp, TwEvent* event, std::exception_ptr error);
  /// Holds back an event of a failed LP.
  void park(OptimisticLp& lp, TwEvent* event);
  /// Forgets the LP's failure and returns its parked events to the pending set.
  void clear_failure(OptimisticLp& lp);

 private:
  /// Discards sends and records: coast-forward re-executes events whose effects are in place.
  class DiscardingServices final : public EngineServices {
   public:
    void send_event(const EventHeader&, const void*) override {}
    void emit_record(std::uint16_t, LpId, SimTime, const void*, std::size_t) override {}
  };

  std::size_t rollback_now(OptimisticLp& lp, const EventKey& key, RollbackCause cause);
  void cancel_now(TwEvent* event);
  void coast_forward(OptimisticLp& lp, TwEvent* from, std::size_t count);
  void run_work_list();

  /// deliver() for an event that may be a straggler.
  void deliver_late(TwEvent* event, const EventKey& key);

  TimeWarpRank& rank_;
  MpiTransport& transport_;
  DiscardingServices discard_;
  ExecutionContext coast_exec_;
  std::vector<TwEvent*> undone_;
  std::vector<RemoteSent> cancelled_remote_;
  std::vector<TwEvent*> work_;  ///< local events to cancel
  bool running_work_ = false;
};

}  // namespace pdes::internal
