// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/fossil_collector.hpp"

#include <span>

#include "pdes/error.hpp"

namespace pdes::internal {

FossilCollector::FossilCollector(TimeWarpRank& rank) : rank_(rank) {
  exec_.seed = rank.config.seed;
  exec_.services = this;
}

void FossilCollector::collect(const EventKey& gvt) {
  // LPs come off the queue in small batches so that their cache misses overlap: first the
  // LPs' lines are requested, then their oldest events', then the events are committed.
  constexpr std::size_t kBatch = 16;
  std::uint32_t batch[kBatch];
  CommitQueue& queue = rank_.commit_queue;
  revisit_.clear();
  while (!queue.empty() && queue.top_time() <= gvt.time) {
    std::size_t n = 0;
    while (n < kBatch && !queue.empty() && queue.top_time() <= gvt.time) {
      batch[n] = queue.top_lp();
      queue.pop();
      __builtin_prefetch(&rank_.lps[batch[n]]);
      ++n;
    }
    for (std::size_t i = 0; i < n; ++i) __builtin_prefetch(rank_.lps[batch[i]].oldest());
    for (std::size_t i = 0; i < n; ++i) {
      OptimisticLp& lp = rank_.lps[batch[i]];
      if (lp.uncommitted_count() == 0) continue;  // stale: a rollback emptied it
      const std::size_t committed = lp.fossil_collect(
          gvt,
          [&](TwEvent& event, RingBuffer<StoredRecord>* records, std::size_t count) {
            commit(lp, event, records, count);
          },
          [&](TwEvent* event) { rank_.pool.release(event); });
      rank_.uncommitted -= committed;
      if (lp.uncommitted_count() > 0) revisit_.push_back(batch[i]);
    }
  }
  // Pushed back only now: an LP whose oldest event has GVT's time but not a smaller key
  // would otherwise be popped again and again.
  for (std::uint32_t index : revisit_) {
    queue.push(rank_.lps[index].oldest_uncommitted()->header.key.time, index);
  }
}

void FossilCollector::commit(OptimisticLp& lp, TwEvent& event, RingBuffer<StoredRecord>* records,
                             std::size_t count) {
  const EventKey& key = event.header.key;
  if (OutputSink* sink = rank_.model.sink) {
    for (std::size_t i = 0; i < count; ++i) {
      const StoredRecord& r = (*records)[i];
      sink->write(Record{r.kind, lp.id(), r.time, std::span<const std::byte>(r.bytes)});
    }
  }
  if (lp.has_commit_handler) run_commit_handler(lp, event);

  EngineStatistics& stats = rank_.stats;
  ++stats.events_committed;
  stats.event_digest +=
      event_digest_term(key.time, event.header.dest.value(), key.sender.value(), key.sequence);
  if (key.time > rank_.last_committed_time) rank_.last_committed_time = key.time;
  if (event.remote_origin) {
    rank_.remote_index.erase(&event);
    event.remote_origin = false;
  }
}

void FossilCollector::run_commit_handler(OptimisticLp& lp, TwEvent& event) {
  LpRuntime& runtime = lp.runtime();
  exec_.now = event.header.key.time;
  exec_.self = lp.id();
  exec_.clock = &runtime.clock();
  exec_.payload_type = runtime.payload_type();
  runtime.commit(event.payload(), exec_);
}

void FossilCollector::send_event(const EventHeader& header, const void* /*payload*/) {
  PDES_CHECK(false, "LP " + std::to_string(header.key.sender.value()) +
                        " sent an event from on_commit; only on_event may send");
}

void FossilCollector::emit_record(std::uint16_t kind, LpId lp, SimTime time, const void* bytes,
                                  std::size_t size) {
  if (OutputSink* sink = rank_.model.sink) {
    sink->write(Record{kind, lp, time, {static_cast<const std::byte*>(bytes), size}});
  }
}

}  // namespace pdes::internal
