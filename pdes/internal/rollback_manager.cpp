// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/rollback_manager.hpp"

#include <algorithm>
#include <string>

#include "pdes/error.hpp"
#include "pdes/journaled_deque.hpp"

namespace pdes::internal {

namespace {
std::string describe_key(const EventKey& key) {
  return "time " + std::to_string(key.time.ticks()) + " from LP " +
         std::to_string(key.sender.value()) + " (sequence " + std::to_string(key.sequence) + ")";
}
}  // namespace

RollbackManager::RollbackManager(TimeWarpRank& rank, MpiTransport& transport)
    : rank_(rank), transport_(transport) {
  coast_exec_.seed = rank.config.seed;
  coast_exec_.services = &discard_;
}

void RollbackManager::deliver_late(TwEvent* event, const EventKey& key) {
  // A rank runs its events in key order, so an event it sends itself lies above every history
  // (TimeWarpRank::executed_bound); only a remote event or the child of a straggler can be late.
  if (key < rank_.executed_bound) {
    OptimisticLp& lp = rank_.lp_of(event->header.dest);
    const EventKey* last = lp.last_key();
    if (last != nullptr && key < *last) rollback_now(lp, key, RollbackCause::straggler);
  }
  rank_.pending.push(event, key);
  run_work_list();
}

void RollbackManager::cancel(TwEvent* event) {
  cancel_now(event);
  run_work_list();
}

void RollbackManager::rollback(OptimisticLp& lp, const EventKey& key, RollbackCause cause) {
  rollback_now(lp, key, cause);
  run_work_list();
}

void RollbackManager::run_work_list() {
  if (running_work_) return;
  running_work_ = true;
  while (!work_.empty()) {
    TwEvent* event = work_.back();
    work_.pop_back();
    cancel_now(event);
  }
  running_work_ = false;
}

std::size_t RollbackManager::rollback_now(OptimisticLp& lp, const EventKey& key,
                                          RollbackCause cause) {
  undone_.clear();
  cancelled_remote_.clear();
  const std::size_t local_before = work_.size();
  const OptimisticLp::Undo undo = lp.rollback(key, undone_, work_, cancelled_remote_);
  if (undo.undone == 0) return 0;

  EngineStatistics& stats = rank_.stats;
  stats.events_rolled_back += undo.undone;
  if (cause == RollbackCause::cancellation) {
    ++stats.secondary_rollbacks;
  } else {
    ++stats.primary_rollbacks;
  }
  rank_.uncommitted -= undo.undone;
  for (TwEvent* event : undone_) rank_.pending.push(event);
  coast_forward(lp, undo.coast_from, undo.coast);

  // Local children are cancelled from the work list; remote ones by anti-messages.
  stats.anti_messages += work_.size() - local_before + cancelled_remote_.size();
  for (const RemoteSent& sent : cancelled_remote_) {
    transport_.send_anti_message(rank_.rank_of(sent.dest), sent.key, sent.dest);
  }
  if (lp.failure() != nullptr) clear_failure(lp);
  return undo.undone;
}

void RollbackManager::cancel_now(TwEvent* event) {
  switch (event->status) {
    case TwStatus::pending:
      event->status = TwStatus::cancelled;
      return;
    case TwStatus::processed: {
      PDES_CHECK(!event->committed,
                 "cancellation of a committed event at " + describe_key(event->header.key));
      OptimisticLp& lp = rank_.lp_of(event->header.dest);
      rollback_now(lp, event->header.key, RollbackCause::cancellation);
      PDES_CHECK(event->status == TwStatus::pending, "a cancelled event was not rolled back");
      event->status = TwStatus::cancelled;
      return;
    }
    case TwStatus::parked: {
      OptimisticLp& lp = rank_.lp_of(event->header.dest);
      event->status = TwStatus::cancelled;
      // Cancelling the failed event itself lifts the failure; other parked events simply
      // stay parked, marked, until the failure is cleared.
      if (lp.failure() != nullptr && lp.failure()->key == event->header.key) clear_failure(lp);
      return;
    }
    case TwStatus::cancelled:
      break;
  }
  PDES_CHECK(false, "event at " + describe_key(event->header.key) + " for LP " +
                        std::to_string(event->header.dest.value()) + " cancelled twice");
}

void RollbackManager::coast_forward(OptimisticLp& lp, TwEvent* from, std::size_t count) {
  if (count == 0) return;
  // The events re-executed here stay in the LP's history: their journaled writes must be
  // logged, even when a safe event's send (which runs with journal::final_writes) caused
  // this rollback. Without this a later rollback of the same LP kept their writes (a wrong
  // digest in about 1 run in 10 on 4 ranks, session 10).
  journal::FinalWritesScope logged(false);
  LpRuntime& runtime = lp.runtime();
  coast_exec_.self = lp.id();
  coast_exec_.clock = &runtime.clock();
  coast_exec_.payload_type = runtime.payload_type();
  TwEvent* event = from;
  for (std::size_t i = 0; i < count; ++i, event = event->next) {
    coast_exec_.now = event->header.key.time;
    try {
      runtime.execute(event->payload(), coast_exec_);
    } catch (const std::exception& e) {
      throw InvariantError("LP " + std::to_string(lp.id().value()) +
                           ": re-executing the event at " + describe_key(event->header.key) +
                           " after a rollback threw, though its first execution did not (" +
                           e.what() +
                           "); a handler must depend only on its State, the event and the "
                           "Context (run the rollback-check engine to find out more)");
    }
  }
}

void RollbackManager::undo_failed_execution(OptimisticLp& lp, TwEvent* event,
                                            std::exception_ptr error) {
  // What the handler sent before it threw was delivered: cancel it like a rollback would.
  undone_.clear();
  cancelled_remote_.clear();
  const std::size_t local_before = work_.size();
  const OptimisticLp::Undo undo = lp.rollback(event->header.key, undone_, work_, cancelled_remote_);
  PDES_CHECK(undo.undone == 1 && undone_.front() == event,
             "a failed execution was not the newest event of its LP");
  rank_.uncommitted -= 1;
  coast_forward(lp, undo.coast_from, undo.coast);
  rank_.stats.anti_messages += work_.size() - local_before + cancelled_remote_.size();
  for (const RemoteSent& sent : cancelled_remote_) {
    transport_.send_anti_message(rank_.rank_of(sent.dest), sent.key, sent.dest);
  }
  event->status = TwStatus::parked;
  auto failure = std::make_unique<LpFailure>();
  failure->key = event->header.key;
  failure->error = std::move(error);
  failure->parked.push_back(event);
  lp.set_failure(std::move(failure));
  rank_.failed.push_back(rank_.index_of(lp.id()));
  run_work_list();
}

void RollbackManager::park(OptimisticLp& lp, TwEvent* event) {
  event->status = TwStatus::parked;
  lp.failure()->parked.push_back(event);
}

void RollbackManager::clear_failure(OptimisticLp& lp) {
  std::unique_ptr<LpFailure> failure = lp.take_failure();
  for (TwEvent* event : failure->parked) {
    if (event->status == TwStatus::cancelled) {
      rank_.pool.release(event);
    } else {
      rank_.pending.push(event);
    }
  }
  auto& failed = rank_.failed;
  failed.erase(std::find(failed.begin(), failed.end(), rank_.index_of(lp.id())));
}

}  // namespace pdes::internal
