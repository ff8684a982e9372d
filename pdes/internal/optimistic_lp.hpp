// SPDX-License-Identifier: Apache-2.0
//
// OptimisticLp: the optimistic engine's history of one local LP — what it must keep to undo
// speculative work, and what it hands out when GVT makes that work final.
//
// The history is a list of the LP's processed events in key order, linked through the events
// (TwEvent::next), oldest first. Each event carries what its execution did: the local events
// it sent (its child list), how many remote sends it logged in the LP's remote log, and how
// many records it emitted into the LP's record log. Those two logs, and a failure, live in
// LpExtras, allocated only for LPs that use them; the hot part of an OptimisticLp fits in one
// cache line.
//
// State saving is periodic (KernelConfig::state_save_period = k): (State, LpClock) is copied
// before the first event of an empty history and then before every k-th event — into the
// event block when the State is small and trivially copyable (inline), else into the
// LpRuntime's snapshot ring. A rollback restores the newest copy taken at or before the first
// undone event and re-executes ("coasts forward" over) the events between that copy and the
// undone event; the engine runs them with sends and records suppressed, since their effects
// are in place. k = 1 saves before every event and never coasts.
//
// Invariants:
//   - the oldest event of the history, when there is one, carries a saved state;
//   - with ring saving, the i-th ring snapshot belongs to the i-th event with snapshot_before;
//   - the oldest history_size() - uncommitted_count() events are committed events kept only as
//     the start of a coast-forward (fossil collection frees everything older than the newest
//     saved state at or before the first uncommitted event).
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

/// An event sent to another rank by a processed event: enough for an anti-message.
struct RemoteSent {
  EventKey key;
  LpId dest;
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

/// The parts of an LP's history that many LPs never need.
struct LpExtras {
  RingBuffer<RemoteSent> remote_sent;
  RingBuffer<StoredRecord> records;
  std::unique_ptr<LpFailure> failure;
};

class alignas(64) OptimisticLp {
 public:
  /// `snapshot_offset`: where inline snapshots go in an event block (0: use the snapshot ring,
  /// whose bytes are added to `*ring_bytes`).
  OptimisticLp(LpRuntime& runtime, std::size_t snapshot_offset, std::uint64_t* ring_bytes);

  LpRuntime& runtime() { return *runtime_; }
  LpId id() const { return runtime_->id(); }

  std::size_t history_size() const { return count_; }
  std::size_t uncommitted_count() const { return uncommitted_; }
  TwEvent* oldest() { return head_; }
  /// The oldest event not yet committed, or nullptr: where fossil collection starts.
  const TwEvent* first_uncommitted() const { return first_uncommitted_; }
  /// Key of the newest processed event, or nullptr.
  const EventKey* last_key() const { return tail_ == nullptr ? nullptr : &tail_->header.key; }

  // --- execution --------------------------------------------------------------------------
  /// Whether its states are saved into the LpRuntime's snapshot ring (else inline).
  bool uses_snapshot_ring() const { return snapshot_offset_ == 0; }
  bool snapshot_due(std::uint32_t period) const {
    return head_ == nullptr || since_snapshot_ >= period;
  }
  /// Appends `event` to the history before its handler runs, saving the state first if
  /// `save_state`. What the execution does is then added with the add_* calls.
  void begin(TwEvent* event, bool save_state);
  void add_local_child(TwEvent* child) {
    child->next_sibling = tail_->first_child;
    tail_->first_child = child;
  }
  void add_remote_sent(const EventKey& key, LpId dest);
  void add_record(std::uint16_t kind, SimTime time, const void* bytes, std::size_t size);

  // --- rollback ---------------------------------------------------------------------------
  struct Undo {
    std::size_t undone = 0;         ///< events taken off the history (appended to `events`)
    std::size_t coast = 0;          ///< events to re-execute, starting with...
    TwEvent* coast_from = nullptr;  ///< ...this one, following `next`
  };
  /// Undoes every processed event with key >= `key` (none can be committed): appends them to
  /// `events`, the local events they sent to `local`, their remote sends to `remote`; drops
  /// their records; restores the newest saved state at or before the first of them. The
  /// caller then re-executes the `coast` events from `coast_from`, output suppressed.
  Undo rollback(const EventKey& key, std::vector<TwEvent*>& events, std::vector<TwEvent*>& local,
                std::vector<RemoteSent>& remote);

  // --- fossil collection ------------------------------------------------------------------
  /// Commits, oldest first, every processed event with key < gvt: calls
  /// commit(event, records, count), the event's records being (*records)[0, count) (records
  /// is nullptr when count is 0), then forgets its logs. Frees (release(event)) every event no
  /// rollback can need any more. Returns the number of events committed.
  template <class Commit, class Release>
  std::size_t fossil_collect(const EventKey& gvt, Commit&& commit, Release&& release);

  /// Frees (release(event)) the committed events kept as the start of a coast-forward, when
  /// no uncommitted event is left: before a safe event runs outside the history, no rollback
  /// may restore a state older than it (FossilCollector::collect_lp).
  template <class Release>
  void drop_kept(Release&& release);

  // --- failed handler ---------------------------------------------------------------------
  LpFailure* failure() { return extras_ ? extras_->failure.get() : nullptr; }
  void set_failure(std::unique_ptr<LpFailure> failure) { extras().failure = std::move(failure); }
  std::unique_ptr<LpFailure> take_failure() { return std::move(extras_->failure); }

 private:
  LpExtras& extras() {
    if (!extras_) extras_ = std::make_unique<LpExtras>();
    return *extras_;
  }
  void drop_ring_snapshots_oldest(std::size_t count);
  /// Frees the oldest events up to `keep` (exclusive; nullptr: all), with their saved states.
  template <class Release>
  void release_until(const TwEvent* keep, Release&& release);

  LpRuntime* runtime_;
  TwEvent* head_ = nullptr;
  TwEvent* tail_ = nullptr;
  /// The oldest uncommitted event (nullptr: none). Fossil collection starts here instead of
  /// walking the committed events kept before it through cold blocks.
  TwEvent* first_uncommitted_ = nullptr;
  std::uint32_t count_ = 0;
  std::uint32_t uncommitted_ = 0;
  std::uint32_t since_snapshot_ = 0;  ///< events executed since the newest saved state
  std::uint16_t snapshot_offset_;     ///< within an event block (TwEventLayout: well below 64 KiB)

 public:
  /// Whether its LP type has an on_commit of its own (else commit is skipped).
  bool has_commit_handler = true;
  /// Whether the LP is in the rank's list of LPs with a history (TimeWarpRank::listed).
  bool listed = false;

 private:
  std::uint64_t* ring_bytes_;
  std::unique_ptr<LpExtras> extras_;
};

static_assert(sizeof(OptimisticLp) == 64, "the hot part of an LP's history is one cache line");

template <class Release>
void OptimisticLp::release_until(const TwEvent* keep, Release&& release) {
  std::size_t saved = 0;
  while (head_ != keep) {
    TwEvent* old = head_;
    head_ = old->next;
    if (old->snapshot_before) ++saved;
    --count_;
    release(old);
  }
  if (head_ == nullptr) tail_ = nullptr;
  if (snapshot_offset_ == 0 && saved > 0) drop_ring_snapshots_oldest(saved);
}

template <class Release>
void OptimisticLp::drop_kept(Release&& release) {
  if (first_uncommitted_ == nullptr) release_until(nullptr, release);
}

template <class Commit, class Release>
std::size_t OptimisticLp::fossil_collect(const EventKey& gvt, Commit&& commit, Release&& release) {
  TwEvent* event = first_uncommitted_;
  // The newest event with a saved state before `event`. The committed events kept from the
  // last collection start at a saved state and hold no later one (see `keep` below), and the
  // oldest event always carries one: so it is the head, when any committed event is kept.
  TwEvent* newest_saved = head_ != event ? head_ : nullptr;
  std::size_t committed = 0;
  while (event != nullptr && event->header.key < gvt) {
    __builtin_prefetch(event->next);
    if (event->snapshot_before) newest_saved = event;
    RingBuffer<StoredRecord>* records = event->record_count > 0 ? &extras_->records : nullptr;
    commit(*event, records, static_cast<std::size_t>(event->record_count));
    if (event->record_count > 0) extras_->records.pop_front(event->record_count);
    if (event->remote_sent > 0) extras_->remote_sent.pop_front(event->remote_sent);
    event->record_count = 0;
    event->remote_sent = 0;
    event->first_child = nullptr;
    event->committed = true;
    ++committed;
    event = event->next;
  }
  if (committed == 0) return 0;
  uncommitted_ -= static_cast<std::uint32_t>(committed);
  first_uncommitted_ = event;

  // Keep what a rollback to the first uncommitted event (`event`) would coast from.
  TwEvent* keep = event == nullptr ? nullptr : (event->snapshot_before ? event : newest_saved);
  release_until(keep, release);
  if (head_ == nullptr && extras_) {
    extras_->remote_sent.shrink_if_sparse(16);
    extras_->records.shrink_if_sparse(16);
    if (snapshot_offset_ == 0) runtime_->shrink_snapshots();
  }
  return committed;
}

}  // namespace pdes::internal
