// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/optimistic_lp.hpp"

#include <cstring>

namespace pdes::internal {

void OptimisticLp::begin(TwEvent* event, bool save_state) {
  if (save_state) {
    runtime_->push_snapshot();
    *saved_bytes_ += state_bytes_;
    since_snapshot_ = 0;
  }
  event->snapshot_before = save_state;
  event->sent_count = 0;
  event->record_count = 0;
  event->status = TwStatus::processed;
  processed_.push_back(event);
  ++since_snapshot_;
}

void OptimisticLp::add_record(std::uint16_t kind, SimTime time, const void* bytes,
                              std::size_t size) {
  StoredRecord& record = records_.push_back_slot();
  record.kind = kind;
  record.time = time;
  const auto* first = static_cast<const std::byte*>(bytes);
  record.bytes.assign(first, first + size);
  ++processed_.back()->record_count;
}

OptimisticLp::Undo OptimisticLp::rollback(const EventKey& key, std::vector<TwEvent*>& events,
                                          std::vector<SentEntry>& cancelled) {
  const std::size_t n = processed_.size();
  std::size_t j = n;
  while (j > committed_ && processed_[j - 1]->header.key >= key) --j;
  if (j == n) return {};

  std::size_t sent_total = 0;
  std::size_t records_total = 0;
  std::size_t saved_after_first = 0;  // saved states of undone events other than the first
  for (std::size_t i = j; i < n; ++i) {
    const TwEvent* event = processed_[i];
    sent_total += event->sent_count;
    records_total += event->record_count;
    if (i > j && event->snapshot_before) ++saved_after_first;
  }
  for (std::size_t i = sent_.size() - sent_total; i < sent_.size(); ++i) cancelled.push_back(sent_[i]);
  sent_.pop_back(sent_total);
  records_.pop_back(records_total);

  // The newest saved state at or before position j belongs to processed_[s].
  std::size_t s = j;
  while (!processed_[s]->snapshot_before) --s;
  const std::size_t saved = runtime_->snapshot_count();
  const std::size_t index = saved - 1 - saved_after_first;
  runtime_->load_snapshot(index);
  const std::size_t dropped = saved - index - (s < j ? 1 : 0);
  runtime_->drop_newest_snapshots(dropped);
  *saved_bytes_ -= dropped * state_bytes_;

  for (std::size_t i = n; i-- > j;) {
    TwEvent* event = processed_[i];
    event->sent_count = 0;
    event->record_count = 0;
    event->snapshot_before = false;
    events.push_back(event);
  }
  processed_.truncate(j);
  // When the first undone event carried the saved state, the event that replaces it at
  // position j saves again, which keeps the saving period aligned.
  since_snapshot_ = s < j ? static_cast<std::uint32_t>(j - s) : UINT32_MAX;
  return {n - j, j - s};
}

}  // namespace pdes::internal
