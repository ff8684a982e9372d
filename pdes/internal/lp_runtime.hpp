// SPDX-License-Identifier: Apache-2.0
//
// LpRuntime: the kernel's type-erased handle on one local LP, its State and its LpClock.
//
// TypedLpRuntime<LP> casts payload bytes to LP::PayloadType, calls the const handlers, and keeps
// copies of (State, LpClock) for copy state saving. Engines see only LpRuntime.
//
// Two ways to save (State, LpClock):
//   - inline: a small trivially copyable State (at most kMaxInlineSnapshotBytes with the clock,
//     like PHOLD's) is copied as bytes into storage the engine provides — the optimistic engine
//     keeps it in the event block, which it touches anyway;
//   - the snapshot ring: any other State is copied into a RingBuffer whose slots are reused:
//     saving copy-assigns into a slot that already holds an older copy, so a State made of
//     std::vectors is saved without allocating once the ring has warmed up.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>

#include "pdes/checkpointable.hpp"
#include "pdes/context.hpp"
#include "pdes/logical_process.hpp"
#include "pdes/internal/execution_context.hpp"
#include "pdes/internal/ring_buffer.hpp"
#include "pdes/journaled_deque.hpp"
#include "pdes/lp_id.hpp"
#include "pdes/prefetch.hpp"

namespace pdes::internal {

class LpRuntime {
 public:
  LpRuntime(LpId id, std::uint32_t payload_type) : id_(id), payload_type_(payload_type) {}
  virtual ~LpRuntime() = default;
  LpRuntime(const LpRuntime&) = delete;
  LpRuntime& operator=(const LpRuntime&) = delete;

  LpId id() const { return id_; }
  /// The payload type this LP receives and sends.
  std::uint32_t payload_type() const { return payload_type_; }
  LpClock& clock() { return clock_; }
  const LpClock& clock() const { return clock_; }

  virtual void init(ExecutionContext& exec) = 0;
  /// Hints before execute(payload): requests the LP object and what LP::prefetch names.
  virtual void prefetch(const void* payload, PrefetchStage stage) const = 0;
  virtual void execute(const void* payload, ExecutionContext& exec) = 0;
  virtual void commit(const void* payload, ExecutionContext& exec) = 0;
  /// Calls on_finish with the current state; exec.now is the time the records carry.
  virtual void finish(ExecutionContext& exec) = 0;
  /// False when the LP type does not override on_commit: engines may skip commit().
  virtual bool has_commit_handler() const = 0;

  // --- copy state saving, inline: only when inline_snapshot_size() > 0 ----------------------
  /// Bytes of an inline snapshot, or 0 when the State must go to the snapshot ring.
  virtual std::size_t inline_snapshot_size() const = 0;
  virtual void save_inline(void* destination) const = 0;
  virtual void load_inline(const void* source) = 0;

  // --- copy state saving: a queue of snapshots of (State, LpClock), oldest first ------------
  /// From now on, snapshots hold only the journal positions of the State's JournaledDeques
  /// (pdes/journaled_deque.hpp), which restoring undoes back to. The optimistic engine's
  /// choice; the rollback check keeps whole copies, which it compares.
  virtual void use_journaled_snapshots() = 0;
  virtual void push_snapshot() = 0;
  /// Starts loading the ring slot the next push_snapshot() writes, a whole ring's turn since it
  /// was last written: kEarly its State object; kLate, once that has arrived, what the State's
  /// members point to, if the State names it (prefetch_copy_target, see RouterState).
  virtual void prefetch_snapshot_slot(PrefetchStage stage) const = 0;
  /// Restores snapshot `index` and drops it and every newer one.
  virtual void restore_snapshot(std::size_t index) = 0;
  /// Restores snapshot `index` and keeps every snapshot.
  virtual void load_snapshot(std::size_t index) = 0;
  virtual void drop_oldest_snapshots(std::size_t count) = 0;
  virtual void drop_newest_snapshots(std::size_t count) = 0;
  virtual std::size_t snapshot_count() const = 0;
  /// Releases snapshot slots kept from a burst of optimism (see RingBuffer::shrink_if_sparse).
  virtual void shrink_snapshots() = 0;
  /// Whether the current (State, LpClock) equals snapshot `index`.
  virtual bool state_equals_snapshot(std::size_t index) const = 0;
  /// The current state in readable form, for rollback-check reports.
  virtual std::string describe_state() const = 0;
  virtual std::string describe_snapshot(std::size_t index) const = 0;
  /// sizeof(State); states with heap parts are larger.
  virtual std::size_t state_size() const = 0;

  // --- checkpoints (checkpointable.hpp) ------------------------------------------------------
  /// Writes the current (State, LpClock).
  virtual void save_state(CheckpointWriter& out) = 0;
  /// Reads (State, LpClock) over the current ones. A restart calls init() first, so that the
  /// State has its shape (type-erased parts) before it is read.
  virtual void load_state(CheckpointReader& in) = 0;

 protected:
  LpClock clock_;

 private:
  LpId id_;
  std::uint32_t payload_type_;
};

template <class T>
concept Streamable = requires(std::ostream& os, const T& t) { os << t; };

template <class State>
std::string describe(const State& state) {
  if constexpr (Streamable<State>) {
    std::ostringstream os;
    os << state;
    return os.str();
  } else if constexpr (std::is_trivially_copyable_v<State>) {
    std::ostringstream os;
    os << "bytes:";
    const auto* bytes = reinterpret_cast<const unsigned char*>(&state);
    for (std::size_t i = 0; i < sizeof(State); ++i) {
      os << (i % 8 == 0 ? " " : "") << "0123456789abcdef"[bytes[i] >> 4]
         << "0123456789abcdef"[bytes[i] & 15];
    }
    return os.str();
  } else {
    return "(define operator<< for the State type to see its fields)";
  }
}

/// The largest (State, LpClock) saved inline, in bytes.
inline constexpr std::size_t kMaxInlineSnapshotBytes = 64;

template <class LP>
class TypedLpRuntime final : public LpRuntime {
 public:
  using State = typename LP::StateType;
  using Payload = typename LP::PayloadType;

  TypedLpRuntime(LpId id, std::uint32_t payload_type, std::unique_ptr<const LP> lp)
      : LpRuntime(id, payload_type), lp_(std::move(lp)) {}

  void init(ExecutionContext& exec) override {
    Context<Payload> ctx(exec);
    lp_->on_init(state_, ctx);
  }
  void prefetch(const void* payload, PrefetchStage stage) const override {
    if (stage == PrefetchStage::kEarly) pdes::prefetch(lp_.get(), sizeof(LP));
    Payload event;
    std::memcpy(&event, payload, sizeof(Payload));
    lp_->prefetch(event, state_, stage);  // static call: LP's own hook, or the base's no-op
  }
  void execute(const void* payload, ExecutionContext& exec) override {
    Payload event;
    std::memcpy(&event, payload, sizeof(Payload));
    Context<Payload> ctx(exec);
    lp_->on_event(event, state_, ctx);
  }
  /// Whether LP (or a base between it and LogicalProcess) declares its own on_commit; when
  /// the declaration is not accessible from here, assume it does.
  static constexpr bool has_own_commit_handler() {
    if constexpr (requires { &LP::on_commit; }) {
      return !std::is_same_v<decltype(&LP::on_commit),
                             void (LogicalProcess<State, Payload>::*)(const Payload&,
                                                                      CommitContext&) const>;
    } else {
      return true;
    }
  }
  bool has_commit_handler() const override { return has_own_commit_handler(); }

  void commit(const void* payload, ExecutionContext& exec) override {
    Payload event;
    std::memcpy(&event, payload, sizeof(Payload));
    CommitContext ctx(exec);
    lp_->on_commit(event, ctx);
  }

  void finish(ExecutionContext& exec) override {
    CommitContext ctx(exec);
    lp_->on_finish(state_, ctx);
  }

  static constexpr bool kInline = std::is_trivially_copyable_v<State> &&
                                  sizeof(State) + sizeof(LpClock) <= kMaxInlineSnapshotBytes;

  std::size_t inline_snapshot_size() const override {
    return kInline ? sizeof(State) + sizeof(LpClock) : 0;
  }
  void save_inline(void* destination) const override {
    if constexpr (kInline) {
      std::memcpy(destination, &state_, sizeof(State));
      std::memcpy(static_cast<std::byte*>(destination) + sizeof(State), &clock_, sizeof(LpClock));
    }
  }
  void load_inline(const void* source) override {
    if constexpr (kInline) {
      std::memcpy(&state_, source, sizeof(State));
      std::memcpy(&clock_, static_cast<const std::byte*>(source) + sizeof(State), sizeof(LpClock));
    }
  }

  void use_journaled_snapshots() override { journaled_ = true; }
  void push_snapshot() override {
    const std::uint64_t serial = first_serial_ + snapshots_.size();
    Snapshot& slot = snapshots_.push_back_slot();
    if (journaled_) {
      journal::CopyScope scope({journal::CopyMode::save, serial, first_serial_});
      slot.first = state_;
    } else {
      slot.first = state_;
    }
    slot.second = clock_;
  }
  void prefetch_snapshot_slot(PrefetchStage stage) const override {
    const Snapshot* slot = snapshots_.next_slot();
    if (slot == nullptr) return;
    if (stage == PrefetchStage::kEarly) {
      prefetch_for_write(slot, sizeof(Snapshot));
    } else if constexpr (requires(const State& s) { s.prefetch_copy_target(s); }) {
      slot->first.prefetch_copy_target(state_);
    }
  }
  void restore_snapshot(std::size_t index) override {
    load_snapshot(index);
    snapshots_.truncate(index);
  }
  void load_snapshot(std::size_t index) override {
    if (journaled_) {
      journal::CopyScope scope({journal::CopyMode::restore, 0, 0});
      state_ = snapshots_[index].first;
    } else {
      state_ = snapshots_[index].first;
    }
    clock_ = snapshots_[index].second;
  }
  void drop_oldest_snapshots(std::size_t count) override {
    snapshots_.pop_front(count);
    first_serial_ += count;
  }
  void drop_newest_snapshots(std::size_t count) override { snapshots_.pop_back(count); }
  std::size_t snapshot_count() const override { return snapshots_.size(); }
  void shrink_snapshots() override { snapshots_.shrink_if_sparse(8); }
  bool state_equals_snapshot(std::size_t index) const override {
    return state_ == snapshots_[index].first && clock_ == snapshots_[index].second;
  }
  std::string describe_state() const override { return describe_pair(state_, clock_); }
  std::string describe_snapshot(std::size_t index) const override {
    return describe_pair(snapshots_[index].first, snapshots_[index].second);
  }
  std::size_t state_size() const override { return sizeof(State) + sizeof(LpClock); }

  void save_state(CheckpointWriter& out) override {
    checkpoint_value(out, state_);
    checkpoint_value(out, clock_);
  }
  void load_state(CheckpointReader& in) override {
    checkpoint_value(in, state_);
    checkpoint_value(in, clock_);
  }

  const State& state() const { return state_; }

 private:
  static std::string describe_pair(const State& s, const LpClock& c) {
    return describe(s) + " [rng_draws=" + std::to_string(c.rng_draws) +
           " next_sequence=" + std::to_string(c.next_sequence) + "]";
  }

  std::unique_ptr<const LP> lp_;
  State state_{};
  using Snapshot = std::pair<State, LpClock>;
  RingBuffer<Snapshot> snapshots_;
  std::uint64_t first_serial_ = 0;  ///< number of the oldest snapshot (journaled saves)
  bool journaled_ = false;
};

}  // namespace pdes::internal
