// SPDX-License-Identifier: Apache-2.0
//
// TimeWarpRank: what the parts of the optimistic engine on one rank share — the model's
// local LPs with their histories, the event memory, the pending set, the index of events
// received from other ranks, and the statistics. The parts (TimeWarpEngine, RollbackManager,
// FossilCollector) each hold a reference to it; it has no behaviour of its own beyond lookups.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "pdes/internal/optimistic_lp.hpp"
#include "pdes/internal/pending_set.hpp"
#include "pdes/internal/remote_event_index.hpp"
#include "pdes/internal/tw_event.hpp"
#include "pdes/simulation.hpp"
#include "pdes/statistics.hpp"

namespace pdes::internal {

struct TimeWarpRank {
  explicit TimeWarpRank(ModelInstance& m)
      : model(m), config(m.config), layout(make_layout(m)), pool(layout), pending(pool, m.config.pending_set) {
    lps.reserve(m.lps.size());
    for (auto& runtime : m.lps) {
      const std::size_t offset = runtime->inline_snapshot_size() > 0 ? layout.snapshot_offset : 0;
      lps.emplace_back(*runtime, offset, &saved_state_bytes);
    }
  }
  TimeWarpRank(const TimeWarpRank&) = delete;
  TimeWarpRank& operator=(const TimeWarpRank&) = delete;

  bool is_local(LpId id) const { return model.local_index[id.value()] >= 0; }
  OptimisticLp& lp_of(LpId id) {
    return lps[static_cast<std::size_t>(model.local_index[id.value()])];
  }
  std::uint32_t index_of(LpId id) const {
    return static_cast<std::uint32_t>(model.local_index[id.value()]);
  }
  int rank_of(LpId id) const { return model.partition.rank_of_lp[id.value()]; }

  /// Adds an LP to `listed` (for fossil collection) when its history becomes non-empty.
  void list(OptimisticLp& lp) {
    if (!lp.listed) {
      lp.listed = true;
      listed.push_back(index_of(lp.id()));
    }
  }

  /// Bytes of event memory in use: event blocks (pending, processed, cancelled but not yet
  /// dropped) and saved states.
  std::uint64_t memory_in_use() const { return pool.live_bytes() + saved_state_bytes; }

  /// Event blocks hold an inline snapshot when some local LP's state fits one.
  static TwEventLayout make_layout(const ModelInstance& m) {
    std::size_t inline_bytes = 0;
    for (const auto& runtime : m.lps) {
      inline_bytes = std::max(inline_bytes, runtime->inline_snapshot_size());
    }
    return TwEventLayout::make(m.max_payload_size, inline_bytes);
  }

  ModelInstance& model;
  const KernelConfig& config;
  TwEventLayout layout;
  TwEventPool pool;
  PendingSet pending;
  RemoteEventIndex remote_index;
  std::vector<OptimisticLp> lps;      ///< same order as model.lps
  std::vector<std::uint32_t> listed;  ///< LPs whose history is not empty

  std::vector<std::uint32_t> failed;  ///< LPs with an LpFailure
  EngineStatistics stats;
  std::uint64_t saved_state_bytes = 0;  ///< bytes of saved states held in snapshot rings
  std::uint64_t uncommitted = 0;        ///< processed, not yet committed events
  SimTime last_committed_time = SimTime::zero();
  /// At least the key of every event in any local LP's history (the largest key executed on
  /// the rank; rollbacks only lower histories). An event above it cannot be a straggler, so
  /// delivering it needs no look at its LP's history, which is rarely in the cache.
  EventKey executed_bound{SimTime::zero(), LpId{0}, 0};
  /// No event earlier than this can still be rolled back or cancelled (GvtResult::safe_time
  /// of the last GVT round; zero without a lookahead): such events run as final.
  SimTime safe_until = SimTime::zero();
};

}  // namespace pdes::internal
