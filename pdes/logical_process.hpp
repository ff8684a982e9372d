// SPDX-License-Identifier: Apache-2.0
//
// LogicalProcess<State, Payload>: the base class of every model LP type.
//
// One class per LP type. All mutable simulation state lives in `State`, which the kernel owns,
// saves and restores; handlers are const, so the compiler rejects writes to anything else.
// Parameters and shared topology are const members set in the constructor.
//
// State must be a regular value type: copyable, equality-comparable (`operator==`, used by the
// rollback-check engine), without pointers, references or handles to other LPs. Containers of
// values (std::vector, std::array) are fine. State must also be Checkpointable
// (checkpointable.hpp): trivially copyable, or with a serialize function, so that a checkpoint
// can save it. Payload must be trivially copyable; it travels between ranks as bytes.
//
// Contracts:
//   on_init   — called once per LP, in increasing LP id order, at time zero, on a
//               default-constructed State. May set up State, send events and draw random numbers.
//   on_event  — called for each event in the total order (time, sender, sender sequence). May
//               change State, send events (delay >= 1 tick), draw random numbers and emit
//               records. In the optimistic engine it may run several times for the same event
//               (after rollbacks); the kernel undoes everything it did each time, so it must not
//               touch anything outside State and the Context.
//   on_commit — optional; called once per event when it becomes final, in time order per LP.
//               It sees the event but not the State (state after old events is not kept).
//   on_finish — optional; called once per LP when the run ends, in increasing LP id order on each
//               rank, with the LP's final State (after its last committed event; see
//               docs/kernel.md for the optimistic engine stopped by max_events). May only emit
//               records: the place for end-of-run counters kept in State (ROSS's "final"
//               function), such as a router's per-port totals. Record time: the end of the run
//               (end_time, or the last event time if the run ended earlier).
//   prefetch  — optional, a performance hint: the kernel calls it twice shortly before
//               on_event with the same event and State, so that the LP can request
//               (__builtin_prefetch) the memory on_event will touch. At PrefetchStage::kEarly it
//               should read only the State object itself (e.g. its vectors' data pointers), not
//               even the LP object, which the kernel requests at the same time; at kLate, about
//               one event later, also the LP object and what kEarly requested (e.g. to find which
//               buffer slot the event needs). It must not change anything. Not virtual: a
//               derived LP type hides it by declaring its own. The sequential engine uses it with
//               kernel.pending_set = buckets.
//
//   struct PingState { std::uint64_t received = 0; bool operator==(const PingState&) const = default; };
//   struct Ping { std::uint32_t hops; };
//   class PingLp final : public pdes::LogicalProcess<PingState, Ping> {
//     void on_init(PingState&, pdes::Context<Ping>& ctx) const override { ... }
//     void on_event(const Ping& ev, PingState& s, pdes::Context<Ping>& ctx) const override { ... }
//   };
#pragma once

#include <concepts>
#include <type_traits>

#include "pdes/checkpointable.hpp"
#include "pdes/context.hpp"

namespace pdes {

/// When LogicalProcess::prefetch is called: see there.
enum class PrefetchStage { kEarly, kLate };

template <class State, class Payload>
class LogicalProcess {
  static_assert(std::is_trivially_copyable_v<Payload>, "event payloads must be trivially copyable");
  static_assert(std::is_default_constructible_v<State> && std::is_copy_assignable_v<State>,
                "State must be default-constructible and copyable");
  static_assert(std::equality_comparable<State>, "State needs operator== (rollback check)");
  static_assert(Checkpointable<State>,
                "State must be trivially copyable or have a serialize function (checkpoints; "
                "see pdes/checkpointable.hpp)");

 public:
  using StateType = State;
  using PayloadType = Payload;

  virtual ~LogicalProcess() = default;

  virtual void on_init(State& state, Context<Payload>& ctx) const = 0;
  virtual void on_event(const Payload& event, State& state, Context<Payload>& ctx) const = 0;
  virtual void on_commit(const Payload& /*event*/, CommitContext& /*ctx*/) const {}
  virtual void on_finish(const State& /*state*/, CommitContext& /*ctx*/) const {}
  void prefetch(const Payload& /*event*/, const State& /*state*/, PrefetchStage /*stage*/) const {}
};

}  // namespace pdes
