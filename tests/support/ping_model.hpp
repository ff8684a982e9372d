// SPDX-License-Identifier: Apache-2.0
//
// PingLp: a tiny model for kernel tests. Each LP starts `start` events; every event is
// forwarded to (self + stride) mod n after `delay` ticks, and emits a record with its time.
#pragma once

#include <cstdint>

#include "pdes/pdes.hpp"

namespace testing_support {

struct PingState {
  std::uint64_t received = 0;
  std::int64_t last_time = -1;
  bool operator==(const PingState&) const = default;
};

struct Ping {
  std::uint64_t hops = 0;
};

struct PingRecord {
  static constexpr std::uint16_t kRecordKind = 7;
  std::uint64_t lp;
  std::int64_t time;
  std::uint64_t hops;
};

struct PingParams {
  std::uint64_t lps = 4;
  std::uint64_t start = 1;
  std::uint64_t stride = 1;
  std::int64_t delay = 10;
  bool emit = false;
};

class PingLp final : public pdes::LogicalProcess<PingState, Ping> {
 public:
  explicit PingLp(PingParams p) : p_(p) {}

  void on_init(PingState&, pdes::Context<Ping>& ctx) const override {
    for (std::uint64_t i = 0; i < p_.start; ++i) ctx.send(ctx.self(), pdes::SimTime{p_.delay}, Ping{});
  }
  void on_event(const Ping& ev, PingState& s, pdes::Context<Ping>& ctx) const override {
    ++s.received;
    s.last_time = ctx.now().ticks();
    if (p_.emit) ctx.emit(PingRecord{ctx.self().value(), ctx.now().ticks(), ev.hops});
    ctx.send(pdes::LpId{(ctx.self().value() + p_.stride) % p_.lps}, pdes::SimTime{p_.delay},
             Ping{ev.hops + 1});
  }

 private:
  PingParams p_;
};

inline void build_ping(pdes::Simulation& sim, const PingParams& p) {
  sim.set_lp_count(p.lps);
  for (pdes::LpId id : sim.local_lps()) sim.add_lp(id, std::make_unique<const PingLp>(p));
}

}  // namespace testing_support
