// SPDX-License-Identifier: Apache-2.0
//
// The sequential engine: one pending-event set (a heap, time buckets or a calendar), events
// executed in the total order and committed at once. It is the reference every other engine
// must match bit for bit.
#include <chrono>
#include <optional>
#include <vector>
#include <string>
#include <utility>

#include "pdes/internal/bucket_queue.hpp"
#include "pdes/internal/checkpoint_image.hpp"
#include "pdes/internal/engines.hpp"
#include "pdes/internal/event_pool.hpp"
#include "pdes/internal/finish_lps.hpp"
#include "pdes/internal/event_queue.hpp"
#include "pdes/internal/ladder_queue.hpp"
#include "pdes/internal/prefetch_switch.hpp"

namespace pdes::internal {

namespace {

/// Cache lines of an LP runtime object requested ahead of its event.
constexpr std::size_t kRuntimeLines = 3;

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
    queue_.push(event, header.key);
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
  void execute(EventHeader* event);
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
  EngineStatistics stats_;
  PrefetchSwitch prefetch_switch_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point next_progress_;
};

template <class Queue>
void SequentialEngine<Queue>::execute(EventHeader* event) {
  const auto index = static_cast<std::size_t>(model_.local_index[event->dest.value()]);
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
  if (commits_[index]) lp.commit(payload, exec_);
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

  RunResult result;
  start(result);
  result.reason = TerminationReason::no_more_events;
  const SimTime end_time = model_.config.end_time;
  const std::uint64_t max_events = model_.config.max_events;
  constexpr std::uint64_t kWindowEvents = 1 << 14;  // progress and checkpoints are looked at
  prefetch_switch_.begin();
  while (!queue_.empty()) {
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
