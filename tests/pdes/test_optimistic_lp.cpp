// SPDX-License-Identifier: Apache-2.0
// OptimisticLp: periodic state saving, rollback with coast-forward, fossil collection.
#include <doctest/doctest.h>

#include <cstring>
#include <vector>

#include "pdes/internal/optimistic_lp.hpp"
#include "pdes/pdes.hpp"

using namespace pdes;
using namespace pdes::internal;

namespace {

struct CounterState {
  std::uint64_t sum = 0;
  std::vector<std::uint64_t> history;
  bool operator==(const CounterState&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    pdes::checkpoint_value(ar, sum);
    pdes::checkpoint_value(ar, history);
  }
};
struct Add {
  std::uint64_t amount = 0;
};
struct Note {
  static constexpr std::uint16_t kRecordKind = 3;
  std::uint64_t sum;
};

/// State with a heap part: saved in the LpRuntime's snapshot ring.
class CounterLp final : public LogicalProcess<CounterState, Add> {
 public:
  void on_init(CounterState&, Context<Add>&) const override {}
  void on_event(const Add& ev, CounterState& s, Context<Add>& ctx) const override {
    s.sum = s.sum * 3 + ev.amount + ctx.rng().uniform_int(5);
    s.history.push_back(s.sum);
    ctx.emit(Note{s.sum});
    ctx.send(ctx.self(), SimTime{100}, Add{s.sum % 7});
  }
};

struct TinyState {
  std::uint64_t sum = 0;
  bool operator==(const TinyState&) const = default;
};

/// Small trivially copyable state: saved inline in the event blocks.
class TinyLp final : public LogicalProcess<TinyState, Add> {
 public:
  void on_init(TinyState&, Context<Add>&) const override {}
  void on_event(const Add& ev, TinyState& s, Context<Add>& ctx) const override {
    s.sum = s.sum * 3 + ev.amount + ctx.rng().uniform_int(5);
    ctx.emit(Note{s.sum});
    ctx.send(ctx.self(), SimTime{100}, Add{s.sum % 7});
  }
};

/// Plays the engine: executes events on one OptimisticLp and records what it sends.
template <class LP>
class Harness final : public EngineServices {
 public:
  using State = typename LP::StateType;

  explicit Harness(std::uint32_t period)
      : period_(period),
        runtime_(LpId{0}, 0, std::make_unique<const LP>()),
        layout_(TwEventLayout::make(sizeof(Add), runtime_.inline_snapshot_size())),
        pool_(layout_),
        lp_(runtime_, runtime_.inline_snapshot_size() > 0 ? layout_.snapshot_offset : 0,
            &saved_bytes_) {
    exec_.self = LpId{0};
    exec_.seed = 42;
    exec_.clock = &runtime_.clock();
    exec_.services = this;
  }

  void send_event(const EventHeader& header, const void*) override {
    if (discard_) return;
    lp_.add_remote_sent(header.key, header.dest);
  }
  void emit_record(std::uint16_t kind, LpId, SimTime time, const void* bytes,
                   std::size_t size) override {
    if (discard_) return;
    lp_.add_record(kind, time, bytes, size);
  }

  TwEvent* make_event(std::int64_t time) {
    TwEvent* e = pool_.allocate();
    e->header.key = {SimTime{time}, LpId{7}, static_cast<std::uint64_t>(time)};
    e->header.dest = LpId{0};
    e->header.payload_size = sizeof(Add);
    const Add add{static_cast<std::uint64_t>(time)};
    std::memcpy(e->payload(), &add, sizeof add);
    return e;
  }

  void execute(TwEvent* e) {
    lp_.begin(e, lp_.snapshot_due(period_));
    exec_.now = e->header.key.time;
    runtime_.execute(e->payload(), exec_);
    after_.push_back({runtime_.state(), runtime_.clock()});
  }

  /// Rolls back to `key`, coasts forward, and returns the undone events oldest first.
  std::vector<TwEvent*> rollback(const EventKey& key, std::size_t& cancelled) {
    std::vector<TwEvent*> undone;
    std::vector<TwEvent*> local;
    std::vector<RemoteSent> sent;
    const OptimisticLp::Undo undo = lp_.rollback(key, undone, local, sent);
    discard_ = true;
    TwEvent* e = undo.coast_from;
    for (std::size_t i = 0; i < undo.coast; ++i, e = e->next) {
      exec_.now = e->header.key.time;
      runtime_.execute(e->payload(), exec_);
    }
    discard_ = false;
    cancelled = sent.size();
    after_.resize(after_.size() - undone.size());
    return undone;
  }

  std::size_t saved_states() const {
    return runtime_.inline_snapshot_size() > 0 ? count_saved() : runtime_.snapshot_count();
  }
  std::size_t count_saved() const {
    std::size_t n = 0;
    for (TwEvent* e = const_cast<OptimisticLp&>(lp_).oldest(); e != nullptr; e = e->next) {
      n += e->snapshot_before ? 1 : 0;
    }
    return n;
  }

  void check_state_is_after_last() {
    if (after_.empty()) {
      CHECK(runtime_.state() == State{});
    } else {
      CHECK(runtime_.state() == after_.back().first);
      CHECK(runtime_.clock() == after_.back().second);
    }
  }
  void check_saved_bytes() {
    if (runtime_.inline_snapshot_size() > 0) {
      CHECK(saved_bytes_ == 0);
    } else {
      CHECK(saved_bytes_ == runtime_.snapshot_count() * runtime_.state_size());
      CHECK(runtime_.snapshot_count() == count_saved());
    }
  }

  OptimisticLp& lp() { return lp_; }
  TwEventPool& pool() { return pool_; }

 private:
  std::uint32_t period_;
  TypedLpRuntime<LP> runtime_;
  TwEventLayout layout_;
  TwEventPool pool_;
  std::uint64_t saved_bytes_ = 0;
  OptimisticLp lp_;
  ExecutionContext exec_;
  bool discard_ = false;
  std::vector<std::pair<State, LpClock>> after_;
};

}  // namespace

TEST_CASE_TEMPLATE(
    "rollback restores the state before the first undone event, for any saving period", LP,
    CounterLp, TinyLp) {
  for (std::uint32_t period : {1u, 2u, 3u, 5u, 16u}) {
    CAPTURE(period);
    Harness<LP> h(period);
    std::vector<TwEvent*> events;
    for (int t = 1; t <= 12; ++t) {
      events.push_back(h.make_event(t * 10));
      h.execute(events.back());
    }
    CHECK(h.lp().history_size() == 12);
    CHECK(h.saved_states() == (12 + period - 1) / period);
    h.check_saved_bytes();

    for (int back_to : {9, 4, 1}) {  // positions, newest to oldest
      CAPTURE(back_to);
      std::size_t cancelled = 0;
      const std::vector<TwEvent*> undone = h.rollback(events[back_to]->header.key, cancelled);
      CHECK(undone.size() == events.size() - back_to);
      CHECK(cancelled == undone.size());  // one send per event
      CHECK(undone.front() == events[back_to]);
      CHECK(h.lp().history_size() == static_cast<std::size_t>(back_to));
      h.check_state_is_after_last();
      h.check_saved_bytes();
      // Re-execute the undone events: every state must come out as before.
      for (TwEvent* e : undone) h.execute(e);
      h.check_state_is_after_last();
      h.check_saved_bytes();
      std::size_t again = 0;
      h.rollback(events[back_to]->header.key, again);  // roll back again, then re-run
      for (TwEvent* e : undone) h.execute(e);
    }
  }
}

TEST_CASE("a rollback to a key above every processed event changes nothing") {
  Harness<CounterLp> h(3);
  for (int t = 1; t <= 4; ++t) h.execute(h.make_event(t * 10));
  std::size_t cancelled = 0;
  CHECK(h.rollback({SimTime{41}, LpId{0}, 0}, cancelled).empty());
  CHECK(h.lp().history_size() == 4);
  h.check_state_is_after_last();
}

TEST_CASE_TEMPLATE("fossil collection commits in order and keeps what a coast-forward needs", LP,
                   CounterLp, TinyLp) {
  for (std::uint32_t period : {1u, 3u, 4u}) {
    CAPTURE(period);
    Harness<LP> h(period);
    std::vector<TwEvent*> events;
    for (int t = 1; t <= 10; ++t) {
      events.push_back(h.make_event(t * 10));
      h.execute(events.back());
    }
    std::vector<std::int64_t> committed;
    std::vector<std::uint64_t> record_sums;
    std::size_t released = 0;
    const std::size_t n = h.lp().fossil_collect(
        EventKey{SimTime{75}, LpId{0}, 0},
        [&](TwEvent& e, RingBuffer<StoredRecord>* records, std::size_t count) {
          committed.push_back(e.header.key.time.ticks());
          REQUIRE(count == 1);
          Note note;
          std::memcpy(&note, (*records)[0].bytes.data(), sizeof note);
          record_sums.push_back(note.sum);
        },
        [&](TwEvent* e) {
          ++released;
          h.pool().release(e);
        });
    CHECK(n == 7);
    CHECK(committed == std::vector<std::int64_t>{10, 20, 30, 40, 50, 60, 70});
    CHECK(record_sums.size() == 7);
    CHECK(h.lp().uncommitted_count() == 3);
    // Kept: the events from the newest saved state at or before the first uncommitted one.
    CHECK(h.lp().history_size() == 3 + (7 % period));
    CHECK(released == 7 - 7 % period);
    h.check_saved_bytes();
    CHECK(h.lp().oldest()->snapshot_before);

    // A rollback to the first uncommitted event still works (coasting over committed ones).
    std::size_t cancelled = 0;
    const auto undone = h.rollback(events[7]->header.key, cancelled);
    CHECK(undone.size() == 3);
    h.check_state_is_after_last();
    for (TwEvent* e : undone) h.execute(e);
    h.check_state_is_after_last();

    // Committing everything empties the history and the saved states.
    h.lp().fossil_collect(
        kMaxEventKey, [](TwEvent&, RingBuffer<StoredRecord>*, std::size_t) {},
        [&](TwEvent* e) { h.pool().release(e); });
    CHECK(h.lp().history_size() == 0);
    CHECK(h.saved_states() == 0);
    h.check_saved_bytes();
    CHECK(h.pool().live_events() == 0);
  }
}

TEST_CASE_TEMPLATE("drop_kept frees the committed events kept for a coast-forward", LP, CounterLp,
                   TinyLp) {
  // A safe event runs outside the history (TimeWarpEngine::execute_safe): the committed events
  // that fossil collection kept as the start of a coast-forward must go first, or a later
  // rollback restores a state older than the safe event and coasts past it.
  Harness<LP> h(4);
  for (int t = 1; t <= 6; ++t) h.execute(h.make_event(t * 10));
  std::size_t released = 0;
  const auto release = [&](TwEvent* e) {
    ++released;
    h.pool().release(e);
  };
  const auto commit = [](TwEvent&, RingBuffer<StoredRecord>*, std::size_t) {};
  // Commit the first five: event 5 (time 50) carries the newest saved state at or before the
  // first uncommitted one (time 60), so it is kept.
  CHECK(h.lp().fossil_collect(EventKey{SimTime{55}, LpId{0}, 0}, commit, release) == 5);
  CHECK(h.lp().history_size() == 2);
  h.lp().drop_kept(release);  // an uncommitted event is left: nothing changes
  CHECK(h.lp().history_size() == 2);
  // Commit the last one too: the kept event 5 stays as the start of a coast-forward...
  CHECK(h.lp().fossil_collect(EventKey{SimTime{65}, LpId{0}, 0}, commit, release) == 1);
  CHECK(h.lp().uncommitted_count() == 0);
  // ...until drop_kept frees it, with its saved state.
  h.lp().drop_kept(release);
  CHECK(h.lp().history_size() == 0);
  CHECK(h.lp().oldest() == nullptr);
  CHECK(released == 6);
  h.check_saved_bytes();
  CHECK(h.saved_states() == 0);
}
