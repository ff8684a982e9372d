// SPDX-License-Identifier: Apache-2.0
//
// The sequential engine: one pending-event set (a heap, time buckets or a calendar), events
// executed in the total order and committed at once. It is the reference every other engine
// must match bit for bit.
#include <algorithm>
#include <bit>
#include <chrono>
#include <optional>
#include <type_traits>
#include <vector>
#include <string>
#include <utility>

#include "pdes/internal/bucket_queue.hpp"
#include "pdes/internal/checkpoint_image.hpp"
#include "pdes/internal/engines.hpp"
#include "pdes/internal/event_pool.hpp"
#include "pdes/internal/finish_lps.hpp"
#include "pdes/internal/huge_pages.hpp"
#include "pdes/internal/event_queue.hpp"
#include "pdes/internal/ladder_queue.hpp"
#include "pdes/internal/prefetch_switch.hpp"

namespace pdes::internal {

namespace {

/// Cache lines of an LP runtime object requested ahead of its event.
constexpr std::size_t kRuntimeLines = 3;
/// Events ahead whose blocks an LP window requests (as BucketQueue::pop does).
constexpr std::size_t kBlocksAhead = 6;

/// memcpy with the usual payload sizes inlined: a size known only at run time makes memcpy a
/// library call, which for a 64-byte event (the network model's) costs more than the copy.
inline void copy_payload(void* to, const void* from, std::size_t size) {
  if (size == 64) {
    std::memcpy(to, from, 64);
  } else {
    std::memcpy(to, from, size);
  }
}

/// `Queue`: EventQueue, BucketQueue or LadderQueue (KernelConfig::pending_set); the same
/// total order.
template <class Queue>
class SequentialEngine final : public EngineServices {
 public:
  explicit SequentialEngine(ModelInstance& model, Queue queue = Queue{})
      : model_(model),
        pool_(model.max_payload_size),
        queue_(std::move(queue)),
        prefetch_switch_(model.config.prefetch) {
    if constexpr (requires { queue_.set_event_bytes(std::size_t{}); }) {
      queue_.set_event_bytes(pool_.block_size());  // prefetch whole blocks, and only them
    }
  }

  RunResult run();

  void send_event(const EventHeader& header, const void* payload) override {
    if (header.dest.value() >= model_.num_lps) [[unlikely]] fail_destination(header);
    EventHeader* event = pool_.allocate();
    *event = header;
    copy_payload(EventPool::payload(event), payload, header.payload_size);
    if constexpr (kWindows) {
      if (in_window_) {
        if (header.dest == window_lp_) {
          if (header.key.time < window_end_) {  // the LP's own event, run in this window
            local_.push_back(event);
            std::push_heap(local_.begin(), local_.end(), later_event);
            return;
          }
        } else if (header.key.time - header.send_time < model_.config.lookahead) [[unlikely]] {
          fail_lookahead(header);
        }
      }
    }
    if constexpr (kWindows) {
      queue_.push(event, header.key, header.dest);
    } else {
      queue_.push(event, header.key);
    }
  }

  void emit_record(std::uint16_t kind, LpId lp, SimTime time, const void* bytes,
                   std::size_t size) override {
    if (model_.sink != nullptr) {
      model_.sink->write(Record{kind, lp, time, {static_cast<const std::byte*>(bytes), size}});
    }
  }

 private:
  /// send_event's check, apart: the message's strings would give every send a large stack
  /// frame to set up.
  [[gnu::noinline, gnu::cold]] void fail_destination(const EventHeader& header) const {
    PDES_CHECK(header.dest.value() < model_.num_lps,
               "LP " + std::to_string(header.key.sender.value()) + " sent an event to LP " +
                   std::to_string(header.dest.value()) + ", but the model has only " +
                   std::to_string(model_.num_lps) + " LPs");
  }
  /// LP windows (run_window): with time buckets and a lookahead.
  static constexpr bool kWindows = std::is_same_v<Queue, BucketQueue>;
  /// A send to another LP closer than the lookahead: the windows would no longer be exact.
  [[gnu::noinline, gnu::cold]] void fail_lookahead(const EventHeader& header) const;
  static bool later_event(const EventHeader* a, const EventHeader* b) { return b->key < a->key; }
  /// Runs every event earlier than min(top time + lookahead, end_time), LP by LP.
  void run_window(RunResult& result, SimTime end_time);
  /// window_ into grouped_: by LP index, and each LP's events in key order. `counted`: counts_
  /// already holds, at lp + 1, the number of window_'s events for each LP.
  void group_window(bool counted);
  void sort_groups();
  void prefetch_window(std::size_t next) const;
  /// Runs `event` on the LP of local index `index` (its destination's).
  [[gnu::always_inline]] void execute(EventHeader* event, std::size_t index);
  void execute(EventHeader* event) {
    execute(event, static_cast<std::size_t>(model_.local_index[event->dest.value()]));
  }
  void prefetch_next_lps() const;
  void report_progress(SimTime now, bool force);
  /// on_init for every LP, or the state of the Checkpointer's restart image.
  void start(RunResult& result);
  /// Writes a checkpoint if one is requested; true when the run must stop after it.
  bool checkpoint_if_requested(const RunResult& result);

  ModelInstance& model_;
  EventPool pool_;
  Queue queue_;
  ExecutionContext exec_;
  /// Per local LP: whether its type has an on_commit of its own (LpRuntime::has_commit_handler).
  std::vector<bool> commits_;
  bool any_commits_ = false;  ///< some LP has one: else commits_ is not looked at per event
  EngineStatistics stats_;
  PrefetchSwitch prefetch_switch_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point next_progress_;

  // --- LP windows ---------------------------------------------------------------------------
  struct WindowEntry {
    EventKey key;
    EventHeader* event;
    std::uint32_t lp;  ///< local index of event->dest
  };
  std::vector<WindowEntry> window_;   // the window's events as the queue gave them (key order)
  std::vector<WindowEntry> grouped_;  // the same, stably sorted by LP
  std::vector<std::uint32_t> counts_;  // group_window's counters
  std::size_t last_window_ = 0;        // events in the previous window
  std::vector<EventHeader*> local_;   // min-heap: the running LP's own events inside the window
  bool in_window_ = false;
  LpId window_lp_{};
  SimTime window_end_{};
};

template <class Queue>
void SequentialEngine<Queue>::fail_lookahead(const EventHeader& header) const {
  throw ConfigError("kernel.lookahead",
                    "LP " + std::to_string(header.key.sender.value()) + " sent LP " +
                        std::to_string(header.dest.value()) + " an event " +
                        std::to_string((header.key.time - header.send_time).ticks()) +
                        " ticks later, but the lookahead promises at least " +
                        std::to_string(model_.config.lookahead.ticks()) +
                        " ticks between LPs (kernel.lookahead, or the model's default); set "
                        "kernel.lookahead to at most that delay, or to 0 for none");
}

template <class Queue>
void SequentialEngine<Queue>::group_window(bool counted) {
  const std::size_t n = window_.size();
  grouped_.resize(n);
  const std::size_t lps = model_.lps.size();
  if (n * 4 < lps || lps > (std::size_t{1} << 22)) {
    // Few events for many LPs: counting would cost more than sorting.
    std::copy(window_.begin(), window_.end(), grouped_.begin());
    std::sort(grouped_.begin(), grouped_.end(), [](const WindowEntry& a, const WindowEntry& b) {
      return a.lp < b.lp || (a.lp == b.lp && a.key < b.key);
    });
    return;
  }
  if (counted) {
    // One stable counting pass on the whole LP index, counted while the window was drained.
    for (std::size_t d = 1; d <= lps; ++d) counts_[d] += counts_[d - 1];
    WindowEntry* out = grouped_.data();
    for (const WindowEntry& e : window_) out[counts_[e.lp]++] = e;
    sort_groups();
    return;
  }
  // Stable LSD radix sort on the LP index, in one or two passes of at most 11 bits... or one
  // pass when the index fits in 16 bits.
  const unsigned bits = static_cast<unsigned>(std::bit_width(lps > 1 ? lps - 1 : 1));
  const unsigned passes = bits <= 16 ? 1 : 2;
  const unsigned digit = (bits + passes - 1) / passes;
  std::vector<WindowEntry>* from = &window_;
  std::vector<WindowEntry>* to = &grouped_;
  for (unsigned pass = 0; pass < passes; ++pass) {
    const unsigned shift = pass * digit;
    const std::uint32_t mask = (std::uint32_t{1} << digit) - 1;
    counts_.assign((std::size_t{1} << digit) + 1, 0);
    for (const WindowEntry& e : *from) ++counts_[((e.lp >> shift) & mask) + 1];
    for (std::size_t d = 1; d < counts_.size(); ++d) counts_[d] += counts_[d - 1];
    WindowEntry* out = to->data();
    for (const WindowEntry& e : *from) out[counts_[(e.lp >> shift) & mask]++] = e;
    std::swap(from, to);
  }
  if (from != &grouped_) grouped_.swap(window_);
  sort_groups();
}

template <class Queue>
void SequentialEngine<Queue>::sort_groups() {
  // Each LP's events in key order: an insertion sort, the groups being a few events each.
  WindowEntry* const e = grouped_.data();
  const std::size_t n = grouped_.size();
  for (std::size_t i = 1; i < n; ++i) {
    if (e[i].lp != e[i - 1].lp || !(e[i].key < e[i - 1].key)) continue;
    const WindowEntry moved = e[i];
    std::size_t j = i;
    do {
      e[j] = e[j - 1];
      --j;
    } while (j > 0 && e[j - 1].lp == moved.lp && moved.key < e[j - 1].key);
    e[j] = moved;
  }
}

template <class Queue>
void SequentialEngine<Queue>::prefetch_window(std::size_t next) const {
  // The same pipeline as prefetch_next_lps, over the window's order: `next` is the position of
  // the event after the one about to run. Hints only.
  const std::size_t n = grouped_.size();
  if (next + 2 < n) {
    prefetch(model_.lps[grouped_[next + 2].lp].get(), kRuntimeLines * kCacheLineBytes);
  }
  if (next + 1 < n) {
    const WindowEntry& e = grouped_[next + 1];
    const LpRuntime* runtime = model_.lps[e.lp].get();
    if (runtime->payload_type() == e.event->payload_type) {
      runtime->prefetch(EventPool::payload(e.event), PrefetchStage::kEarly);
    }
  }
  if (next < n) {
    const WindowEntry& e = grouped_[next];
    const LpRuntime* runtime = model_.lps[e.lp].get();
    if (runtime->payload_type() == e.event->payload_type) {
      runtime->prefetch(EventPool::payload(e.event), PrefetchStage::kLate);
    }
  }
}

template <class Queue>
void SequentialEngine<Queue>::run_window(RunResult& result, SimTime end_time) {
  // Lookahead windows. No event sent to another LP lands earlier than its send time plus the
  // lookahead L (send_event checks it), so the events of [T, T + L), T the earliest pending
  // time, are all in the queue already, or are an LP's own events sent to itself inside the
  // window. Each LP's share of the window can then run on its own: all of one LP's events in
  // key order (its own new ones merged in), then the next LP's, in the order of the LP
  // objects in memory. Every LP sees the same events in the same order as in the total order,
  // draws the same numbers and sends the same events with the same keys, so every result and
  // the digest (a sum over events) are those of the total order; only the order of records
  // across LPs differs, which sinks must not rely on (output_sink.hpp). What it buys is
  // locality: an LP's state is fetched once per window rather than once per event and bucket.
  const SimTime start = queue_.top_time();
  const SimTime lookahead = model_.config.lookahead;
  const SimTime end = end_time - start <= lookahead ? end_time : start + lookahead;
  window_.clear();
  // The events are counted per LP as they are drained (group_window's counting pass, done here
  // while each entry is at hand) when the last window was large enough for a counting sort and
  // the LP index fits one pass; whichever way, grouped_ comes out the same.
  const std::size_t lps = model_.lps.size();
  const bool count = lps <= (std::size_t{1} << 16) && last_window_ * 4 >= lps;
  if (count) counts_.assign(lps + 1, 0);
  std::uint32_t* const counts = counts_.data();
  const std::int32_t* const local_index = model_.local_index.data();
  while (!queue_.empty() && queue_.top_time() < end) {
    const SimTime time = queue_.top_time();
    // Every LP is local, and send_event checked the destination.
    if (count) {
      queue_.drain_front([this, time, counts, local_index](const BucketQueue::Entry& entry) {
        const auto index = static_cast<std::uint32_t>(local_index[entry.dest.value()]);
        ++counts[index + 1];
        window_.push_back({{time, entry.sender, entry.sequence}, entry.event, index});
      });
    } else {
      queue_.drain_front([this, time, local_index](const BucketQueue::Entry& entry) {
        const auto index = static_cast<std::uint32_t>(local_index[entry.dest.value()]);
        window_.push_back({{time, entry.sender, entry.sequence}, entry.event, index});
      });
    }
  }
  last_window_ = window_.size();
  group_window(count);
  in_window_ = true;
  window_end_ = end;
  const std::size_t n = grouped_.size();
  std::size_t i = 0;
  while (i < n) {
    const std::uint32_t lp = grouped_[i].lp;
    window_lp_ = grouped_[i].event->dest;
    for (;;) {
      EventHeader* event;
      if (!local_.empty() &&
          (i == n || grouped_[i].lp != lp || local_.front()->key < grouped_[i].key)) {
        std::pop_heap(local_.begin(), local_.end(), later_event);
        event = local_.back();
        local_.pop_back();
      } else if (i < n && grouped_[i].lp == lp) {
        event = grouped_[i++].event;
        if (i + kBlocksAhead < n) prefetch_event(grouped_[i + kBlocksAhead].event);
        if (prefetch_switch_.on()) prefetch_window(i);
      } else {
        break;
      }
      if (result.last_event_time < event->key.time) result.last_event_time = event->key.time;
      execute(event, lp);
      pool_.release(event);
      if ((stats_.events_processed & (PrefetchSwitch::kChunkEvents - 1)) == 0) {
        prefetch_switch_.end_chunk();
      }
    }
  }
  in_window_ = false;
}

template <class Queue>
inline void SequentialEngine<Queue>::execute(EventHeader* event, std::size_t index) {
  LpRuntime& lp = *model_.lps[index];
  PDES_CHECK(event->payload_type == lp.payload_type(),
             "LP " + std::to_string(event->key.sender.value()) + " sent LP " +
                 std::to_string(event->dest.value()) +
                 " an event of a payload type that LP does not handle");
  exec_.now = event->key.time;
  exec_.self = event->dest;
  exec_.clock = &lp.clock();
  exec_.payload_type = lp.payload_type();
  const void* payload = EventPool::payload(event);
  lp.execute(payload, exec_);
  // A virtual call that copies the payload only to reach the base's empty on_commit, unless
  // the LP type has its own.
  if (any_commits_ && commits_[index]) lp.commit(payload, exec_);
  stats_.event_digest += event_digest_term(event->key.time, event->dest.value(),
                                           event->key.sender.value(), event->key.sequence);
  ++stats_.events_processed;
}

template <class Queue>
void SequentialEngine<Queue>::prefetch_next_lps() const {
  // A pipeline over the next events, whose blocks the queue requested a few pops ago: the
  // runtime object (which holds the State) of the third next event is requested now; the second
  // next, whose runtime was requested one event ago, and the next one are asked for the lines
  // they will touch (LogicalProcess::prefetch). Large models are memory-bound without it
  // (docs/performance.md). Only with BucketQueue and LadderQueue: a heap knows only its top,
  // whose LP would be requested too late to help.
  // The LP an event is for, if local and of the event's payload type (reads the LP).
  const auto stage_target = [this](const EventHeader* event) -> const LpRuntime* {
    const LpRuntime* runtime = event == nullptr ? nullptr : model_.local_lp(event->dest);
    return runtime != nullptr && runtime->payload_type() == event->payload_type ? runtime
                                                                                 : nullptr;
  };
  if constexpr (requires { Queue::kBlocksAhead; }) {
    // A queue that requests blocks far enough ahead (LadderQueue) gets two more stages: the
    // tables that lead from an event to its LP (local_index, then lps) are requested for the
    // events 7 and 4 pops ahead, whose blocks were requested 3 and 6 pops ago. With 65,536 LPs
    // the tables span 768 KiB and missed in the stage below (docs/performance.md, session 9).
    static_assert(Queue::kBlocksAhead >= 10);
    if (const EventHeader* event = queue_.peek(7); event != nullptr &&
                                                   event->dest.value() < model_.num_lps) {
      prefetch(&model_.local_index[event->dest.value()], sizeof(std::int32_t));
    }
    if (const EventHeader* event = queue_.peek(4); event != nullptr &&
                                                   event->dest.value() < model_.num_lps) {
      const std::int32_t index = model_.local_index[event->dest.value()];
      if (index >= 0) prefetch(&model_.lps[static_cast<std::size_t>(index)], sizeof(void*));
    }
  }
  if (const EventHeader* third = queue_.peek(2)) {
    // The runtime's header, its LP pointer and the start of the State (lp_runtime.hpp).
    if (const LpRuntime* runtime = model_.local_lp(third->dest)) {
      prefetch(runtime, kRuntimeLines * kCacheLineBytes);
    }
  }
  if (const EventHeader* second = queue_.peek(1); const LpRuntime* runtime = stage_target(second)) {
    runtime->prefetch(EventPool::payload(second), PrefetchStage::kEarly);
  }
  if (const EventHeader* next = queue_.peek(0); const LpRuntime* runtime = stage_target(next)) {
    runtime->prefetch(EventPool::payload(next), PrefetchStage::kLate);
  }
}

template <class Queue>
void SequentialEngine<Queue>::report_progress(SimTime now, bool force) {
  if (model_.progress == nullptr || model_.config.progress_interval_seconds <= 0.0) return;
  const auto t = std::chrono::steady_clock::now();
  if (!force && t < next_progress_) return;
  next_progress_ = t + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(model_.config.progress_interval_seconds));
  model_.progress->on_progress({now, model_.config.end_time, stats_.events_processed,
                                model_.config.max_events,
                                std::chrono::duration<double>(t - start_).count()});
}

template <class Queue>
void SequentialEngine<Queue>::start(RunResult& result) {
  if (model_.checkpointer != nullptr) {
    if (std::optional<std::vector<std::byte>> image = model_.checkpointer->restart_image()) {
      const ImageKernel kernel = read_image(
          *image, model_, *model_.record_log,
          [this](const EventHeader& header, const void* payload) { send_event(header, payload); });
      stats_ = kernel.stats;
      result.last_event_time = kernel.last_time;
      return;
    }
  }
  for (auto& lp : model_.lps) {
    exec_.now = SimTime::zero();
    exec_.self = lp->id();
    exec_.clock = &lp->clock();
    exec_.payload_type = lp->payload_type();
    lp->init(exec_);
  }
}

template <class Queue>
bool SequentialEngine<Queue>::checkpoint_if_requested(const RunResult& result) {
  const CheckpointRequest request = model_.checkpointer->poll();
  if (!request.write) return false;
  // Between two events the state is clean: every executed event is committed, and the queue
  // holds everything else. It is emptied to be listed in key order, then refilled.
  std::vector<EventHeader*> events;
  while (!queue_.empty()) events.push_back(queue_.pop());
  std::vector<ImageEvent> listed;
  listed.reserve(events.size());
  for (EventHeader* event : events) listed.push_back({event, EventPool::payload(event)});
  EngineStatistics stats = stats_;
  stats.events_committed = stats.events_processed;
  const ImageKernel kernel{stats, result.last_event_time, model_.num_lps, model_.lps.size(), 0, 0};
  const std::vector<std::byte> image = write_image(kernel, model_, listed, *model_.record_log);
  for (EventHeader* event : events) queue_.push(event, event->key);
  const SimTime next = events.empty() ? model_.config.end_time : events.front()->key.time;
  model_.checkpointer->write(image, {next, stats.events_committed, request.stop});
  return request.stop;
}

template <class Queue>
RunResult SequentialEngine<Queue>::run() {
  start_ = std::chrono::steady_clock::now();
  next_progress_ = start_;
  exec_.seed = model_.config.seed;
  exec_.services = this;

  commits_.clear();
  for (const auto& lp : model_.lps) commits_.push_back(lp->has_commit_handler());
  any_commits_ = std::find(commits_.begin(), commits_.end(), true) != commits_.end();

  RunResult result;
  start(result);
  result.reason = TerminationReason::no_more_events;
  const SimTime end_time = model_.config.end_time;
  const std::uint64_t max_events = model_.config.max_events;
  constexpr std::uint64_t kWindowEvents = 1 << 14;  // progress and checkpoints are looked at
  prefetch_switch_.begin();
  bool in_key_order = true;
  if constexpr (kWindows) {
    // A run limited to a number of events stops inside a window: it keeps the total order.
    if (model_.config.lookahead > SimTime::zero() && max_events == 0) {
      in_key_order = false;
      std::uint64_t next_look = kWindowEvents;
      while (!queue_.empty()) {
        if (queue_.top_time() >= end_time) {
          result.reason = TerminationReason::end_time_reached;
          break;
        }
        run_window(result, end_time);
        HugePageHeap::refresh();  // the heap grown in the window (nothing when not asked for)
        if (stats_.events_processed >= next_look) {
          next_look = (stats_.events_processed / kWindowEvents + 1) * kWindowEvents;
          report_progress(result.last_event_time, false);
          if (model_.checkpointer != nullptr && checkpoint_if_requested(result)) {
            result.reason = TerminationReason::checkpointed;
            break;
          }
        }
      }
    }
  }
  while (in_key_order && !queue_.empty()) {
    if (queue_.top_time() >= end_time) {
      result.reason = TerminationReason::end_time_reached;
      break;
    }
    if (max_events != 0 && stats_.events_processed == max_events) {
      result.reason = TerminationReason::event_limit_reached;
      break;
    }
    EventHeader* event = queue_.pop();
    result.last_event_time = event->key.time;
    if constexpr (Queue::kKnowsNextEvents) {
      if (prefetch_switch_.on()) prefetch_next_lps();
    }
    execute(event);
    pool_.release(event);
    if constexpr (Queue::kKnowsNextEvents) {
      if ((stats_.events_processed & (PrefetchSwitch::kChunkEvents - 1)) == 0) {
        prefetch_switch_.end_chunk();
      }
    }
    if ((stats_.events_processed & (kWindowEvents - 1)) == 0) {
      HugePageHeap::refresh();
      report_progress(result.last_event_time, false);
      if (model_.checkpointer != nullptr && checkpoint_if_requested(result)) {
        result.reason = TerminationReason::checkpointed;
        break;
      }
    }
  }
  report_progress(result.last_event_time, true);
  if (model_.progress != nullptr) model_.progress->on_finish();
  // A run stopped at a checkpoint is not over: on_finish runs when it ends, after a restart.
  if (result.reason != TerminationReason::checkpointed) {
    finish_lps(model_, exec_, finish_time(model_.config, result));
  }

  stats_.events_committed = stats_.events_processed;
  stats_.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  stats_.peak_rss_bytes = peak_rss_bytes();
  result.total = stats_;
  result.per_rank = {stats_};
  result.num_ranks = 1;
  return result;
}

}  // namespace

RunResult run_sequential(ModelInstance& model) {
  if (model.config.pending_set == PendingSet::buckets) {
    return SequentialEngine<BucketQueue>(model).run();
  }
  if (model.config.pending_set == PendingSet::calendar) {
    return SequentialEngine<LadderQueue>(model).run();
  }
  return SequentialEngine<EventQueue>(model).run();
}

}  // namespace pdes::internal
