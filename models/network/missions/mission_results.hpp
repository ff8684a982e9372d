// SPDX-License-Identifier: Apache-2.0
//
// MissionResults: the results of a mission run (MissionWorkload::make_results). Tables:
//   missions/messages  one row per message (MissionMessage records), keyed (group, src, message)
//   missions/links     one row per arbitrated link: messages sent, busy cycles
// Figures, over the missions (groups) of the run, in time units (cycles / mission.resolution):
//   missions, makespan_mean, makespan_std (spread over missions), makespan_ci95 (half-width of
//   the normal 95 % interval of the mean), makespan_min, makespan_max,
//   bound_mean (ecube_bound, link_load_bound.hpp), makespan_over_bound (mean of ratios),
//   cps_load_mean (min_max_load), overlapping_missions (missions whose last arrival comes
//   after the next mission's start: must be 0, else raise mission.period); with mission.opt,
//   opt_mean (best schedule found by OptScheduler), opt_lower_mean (its proven lower bound),
//   opt_proven (missions whose OPT is proven optimal), opt_gap_mean (mean of (opt − lower) /
//   lower), opt_nodes_mean (search nodes per mission); with mission.cps_opt, cps_opt_mean (the
//   best schedule on the annealed paths), cps_opt_lower_mean (its proven lower bound on those
//   paths), cps_opt_proven, cps_peak_mean (the annealed paths' peak link load).
// makespan of a mission = its last arrival − its first release (§2).
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/metrics/results_extension.hpp"
#include "models/network/missions/mission_records.hpp"
#include "models/network/missions/opt_schedule.hpp"

namespace net::missions {

/// Per-mission numbers from a combined missions/messages table.
struct MissionSummary {
  std::uint32_t group = 0;
  std::int64_t released = 0;
  std::int64_t completed = 0;
  std::int64_t makespan = 0;
  std::int64_t bound = 0;     ///< ecube_bound
  std::int64_t cps_load = 0;  ///< min_max_load
  std::uint64_t messages = 0;
  OptResult opt;  ///< with OptReference::enabled
  OptResult cps_opt;           ///< with OptReference::cps: the schedule on annealed paths
  std::int64_t cps_peak = 0;   ///< with OptReference::cps: the annealed paths' peak link load
};

/// Whether and how the results compute OPT (opt_schedule.hpp).
struct OptReference {
  bool enabled = false;
  ScheduleMode mode = ScheduleMode::kMessage;
  std::uint64_t budget = 20000;
  bool cps = false;                  ///< CPS-OPT (cps_annealer.hpp + OptScheduler)
  std::uint64_t cps_iterations = 20000;
};

std::vector<MissionSummary> summarize_missions(const io::Table& messages,
                                               std::uint32_t dimension, bool half_duplex,
                                               bool store_and_forward = true,
                                               OptReference opt = {});

class MissionResults final : public ResultsExtension {
 public:
  /// `resolution`: cycles per time unit; the figures are in time units.
  MissionResults(std::uint32_t dimension, bool half_duplex, std::uint64_t period,
                 std::uint64_t resolution = 1, bool store_and_forward = true,
                 OptReference opt = {})
      : dimension_(dimension), half_duplex_(half_duplex), period_(period),
        resolution_(resolution), store_and_forward_(store_and_forward), opt_(opt) {}

  std::vector<RecordKind> record_kinds() const override {
    return {record_kind<MissionMessage>("missions::MissionMessage"),
            record_kind<MissionLink>("missions::MissionLink")};
  }
  void write(const pdes::Record& record) override;
  void add_tables(io::ResultSet& local) const override;
  void add_figures(const io::DistributedTables& tables,
                   std::vector<models::Figure>& figures) const override;

 private:
  std::uint32_t dimension_;
  bool half_duplex_;
  std::uint64_t period_;
  std::uint64_t resolution_;
  bool store_and_forward_;
  OptReference opt_;
  std::vector<MissionMessage> messages_;
  std::vector<MissionLink> links_;
};

}  // namespace net::missions
