// SPDX-License-Identifier: Apache-2.0
#include "pdes/internal/rollback_checker.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>

#include "pdes/internal/engines.hpp"
#include "pdes/internal/event_pool.hpp"
#include "pdes/internal/finish_lps.hpp"
#include "pdes/internal/event_queue.hpp"

namespace pdes::internal {

namespace {

std::string key_text(const EventKey& key) {
  return "time " + std::to_string(key.time.ticks()) + " from LP " +
         std::to_string(key.sender.value()) + " (sequence " + std::to_string(key.sequence) + ")";
}

std::string send_text(const CapturedEffects::Send& s) {
  return "to LP " + std::to_string(s.header.dest.value()) + " at " + key_text(s.header.key) + ", " +
         std::to_string(s.payload.size()) + " payload bytes";
}

bool same_send(const CapturedEffects::Send& a, const CapturedEffects::Send& b) {
  return a.header.key == b.header.key && a.header.dest == b.header.dest &&
         a.header.send_time == b.header.send_time &&
         a.header.payload_type == b.header.payload_type && a.payload == b.payload;
}

class RollbackCheckEngine final : public EngineServices {
 public:
  explicit RollbackCheckEngine(ModelInstance& model)
      : model_(model), pool_(model.max_payload_size) {}

  RunResult run();

  void send_event(const EventHeader& header, const void* payload) override {
    PDES_CHECK(header.dest.value() < model_.num_lps,
               "LP " + std::to_string(header.key.sender.value()) + " sent an event to LP " +
                   std::to_string(header.dest.value()) + ", but the model has only " +
                   std::to_string(model_.num_lps) + " LPs");
    if (capture_ != nullptr) {
      CapturedEffects::Send& s = capture_->sends.emplace_back();
      s.header = header;
      const auto* bytes = static_cast<const std::byte*>(payload);
      s.payload.assign(bytes, bytes + header.payload_size);
      return;
    }
    schedule(header, payload);
  }

  void emit_record(std::uint16_t kind, LpId lp, SimTime time, const void* bytes,
                   std::size_t size) override {
    if (capture_ != nullptr) {
      CapturedEffects::Emitted& r = capture_->records.emplace_back();
      r.kind = kind;
      r.time = time;
      const auto* first = static_cast<const std::byte*>(bytes);
      r.bytes.assign(first, first + size);
      return;
    }
    if (model_.sink != nullptr) {
      model_.sink->write(Record{kind, lp, time, {static_cast<const std::byte*>(bytes), size}});
    }
  }

 private:
  void schedule(const EventHeader& header, const void* payload) {
    EventHeader* event = pool_.allocate();
    *event = header;
    std::memcpy(EventPool::payload(event), payload, header.payload_size);
    queue_.push(event);
  }
  void check_and_commit(EventHeader* event);
  [[noreturn]] void fail(const LpRuntime& lp, const EventHeader& event, const std::string& what);

  ModelInstance& model_;
  EventPool pool_;
  EventQueue queue_;
  ExecutionContext exec_;
  EngineStatistics stats_;
  CapturedEffects* capture_ = nullptr;
  CapturedEffects first_;
  CapturedEffects second_;
};

void RollbackCheckEngine::fail(const LpRuntime& lp, const EventHeader& event,
                               const std::string& what) {
  throw InvariantError("rollback check failed for LP " + std::to_string(lp.id().value()) +
                       " at the event at " + key_text(event.key) + ": " + what);
}

void RollbackCheckEngine::check_and_commit(EventHeader* event) {
  LpRuntime& lp = *model_.lps[static_cast<std::size_t>(model_.local_index[event->dest.value()])];
  PDES_CHECK(event->payload_type == lp.payload_type(),
             "LP " + std::to_string(event->key.sender.value()) + " sent LP " +
                 std::to_string(event->dest.value()) +
                 " an event of a payload type that LP does not handle");
  exec_.now = event->key.time;
  exec_.self = event->dest;
  exec_.clock = &lp.clock();
  exec_.payload_type = lp.payload_type();
  const void* payload = EventPool::payload(event);

  lp.push_snapshot();  // before
  first_.clear();
  capture_ = &first_;
  lp.execute(payload, exec_);
  lp.push_snapshot();  // after the first execution
  const std::size_t before = lp.snapshot_count() - 2;
  const std::size_t after = before + 1;

  lp.load_snapshot(before);
  if (!lp.state_equals_snapshot(before)) {
    fail(lp, *event,
         "a restored copy of the State does not compare equal to the saved one; check the "
         "State's copy and operator== (" +
             describe_difference(lp.describe_snapshot(before), lp.describe_state()) + ")");
  }
  second_.clear();
  capture_ = &second_;
  lp.execute(payload, exec_);
  capture_ = nullptr;
  if (!lp.state_equals_snapshot(after)) {
    fail(lp, *event,
         "executing it again from the restored State gave a different State, so the handler "
         "depends on something outside its State, the event and the Context.\n"
         "  " +
             describe_difference(lp.describe_snapshot(after), lp.describe_state()));
  }
  const std::string effects = compare_effects(first_, second_);
  if (!effects.empty()) {
    fail(lp, *event,
         "executing it again from the restored State had different effects, so the handler "
         "depends on something outside its State, the event and the Context: " +
             effects);
  }
  lp.drop_newest_snapshots(2);

  for (const CapturedEffects::Send& s : second_.sends) schedule(s.header, s.payload.data());
  if (model_.sink != nullptr) {
    for (const CapturedEffects::Emitted& r : second_.records) {
      model_.sink->write(Record{r.kind, event->dest, r.time, r.bytes});
    }
  }
  lp.commit(payload, exec_);
  stats_.event_digest += event_digest_term(event->key.time, event->dest.value(),
                                           event->key.sender.value(), event->key.sequence);
  ++stats_.events_processed;
  ++stats_.events_rolled_back;
}

RunResult RollbackCheckEngine::run() {
  const auto start = std::chrono::steady_clock::now();
  exec_.seed = model_.config.seed;
  exec_.services = this;
  for (auto& lp : model_.lps) {
    exec_.now = SimTime::zero();
    exec_.self = lp->id();
    exec_.clock = &lp->clock();
    exec_.payload_type = lp->payload_type();
    lp->init(exec_);
  }

  RunResult result;
  result.reason = TerminationReason::no_more_events;
  const std::uint64_t max_events = model_.config.max_events;
  while (!queue_.empty()) {
    if (queue_.top().time() >= model_.config.end_time) {
      result.reason = TerminationReason::end_time_reached;
      break;
    }
    if (max_events != 0 && stats_.events_committed == max_events) {
      result.reason = TerminationReason::event_limit_reached;
      break;
    }
    EventHeader* event = queue_.pop();
    result.last_event_time = event->key.time;
    check_and_commit(event);
    ++stats_.events_committed;
    pool_.release(event);
  }
  if (model_.progress != nullptr) model_.progress->on_finish();
  capture_ = nullptr;
  finish_lps(model_, exec_, finish_time(model_.config, result));

  // Every event ran twice and was rolled back once in between.
  stats_.events_processed *= 2;
  stats_.primary_rollbacks = stats_.events_rolled_back;
  stats_.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  stats_.peak_rss_bytes = peak_rss_bytes();
  result.total = stats_;
  result.per_rank = {stats_};
  result.num_ranks = 1;
  return result;
}

}  // namespace

std::string compare_effects(const CapturedEffects& first, const CapturedEffects& second) {
  const std::size_t sends = std::min(first.sends.size(), second.sends.size());
  for (std::size_t i = 0; i < sends; ++i) {
    if (!same_send(first.sends[i], second.sends[i])) {
      return "send #" + std::to_string(i + 1) + " was " + send_text(first.sends[i]) +
             " the first time and " + send_text(second.sends[i]) + " the second time" +
             (first.sends[i].payload != second.sends[i].payload ? " (payloads differ)" : "");
    }
  }
  if (first.sends.size() != second.sends.size()) {
    return "it sent " + std::to_string(first.sends.size()) + " events the first time and " +
           std::to_string(second.sends.size()) + " the second time";
  }
  if (first.records.size() != second.records.size()) {
    return "it emitted " + std::to_string(first.records.size()) + " records the first time and " +
           std::to_string(second.records.size()) + " the second time";
  }
  for (std::size_t i = 0; i < first.records.size(); ++i) {
    const auto& a = first.records[i];
    const auto& b = second.records[i];
    if (a.kind != b.kind || a.time != b.time || a.bytes != b.bytes) {
      return "record #" + std::to_string(i + 1) + " (kind " + std::to_string(a.kind) +
             ") differs between the two executions";
    }
  }
  return "";
}

std::string describe_difference(const std::string& first, const std::string& second) {
  std::size_t at = 0;
  while (at < first.size() && at < second.size() && first[at] == second[at]) ++at;
  constexpr std::size_t kBefore = 40;
  constexpr std::size_t kAfter = 80;
  const std::size_t from = at > kBefore ? at - kBefore : 0;
  auto excerpt = [&](const std::string& s) {
    std::string text = from > 0 ? "..." : "";
    text += s.substr(from, at - from + kAfter);
    if (from + (at - from + kAfter) < s.size()) text += "...";
    return text;
  };
  if (first.size() + second.size() <= 2 * (kBefore + kAfter)) {
    return "first: " + first + "\n  again: " + second;
  }
  return "the states differ from character " + std::to_string(at) + " of their descriptions:\n" +
         "  first: " + excerpt(first) + "\n  again: " + excerpt(second);
}

RunResult run_rollback_check(ModelInstance& model) { return RollbackCheckEngine(model).run(); }

}  // namespace pdes::internal
