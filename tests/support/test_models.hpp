// SPDX-License-Identifier: Apache-2.0
//
// Test models for the kernel's engines.
//
// StatefulLp: PHOLD with a State of realistic size. Each LP holds `state_words` 64-bit words
// (4 KiB by default, about what a router holds) in a std::vector, so that state saving has
// real work to do and a heap part to copy. Every event scrambles a few words, draws from the
// LP's random stream, optionally emits a record, and sends one event: to a uniformly drawn
// LP with probability remote_fraction, else to itself, after lookahead + Exp(mean_delay)
// ticks. LPs with id < slow_lps_below burn `slow_spin` iterations per event, which slows
// the ranks that own them and makes the others run ahead: stragglers and rollbacks become
// certain rather than likely.
//
// Fault models:
//   - fail_lp/fail_time: the handler of LP fail_lp throws std::runtime_error at time
//     fail_time (a real error: it happens in the committed execution);
//   - SpeculationSensitiveLp: throws only in states that exist during speculation, never in
//     the committed run (the engine must not report it);
//   - ImpureLp: keeps a counter outside its State (a mutable member), which the rollback-check
//     engine must catch.
//
// sequential_reference(): the sequential engine's result for a model, computed on any rank of
// an MPI run (it builds a one-rank ModelInstance itself, since Simulation refuses the
// sequential engine under mpiexec with several ranks).
#pragma once

#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <typeindex>
#include <vector>

#include "pdes/internal/engines.hpp"
#include "pdes/pdes.hpp"

namespace testing_support {

struct StatefulParams {
  std::uint64_t lps = 64;
  std::uint64_t start_events = 4;
  std::uint32_t state_words = 512;  ///< 4 KiB
  double remote_fraction = 0.5;
  std::int64_t lookahead = 100;  ///< ticks
  double mean_delay = 1000.0;    ///< ticks
  bool emit = false;
  std::uint64_t slow_lps_below = 0;
  std::uint32_t slow_spin = 0;
  std::int64_t fail_lp = -1;
  std::int64_t fail_time = -1;
};

struct StatefulState {
  std::vector<std::uint64_t> words;
  std::uint64_t received = 0;
  std::uint64_t checksum = 0;
  /// A queue written with every operation JournaledDeque has; its front shapes the delays, so
  /// a wrong restore of its journal changes the event digest.
  pdes::JournaledDeque<std::uint64_t> backlog;

  bool operator==(const StatefulState&) const = default;
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    pdes::checkpoint_value(ar, words);
    pdes::checkpoint_value(ar, received);
    pdes::checkpoint_value(ar, checksum);
    pdes::checkpoint_value(ar, backlog);
  }
  friend std::ostream& operator<<(std::ostream& os, const StatefulState& s) {
    os << "{received=" << s.received << ", checksum=" << s.checksum
       << ", backlog=" << s.backlog.size() << ", words=[";
    for (std::size_t i = 0; i < s.words.size(); ++i) os << (i ? "," : "") << s.words[i];
    return os << "]}";
  }
};

struct StatefulEvent {
  std::uint64_t hops = 0;
  std::uint64_t value = 0;
};

struct StatefulRecord {
  static constexpr std::uint16_t kRecordKind = 11;
  std::uint64_t lp;
  std::int64_t time;
  std::uint64_t hops;
  std::uint64_t checksum;
};

class StatefulLp final : public pdes::LogicalProcess<StatefulState, StatefulEvent> {
 public:
  explicit StatefulLp(const StatefulParams& p) : p_(p) {}

  void on_init(StatefulState& s, pdes::Context<StatefulEvent>& ctx) const override {
    s.words.assign(p_.state_words, ctx.self().value());
    for (std::uint64_t i = 0; i < p_.start_events; ++i) {
      ctx.send(ctx.self(), delay(ctx.rng()), StatefulEvent{0, i});
    }
  }

  void on_event(const StatefulEvent& ev, StatefulState& s,
                pdes::Context<StatefulEvent>& ctx) const override {
    if (static_cast<std::int64_t>(ctx.self().value()) == p_.fail_lp &&
        ctx.now().ticks() == p_.fail_time) {
      throw std::runtime_error("the test model fails here on purpose");
    }
    ++s.received;
    for (int k = 0; k < 3; ++k) {
      const std::uint64_t i = ctx.rng().uniform_int(s.words.size());
      s.words[i] = s.words[i] * 6364136223846793005ULL + ev.value +
                   static_cast<std::uint64_t>(ctx.now().ticks());
      s.checksum ^= s.words[i] + (s.checksum << 7);
    }
    update_backlog(s, ev.value);
    if (ctx.self().value() < p_.slow_lps_below) spin(p_.slow_spin);
    if (p_.emit) {
      ctx.emit(StatefulRecord{ctx.self().value(), ctx.now().ticks(), ev.hops, s.checksum});
    }
    pdes::LpId dest = ctx.self();
    if (p_.remote_fraction > 0.0 && ctx.rng().bernoulli(p_.remote_fraction)) {
      dest = pdes::LpId{ctx.rng().uniform_int(p_.lps)};
    }
    const pdes::SimTime shaped{static_cast<std::int64_t>(s.backlog.front() % 4)};
    ctx.send(dest, delay(ctx.rng()) + shaped, StatefulEvent{ev.hops + 1, s.checksum});
  }

  /// End-of-run record of the final state: hops = kFinalHops marks it, checksum = received.
  void on_finish(const StatefulState& s, pdes::CommitContext& ctx) const override {
    if (p_.emit) {
      ctx.emit(StatefulRecord{ctx.self().value(), ctx.now().ticks(), kFinalHops,
                              s.received * 1'000'003 + s.checksum});
    }
  }
  static constexpr std::uint64_t kFinalHops = ~std::uint64_t{0};

 private:
  pdes::SimTime delay(pdes::Rng& rng) const {
    return pdes::SimTime{p_.lookahead + std::llround(rng.exponential(p_.mean_delay)) + 1};
  }
  /// Pushes, pops, erases and rewrites, from the state only (no random draws).
  static void update_backlog(StatefulState& s, std::uint64_t value) {
    auto& q = s.backlog;
    q.push_back(s.checksum ^ value);
    if ((s.checksum % 3 == 0 && q.size() > 1) || q.size() > 12) q.pop_front();  // never empty
    if (q.size() > 2) q.set(1, q[1] * 31 + value);
    if (s.checksum % 5 == 1 && q.size() > 3) q.erase(2);
    s.checksum += q.front() % 1024;
  }
  static void spin(std::uint32_t n) {
    volatile std::uint64_t x = 0;
    for (std::uint32_t i = 0; i < n; ++i) x = x + i;
  }

  StatefulParams p_;
};

/// Throws whenever it runs a "tick" event at time t without having seen every "feed" event
/// below t. Feed events come from LP 0 (slow, on rank 0) to the last LP (on the last rank);
/// in the committed order the last LP always has them, so it never throws — but running ahead
/// speculatively, it does, and the engine must hold the error until a rollback clears it.
struct SensitiveState {
  std::uint64_t feeds = 0;
  std::uint64_t ticks = 0;
  bool operator==(const SensitiveState&) const = default;
};
struct SensitiveEvent {
  std::uint32_t kind = 0;  ///< 0: tick (self), 1: feed
};
inline std::atomic<std::uint64_t> speculative_throws{0};

class SpeculationSensitiveLp final : public pdes::LogicalProcess<SensitiveState, SensitiveEvent> {
 public:
  SpeculationSensitiveLp(std::uint64_t lps, std::uint32_t spin) : lps_(lps), spin_(spin) {}

  void on_init(SensitiveState&, pdes::Context<SensitiveEvent>& ctx) const override {
    const std::uint64_t self = ctx.self().value();
    if (self == 0) ctx.send(ctx.self(), pdes::SimTime{10}, SensitiveEvent{0});
    if (self == lps_ - 1) ctx.send(ctx.self(), pdes::SimTime{1}, SensitiveEvent{0});
  }
  void on_event(const SensitiveEvent& ev, SensitiveState& s,
                pdes::Context<SensitiveEvent>& ctx) const override {
    const std::uint64_t self = ctx.self().value();
    if (ev.kind == 1) {
      ++s.feeds;
      return;
    }
    ++s.ticks;
    if (self == 0) {  // the feeder: every 10 ticks, one feed arriving 5 ticks later
      volatile std::uint64_t x = 0;
      for (std::uint32_t i = 0; i < spin_; ++i) x = x + i;
      ctx.send(pdes::LpId{lps_ - 1}, pdes::SimTime{5}, SensitiveEvent{1});
      ctx.send(ctx.self(), pdes::SimTime{10}, SensitiveEvent{0});
      return;
    }
    // The checker ticks at 1, 11, 21, ...: by time t, feeds were sent at 10, 20, ... < t
    // and arrived at 15, 25, ... < t.
    const std::int64_t t = ctx.now().ticks();
    const auto expected = static_cast<std::uint64_t>(t >= 15 ? (t - 15) / 10 + 1 : 0);
    if (s.feeds < expected) {
      ++speculative_throws;
      throw std::logic_error("tick at " + std::to_string(t) + " saw " + std::to_string(s.feeds) +
                             " feeds, expected " + std::to_string(expected));
    }
    ctx.send(ctx.self(), pdes::SimTime{10}, SensitiveEvent{0});
  }

 private:
  std::uint64_t lps_;
  std::uint32_t spin_;
};

/// Counts its executions in a mutable member and puts the count in its State: a re-execution
/// gives another State. What the rollback-check engine exists to catch.
struct ImpureState {
  std::uint64_t value = 0;
  bool operator==(const ImpureState&) const = default;
  friend std::ostream& operator<<(std::ostream& os, const ImpureState& s) {
    return os << "{value=" << s.value << "}";
  }
};
struct ImpureEvent {
  std::uint64_t n = 0;
};
class ImpureLp final : public pdes::LogicalProcess<ImpureState, ImpureEvent> {
 public:
  void on_init(ImpureState&, pdes::Context<ImpureEvent>& ctx) const override {
    ctx.send(ctx.self(), pdes::SimTime{5}, ImpureEvent{});
  }
  void on_event(const ImpureEvent& ev, ImpureState& s,
                pdes::Context<ImpureEvent>& ctx) const override {
    ++executions_;
    s.value += executions_;
    ctx.send(ctx.self(), pdes::SimTime{5}, ImpureEvent{ev.n + 1});
  }

 private:
  mutable std::uint64_t executions_ = 0;
};

using LpFactory = std::function<void(pdes::Simulation&)>;

/// Builds a Simulation of `lps` StatefulLps on this rank (block partition by default).
inline void build_stateful(pdes::Simulation& sim, const StatefulParams& p) {
  sim.set_lp_count(p.lps);
  for (pdes::LpId id : sim.local_lps()) sim.add_lp(id, std::make_unique<const StatefulLp>(p));
}

/// The sequential engine's result for `num_lps` LPs made by make_lp(id), on any rank.
template <class LP, class MakeLp>
pdes::RunResult sequential_reference(pdes::KernelConfig config, std::uint64_t num_lps,
                                     MakeLp&& make_lp, pdes::OutputSink* sink = nullptr) {
  config.engine = pdes::EngineKind::sequential;
  pdes::internal::ModelInstance model;
  model.config = config;
  model.num_lps = num_lps;
  model.partition.num_ranks = 1;
  model.partition.rank_of_lp.assign(num_lps, 0);
  model.payload_types.emplace_back(typeid(typename LP::PayloadType));
  model.max_payload_size = sizeof(typename LP::PayloadType);
  model.sink = sink;
  for (std::uint64_t i = 0; i < num_lps; ++i) {
    model.local_index.push_back(static_cast<std::int32_t>(i));
    model.lps.push_back(std::make_unique<pdes::internal::TypedLpRuntime<LP>>(
        pdes::LpId{i}, 0, make_lp(pdes::LpId{i})));
  }
  return pdes::internal::run_sequential(model);
}

inline pdes::RunResult stateful_reference(const pdes::KernelConfig& config, const StatefulParams& p,
                                          pdes::OutputSink* sink = nullptr) {
  return sequential_reference<StatefulLp>(
      config, p.lps, [&](pdes::LpId) { return std::make_unique<const StatefulLp>(p); }, sink);
}

}  // namespace testing_support
