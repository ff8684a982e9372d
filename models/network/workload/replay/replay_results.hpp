// SPDX-License-Identifier: Apache-2.0
//
// ReplayResults: the results of a trace replay (ReplayWorkload's ResultsExtension). Table
// network/replay_ranks: one row per rank (finish time, compute and wait time, messages and bytes
// sent, operations done, and for a rank that never finished the operation it was blocked in).
// Figures: execution_time (the last rank's finish, cycles = ns), ranks_finished, the mean
// compute and wait shares of the execution time, and, when ranks are left blocked with nothing
// in flight, trace_deadlock naming who waits on whom.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/metrics/results_extension.hpp"
#include "models/network/workload/replay/replay_records.hpp"

namespace net::replay {

class ReplayResults final : public ResultsExtension {
 public:
  static constexpr const char* kTable = "network/replay_ranks";

  explicit ReplayResults(std::uint32_t ranks) : ranks_(ranks) {}

  std::vector<RecordKind> record_kinds() const override {
    return {record_kind<RankReplayTotals>("replay::RankReplayTotals")};
  }
  void write(const pdes::Record& record) override;
  void add_tables(io::ResultSet& local) const override;
  void add_figures(const io::DistributedTables& tables,
                   std::vector<models::Figure>& figures) const override;

 private:
  std::uint32_t ranks_;
  std::vector<RankReplayTotals> totals_;
};

}  // namespace net::replay
