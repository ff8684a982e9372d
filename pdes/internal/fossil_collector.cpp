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
  std::vector<std::uint32_t>& listed = rank_.listed;
  const std::size_t n = listed.size();
  std::size_t kept = 0;
  for (std::size_t i = 0; i < n; ++i) {
    // Overlap the cache misses, following each LP's chain a step further as it comes closer:
    // its line 8 LPs ahead, its oldest uncommitted event 4 ahead (that line has arrived by
    // then), the event after it 2 ahead. An LP commits a few events per collection, and its
    // history went cold while the rank ran on, so each step of the walk is otherwise a stall.
    if (i + 8 < n) __builtin_prefetch(&rank_.lps[listed[i + 8]]);
    if (i + 4 < n) __builtin_prefetch(rank_.lps[listed[i + 4]].first_uncommitted());
    if (i + 2 < n) {
      if (const TwEvent* first = rank_.lps[listed[i + 2]].first_uncommitted()) {
        __builtin_prefetch(first->next);
      }
    }
    OptimisticLp& lp = rank_.lps[listed[i]];
    collect_lp(lp, gvt);
    if (lp.history_size() > 0) {
      listed[kept++] = listed[i];
    } else {
      lp.listed = false;
    }
  }
  listed.resize(kept);
}

void FossilCollector::collect_lp(OptimisticLp& lp, const EventKey& bound) {
  const auto release = [&](TwEvent* event) { rank_.pool.release(event); };
  rank_.uncommitted -= lp.fossil_collect(
      bound,
      [&](TwEvent& event, RingBuffer<StoredRecord>* records, std::size_t count) {
        commit(lp, event, records, count);
      },
      release);
  // fossil_collect keeps the committed events a rollback to the first uncommitted one would
  // coast from; with all of them committed and a safe event about to run outside the history,
  // such a rollback would restore a state older than that event and coast past it (PHOLD with
  // batches of 64: duplicate sequence numbers, session 10).
  lp.drop_kept(release);
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
