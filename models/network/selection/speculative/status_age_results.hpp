// SPDX-License-Identifier: Apache-2.0
//
// How stale the speculative selections' neighbour status was when used (seed 002's NCBs): each
// router's StatusExchange emits a StatusAgeTotals per distance at the end of the run, and
// StatusAgeResults (the selection's ResultsExtension, metrics/results_extension.hpp) turns them
// into the table network/status_age and the figures status_age_1hop / status_age_2hop (mean age
// at use, cycles) and their _max.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/metrics/results_extension.hpp"

namespace net::speculative {

/// One record per router and distance (hops = 1 or 2): how old the values were when used, in
/// cycles since the neighbour sampled them.
struct StatusAgeTotals {
  static constexpr std::uint16_t kRecordKind = 0x4E60;
  std::uint32_t router = 0;
  std::uint32_t hops = 0;     ///< 1: a neighbour's own value; 2: one relayed from two hops
  std::uint64_t uses = 0;     ///< values used in a choice
  std::uint64_t age_sum = 0;  ///< cycles, over those uses
  std::uint64_t age_max = 0;  ///< cycles
  std::uint64_t age_min = 0;  ///< cycles
};

class StatusAgeResults final : public ResultsExtension {
 public:
  static constexpr const char* kTable = "network/status_age";

  std::vector<RecordKind> record_kinds() const override {
    return {record_kind<StatusAgeTotals>("speculative::StatusAgeTotals")};
  }
  void write(const pdes::Record& record) override;
  void add_tables(io::ResultSet& local) const override;
  void add_figures(const io::DistributedTables& tables,
                   std::vector<models::Figure>& figures) const override;

 private:
  std::vector<StatusAgeTotals> totals_;
};

}  // namespace net::speculative
