// SPDX-License-Identifier: Apache-2.0
//
// OptimisticLp: the optimistic engine's history of one local LP — what it must keep to undo
// speculative work, and what it hands out when GVT makes that work final.
//
// It holds, oldest first:
//   - the processed events (TwEvent*), in key order;
//   - the sent log: one SentEntry per event sent by a processed event (what to cancel when
//     that event is rolled back);
//   - the record log: records emitted by processed events, waiting for commit;
//   - the saved states, inside the LpRuntime (copy state saving).
//
// State saving is periodic (KernelConfig::state_save_period = k): the state is copied before
// the first event after a fossil collection emptied the history and then before every k-th
// event. A rollback restores the newest copy taken at or before the first undone event and
// re-executes ("coasts forward" over) the events between that copy and the undone event; the
// engine runs them with sends and records suppressed, since their effects are already in
// place. k = 1 saves before every event and never coasts.
//
// Invariants:
//   - processed[0], when present, carries a saved state (snapshot_before);
//   - the i-th saved state in the LpRuntime belongs to the i-th processed event with
//     snapshot_before set;
//   - processed[0 .. committed_) are committed events kept only as the start of a coast-forward
//     (fossil collection frees everything older than the newest saved state at or before the
//     first uncommitted event).
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <vector>

#include "pdes/internal/event.hpp"
#include "pdes/internal/lp_runtime.hpp"
#include "pdes/internal/ring_buffer.hpp"
#include "pdes/internal/tw_event.hpp"

namespace pdes::internal {

/// One event sent by a processed event: enough to cancel it.
struct SentEntry {
  EventKey key;
  LpId dest;
  TwEvent* local = nullptr;  ///< the event itself when its destination is on this rank
};

/// A record emitted by a processed event, waiting for commit.
struct StoredRecord {
  std::uint16_t kind = 0;
  SimTime time;
  std::vector<std::byte> bytes;
};

/// The first event of an LP whose handler threw. The LP executes nothing at or after it until
/// its history changes below it (a straggler, or the event's cancellation); if GVT reaches it,
/// the error is real and the run stops with it.
struct LpFailure {
  EventKey key;
  std::exception_ptr error;
  std::vector<TwEvent*> parked;  ///< events of this LP held back, the failed one among them
};

class OptimisticLp {
 public:
  /// `saved_state_bytes` is the rank's running total of bytes held in saved states.
  OptimisticLp(LpRuntime& runtime, std::uint64_t* saved_state_bytes)
      : runtime_(&runtime), state_bytes_(runtime.state_size()), saved_bytes_(saved_state_bytes) {}

  LpRuntime& runtime() { return *runtime_; }
  LpId id() const { return runtime_->id(); }

  std::size_t processed_count() const { return processed_.size(); }
  std::size_t uncommitted_count() const { return processed_.size() - committed_; }
  TwEvent* processed(std::size_t i) { return processed_[i]; }
  /// Key of the newest processed event, or nullptr.
  const EventKey* last_key() const {
    return processed_.empty() ? nullptr : &processed_.back()->header.key;
  }
  /// Saved states held (for memory accounting).
  std::size_t snapshot_count() const { return runtime_->snapshot_count(); }

  // --- execution --------------------------------------------------------------------------
  bool snapshot_due(std::uint32_t period) const {
    return processed_.empty() || since_snapshot_ >= period;
  }
  /// Appends `event` to the history before its handler runs, saving the state first if
  /// `save_state`. Sends and records of the execution are then added with add_sent and
  /// add_record.
  void begin(TwEvent* event, bool save_state);
  void add_sent(const SentEntry& entry) {
    sent_.push_back(entry);
    ++processed_.back()->sent_count;
  }
  void add_record(std::uint16_t kind, SimTime time, const void* bytes, std::size_t size);

  // --- rollback ---------------------------------------------------------------------------
  struct Undo {
    std::size_t undone = 0;  ///< events taken off the history (appended to `events`)
    std::size_t coast = 0;   ///< events to re-execute: the last `coast` of the history
  };
  /// Undoes every processed event with key >= `key` (none can be committed): appends them to
  /// `events`, newest first, and their sent-log entries to `cancelled`; drops their records;
  /// restores the newest saved state at or before the first of them. The caller then
  /// re-executes the last `coast` events of the history with output suppressed.
  Undo rollback(const EventKey& key, std::vector<TwEvent*>& events,
                std::vector<SentEntry>& cancelled);

  // --- fossil collection ------------------------------------------------------------------
  /// Commits, oldest first, every processed event with key < gvt: calls
  /// commit(event, records, record_count) where the event's records are records[0, count),
  /// then forgets its sent log and records. Frees (release(event)) every event no rollback can
  /// need any more. Returns the number of events committed.
  template <class Commit, class Release>
  std::size_t fossil_collect(const EventKey& gvt, Commit&& commit, Release&& release);

  // --- failed handler ---------------------------------------------------------------------
  LpFailure* failure() { return failure_.get(); }
  void set_failure(std::unique_ptr<LpFailure> failure) { failure_ = std::move(failure); }
  std::unique_ptr<LpFailure> take_failure() { return std::move(failure_); }

  /// Whether the LP is in the engine's list of LPs with uncommitted history.
  bool listed = false;

 private:
  static constexpr std::size_t kMinCapacity = 16;

  LpRuntime* runtime_;
  std::size_t state_bytes_;
  std::uint64_t* saved_bytes_;
  RingBuffer<TwEvent*> processed_;
  RingBuffer<SentEntry> sent_;
  RingBuffer<StoredRecord> records_;
  std::size_t committed_ = 0;        ///< committed events still at the front of processed_
  std::uint32_t since_snapshot_ = 0; ///< events executed since the newest saved state
  std::unique_ptr<LpFailure> failure_;
};

template <class Commit, class Release>
std::size_t OptimisticLp::fossil_collect(const EventKey& gvt, Commit&& commit,
                                         Release&& release) {
  const std::size_t n = processed_.size();
  std::size_t c = committed_;
  while (c < n && processed_[c]->header.key < gvt) {
    TwEvent* event = processed_[c];
    commit(*event, records_, static_cast<std::size_t>(event->record_count));
    records_.pop_front(event->record_count);
    sent_.pop_front(event->sent_count);
    event->record_count = 0;
    event->sent_count = 0;
    event->committed = true;
    ++c;
  }
  const std::size_t newly_committed = c - committed_;
  committed_ = c;
  if (newly_committed == 0) return 0;

  // Keep what a rollback to the first uncommitted event would coast from.
  std::size_t keep_from = c;
  if (c < n) {
    while (!processed_[keep_from]->snapshot_before) --keep_from;
  }
  std::size_t saved_states = 0;
  for (std::size_t i = 0; i < keep_from; ++i) {
    if (processed_[i]->snapshot_before) ++saved_states;
    release(processed_[i]);
  }
  processed_.pop_front(keep_from);
  committed_ -= keep_from;
  runtime_->drop_oldest_snapshots(saved_states);
  *saved_bytes_ -= saved_states * state_bytes_;
  if (processed_.empty()) {
    processed_.shrink_if_sparse(kMinCapacity);
    sent_.shrink_if_sparse(kMinCapacity);
    records_.shrink_if_sparse(kMinCapacity);
    runtime_->shrink_snapshots();
  }
  return newly_committed;
}

}  // namespace pdes::internal
