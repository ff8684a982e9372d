// SPDX-License-Identifier: Apache-2.0
//
// PrDrbResults: PR-DRB's own tables and figures (metrics/results_extension.hpp; docs/prdrb.md,
// docs/hdf5-schema.md):
//   network/prdrb_routers  per router that detected congestion: detections, notifications;
//   network/prdrb_sources  per source node: notifications received, database lookups, hits,
//                          misses, situations saved (distinct patterns), recurring ones (saved
//                          and re-applied at least once), replacements, evictions, stale
//                          solutions, watchdog expiries, paths opened by DRB steps.
// Figures: the totals a reader of the thesis looks for (§4.8.3: distinct patterns, patterns
// re-identified, re-applications).
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/metrics/results_extension.hpp"
#include "models/network/routing/prdrb/contention_detector.hpp"

namespace net::prdrb {

struct SourceTotals {
  static constexpr std::uint16_t kRecordKind = 0x4E21;
  std::uint32_t node = 0;
  std::uint32_t entries = 0;    ///< solutions in the database at the end
  std::uint32_t recurring = 0;  ///< ... of which re-applied at least once
  std::uint32_t reserved = 0;
  std::uint64_t notifications = 0;
  std::uint64_t lookups = 0;
  std::uint64_t hits = 0;
  std::uint64_t misses = 0;
  std::uint64_t saved = 0;
  std::uint64_t replaced = 0;
  std::uint64_t evicted = 0;
  std::uint64_t stale = 0;
  std::uint64_t watchdog = 0;
  std::uint64_t widenings = 0;
};

class PrDrbResults final : public ResultsExtension {
 public:
  static constexpr const char* kRouterTable = "network/prdrb_routers";
  static constexpr const char* kSourceTable = "network/prdrb_sources";

  std::vector<RecordKind> record_kinds() const override {
    return {record_kind<DetectorTotals>("prdrb::DetectorTotals"),
            record_kind<SourceTotals>("prdrb::SourceTotals")};
  }
  void write(const pdes::Record& record) override;
  void add_tables(io::ResultSet& local) const override;
  void add_figures(const io::DistributedTables& tables,
                   std::vector<models::Figure>& figures) const override;

 private:
  std::vector<DetectorTotals> routers_;
  std::vector<SourceTotals> sources_;
};

}  // namespace net::prdrb
