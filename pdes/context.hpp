// SPDX-License-Identifier: Apache-2.0
//
// Context: what an LP's handlers may do to the outside world.
//
// The kernel passes a Context to on_init and on_event. Everything a handler does other than
// changing its own State goes through it, so that the kernel can undo it on rollback:
//   - now(), self(): the current event's time and the LP's own id;
//   - send(dest, delay, payload): schedule an event at now() + delay on LP `dest`;
//     delay must be at least one tick (a zero delay would let an effect sort before its cause
//     in the total event order);
//   - rng(): the LP's random stream (rewound on rollback);
//   - emit(record): output, written once the event is committed (see output_sink.hpp).
//
//   void on_event(const Ping& ev, State& s, pdes::Context<Ping>& ctx) const {
//     ctx.send(pdes::LpId{(ctx.self().value() + 1) % n_}, pdes::SimTime{10}, Ping{ev.hops + 1});
//   }
#pragma once

#include <string>
#include <type_traits>

#include "pdes/error.hpp"
#include "pdes/internal/execution_context.hpp"
#include "pdes/output_sink.hpp"
#include "pdes/rng.hpp"

namespace pdes {

template <class Payload>
class Context {
  static_assert(std::is_trivially_copyable_v<Payload>, "event payloads must be trivially copyable");

 public:
  explicit Context(internal::ExecutionContext& exec)
      : exec_(exec), rng_(exec.seed, exec.self, exec.clock->rng_draws) {}

  SimTime now() const { return exec_.now; }
  LpId self() const { return exec_.self; }

  void send(LpId dest, SimTime delay, const Payload& payload) {
    PDES_CHECK(delay >= SimTime{1}, "send delay must be at least one tick, got " +
                                        std::to_string(delay.ticks()));
    internal::EventHeader header;
    header.key = {exec_.now + delay, exec_.self, exec_.clock->next_sequence++};
    header.dest = dest;
    header.send_time = exec_.now;
    header.payload_type = exec_.payload_type;
    header.payload_size = sizeof(Payload);
    exec_.services->send_event(header, &payload);
  }

  Rng& rng() { return rng_; }

  template <RecordType R>
  void emit(const R& record) {
    exec_.services->emit_record(R::kRecordKind, exec_.self, exec_.now, &record, sizeof(R));
  }

 private:
  internal::ExecutionContext& exec_;
  Rng rng_;
};

/// What on_commit may do: read the time and id, and emit output. It cannot send events or draw
/// random numbers, because a committed event can no longer be rolled back.
class CommitContext {
 public:
  explicit CommitContext(internal::ExecutionContext& exec) : exec_(exec) {}

  SimTime now() const { return exec_.now; }
  LpId self() const { return exec_.self; }

  template <RecordType R>
  void emit(const R& record) {
    exec_.services->emit_record(R::kRecordKind, exec_.self, exec_.now, &record, sizeof(R));
  }

 private:
  internal::ExecutionContext& exec_;
};

}  // namespace pdes
