// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/optimistic_lp.hpp"

#include <cstring>

#include "pdes/error.hpp"

namespace pdes::internal {

OptimisticLp::OptimisticLp(LpRuntime& runtime, std::size_t snapshot_offset,
                           std::uint64_t* ring_bytes)
    : runtime_(&runtime),
      snapshot_offset_(static_cast<std::uint16_t>(snapshot_offset)),
      has_commit_handler(runtime.has_commit_handler()),
      ring_bytes_(ring_bytes) {
  PDES_CHECK(snapshot_offset <= UINT16_MAX, "inline snapshot offset beyond 64 KiB");
  runtime.use_journaled_snapshots();
}

void OptimisticLp::begin(TwEvent* event, bool save_state) {
  if (save_state) {
    if (snapshot_offset_ != 0) {
      runtime_->save_inline(event->at(snapshot_offset_));
    } else {
      runtime_->push_snapshot();
      *ring_bytes_ += runtime_->state_size();
    }
    since_snapshot_ = 0;
  }
  event->snapshot_before = save_state;
  event->next = nullptr;
  event->first_child = nullptr;
  event->remote_sent = 0;
  event->record_count = 0;
  event->status = TwStatus::processed;
  if (tail_ == nullptr) {
    head_ = event;
  } else {
    tail_->next = event;
  }
  tail_ = event;
  if (first_uncommitted_ == nullptr) first_uncommitted_ = event;
  ++count_;
  ++uncommitted_;
  ++since_snapshot_;
}

void OptimisticLp::add_remote_sent(const EventKey& key, LpId dest) {
  extras().remote_sent.push_back({key, dest});
  PDES_CHECK(tail_->remote_sent < UINT16_MAX, "an event sent more than 65535 remote events");
  ++tail_->remote_sent;
}

void OptimisticLp::add_record(std::uint16_t kind, SimTime time, const void* bytes,
                              std::size_t size) {
  StoredRecord& record = extras().records.push_back_slot();
  record.kind = kind;
  record.time = time;
  const auto* first = static_cast<const std::byte*>(bytes);
  record.bytes.assign(first, first + size);
  PDES_CHECK(tail_->record_count < UINT16_MAX, "an event emitted more than 65535 records");
  ++tail_->record_count;
}

void OptimisticLp::drop_ring_snapshots_oldest(std::size_t count) {
  runtime_->drop_oldest_snapshots(count);
  *ring_bytes_ -= count * runtime_->state_size();
}

OptimisticLp::Undo OptimisticLp::rollback(const EventKey& key, std::vector<TwEvent*>& events,
                                          std::vector<TwEvent*>& local,
                                          std::vector<RemoteSent>& remote) {
  // Find the first event with key >= `key`, and the newest saved state at or before it.
  TwEvent* before = nullptr;
  TwEvent* first = head_;
  std::uint32_t index = 0;
  TwEvent* saved = nullptr;
  std::uint32_t saved_index = 0;
  std::uint32_t saved_ordinal = 0;  // saved states older than `saved` (ring index)
  std::uint32_t saved_seen = 0;
  while (first != nullptr && first->header.key < key) {
    if (first->snapshot_before) {
      saved = first;
      saved_index = index;
      saved_ordinal = saved_seen++;
    }
    before = first;
    first = first->next;
    ++index;
  }
  if (first == nullptr) return {};
  PDES_CHECK(!first->committed, "rollback below GVT");
  if (first->snapshot_before) {
    saved = first;
    saved_index = index;
    saved_ordinal = saved_seen;
  }
  PDES_CHECK(saved != nullptr, "no saved state at or before a rolled-back event");

  std::size_t remote_total = 0;
  std::size_t records_total = 0;
  std::size_t saved_undone = 0;
  std::size_t undone = 0;
  for (TwEvent* e = first; e != nullptr; e = e->next) {
    for (TwEvent* child = e->first_child; child != nullptr; child = child->next_sibling) {
      local.push_back(child);
    }
    remote_total += e->remote_sent;
    records_total += e->record_count;
    if (e->snapshot_before) ++saved_undone;
    events.push_back(e);
    ++undone;
  }
  if (remote_total > 0) {
    RingBuffer<RemoteSent>& log = extras_->remote_sent;
    for (std::size_t i = log.size() - remote_total; i < log.size(); ++i) remote.push_back(log[i]);
    log.pop_back(remote_total);
  }
  if (records_total > 0) extras_->records.pop_back(records_total);

  // Restore, then forget the undone events' bookkeeping.
  if (snapshot_offset_ != 0) {
    runtime_->load_inline(saved->at(snapshot_offset_));
  } else {
    runtime_->load_snapshot(saved_ordinal);
    const std::size_t dropped = saved_undone;  // the undone events' states, `saved`'s included
    runtime_->drop_newest_snapshots(dropped);
    *ring_bytes_ -= dropped * runtime_->state_size();
  }
  for (std::size_t i = events.size() - undone; i < events.size(); ++i) {
    TwEvent* e = events[i];
    e->first_child = nullptr;
    e->remote_sent = 0;
    e->record_count = 0;
    e->snapshot_before = false;
  }
  if (before == nullptr) {
    head_ = nullptr;
    tail_ = nullptr;
  } else {
    before->next = nullptr;
    tail_ = before;
  }
  count_ = index;
  uncommitted_ -= static_cast<std::uint32_t>(undone);
  // Every undone event was uncommitted, so the oldest uncommitted one is `first` or older.
  if (first_uncommitted_ == first) first_uncommitted_ = nullptr;

  Undo result;
  result.undone = undone;
  if (saved != first) {
    result.coast = index - saved_index;
    result.coast_from = saved;
    since_snapshot_ = index - saved_index;
  } else {
    // The first undone event carried the saved state: the event that replaces it saves again,
    // which keeps the saving period aligned.
    since_snapshot_ = UINT32_MAX;
  }
  return result;
}

}  // namespace pdes::internal
