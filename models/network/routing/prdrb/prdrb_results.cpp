// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/prdrb/prdrb_results.hpp"

#include <iterator>
#include <string>
#include <vector>

namespace net::prdrb {

void PrDrbResults::write(const pdes::Record& record) {
  if (record.kind == DetectorTotals::kRecordKind) {
    routers_.push_back(record.as<DetectorTotals>());
  } else {
    sources_.push_back(record.as<SourceTotals>());
  }
}

void PrDrbResults::add_tables(io::ResultSet& local) const {
  using io::Cell;
  using io::ColumnType;
  io::Table routers(kRouterTable,
                    "PR-DRB detection per router that saw congestion: packets that waited beyond "
                    "prdrb.router_threshold, notifications sent",
                    {{"router", ColumnType::kUInt64, "", "router id"},
                     {"detections", ColumnType::kUInt64, "packets", "waits beyond the threshold"},
                     {"notices", ColumnType::kUInt64, "", "notifications sent"}},
                    1, io::Combine::kConcatenate);
  for (const DetectorTotals& t : routers_) {
    routers.add_row({Cell::u64(t.router), Cell::u64(t.detections), Cell::u64(t.notices)});
  }
  local.tables.push_back(std::move(routers));

  std::vector<io::Column> columns = {
      {"node", ColumnType::kUInt64, "", "source node"},
      {"entries", ColumnType::kUInt64, "", "saved solutions at the end"},
      {"recurring", ColumnType::kUInt64, "", "saved solutions re-applied at least once"},
      {"notifications", ColumnType::kUInt64, "", "notifications naming this source's flows"},
      {"lookups", ColumnType::kUInt64, "", "database queries"},
      {"hits", ColumnType::kUInt64, "", "queries answered: solutions re-applied"},
      {"misses", ColumnType::kUInt64, "", "queries unanswered"},
      {"saved", ColumnType::kUInt64, "", "new solutions (distinct situations learnt)"},
      {"replaced", ColumnType::kUInt64, "", "solutions improved or replaced after going stale"},
      {"evicted", ColumnType::kUInt64, "", "solutions dropped for room (LRU)"},
      {"stale", ColumnType::kUInt64, "", "re-applied solutions that failed"},
      {"watchdog", ColumnType::kUInt64, "", "FR-DRB watchdog fired"},
      {"widenings", ColumnType::kUInt64, "paths", "paths opened by DRB steps"}};
  io::Table sources(kSourceTable,
                    "PR-DRB at each source: notifications, the solution database and its use",
                    std::move(columns), 1, io::Combine::kConcatenate);
  for (const SourceTotals& t : sources_) {
    sources.add_row({Cell::u64(t.node), Cell::u64(t.entries), Cell::u64(t.recurring),
                     Cell::u64(t.notifications), Cell::u64(t.lookups), Cell::u64(t.hits),
                     Cell::u64(t.misses), Cell::u64(t.saved), Cell::u64(t.replaced),
                     Cell::u64(t.evicted), Cell::u64(t.stale), Cell::u64(t.watchdog),
                     Cell::u64(t.widenings)});
  }
  local.tables.push_back(std::move(sources));
}

void PrDrbResults::add_figures(const io::DistributedTables& tables,
                               std::vector<models::Figure>& figures) const {
  if (tables.find(kRouterTable) != nullptr) {
    const std::uint64_t detections = tables.column_sums(kRouterTable, {"detections"})[0];
    figures.push_back(models::Figure::number("prdrb_detections", "PR-DRB detections",
                                             static_cast<double>(detections), "packets", "%.0f"));
  }
  if (tables.find(kSourceTable) == nullptr) return;
  struct Total {
    const char* key;
    const char* label;
    const char* column;
  };
  static constexpr Total kTotals[] = {
      {"prdrb_patterns", "PR-DRB patterns learnt", "saved"},
      {"prdrb_recurring", "PR-DRB patterns reused", "recurring"},
      {"prdrb_hits", "PR-DRB re-applications", "hits"},
      {"prdrb_misses", "PR-DRB database misses", "misses"},
      {"prdrb_stale", "PR-DRB stale solutions", "stale"},
      {"prdrb_widenings", "DRB paths opened", "widenings"},
      {"prdrb_watchdog", "FR-DRB watchdog fired", "watchdog"},
  };
  std::vector<std::string> columns;
  for (const Total& t : kTotals) columns.emplace_back(t.column);
  const std::vector<std::uint64_t> sums = tables.column_sums(kSourceTable, columns);
  for (std::size_t i = 0; i < std::size(kTotals); ++i) {
    figures.push_back(models::Figure::number(kTotals[i].key, kTotals[i].label,
                                             static_cast<double>(sums[i]), "", "%.0f"));
  }
}

}  // namespace net::prdrb
