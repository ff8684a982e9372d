// SPDX-License-Identifier: Apache-2.0
#include "models/network/selection/speculative/status_age_results.hpp"

#include <algorithm>
#include <string>

namespace net::speculative {

void StatusAgeResults::write(const pdes::Record& record) {
  totals_.push_back(record.as<StatusAgeTotals>());
}

void StatusAgeResults::add_tables(io::ResultSet& local) const {
  using io::Cell;
  io::Table ages(kTable,
                 "Per router and distance: age of the neighbours' status values (NCBs) when the "
                 "selection function used them, whole run",
                 {{"router", io::ColumnType::kUInt64, "", "router id"},
                  {"hops", io::ColumnType::kUInt64, "hops", "1: neighbour's value; 2: relayed"},
                  {"uses", io::ColumnType::kUInt64, "", "values used in a choice"},
                  {"age_sum", io::ColumnType::kUInt64, "cycles", "sum of their ages"},
                  {"age_max", io::ColumnType::kUInt64, "cycles", "largest age"},
                  {"age_min", io::ColumnType::kUInt64, "cycles", "smallest age"}},
                 2, io::Combine::kConcatenate);
  for (const StatusAgeTotals& a : totals_) {
    ages.add_row({Cell::u64(a.router), Cell::u64(a.hops), Cell::u64(a.uses),
                  Cell::u64(a.age_sum), Cell::u64(a.age_max), Cell::u64(a.age_min)});
  }
  local.tables.push_back(std::move(ages));
}

void StatusAgeResults::add_figures(const io::DistributedTables& tables,
                                   std::vector<models::Figure>& figures) const {
  const io::Table* ages = tables.find(kTable);
  if (ages == nullptr) return;
  const std::size_t hops = ages->column_index("hops");
  const std::size_t uses = ages->column_index("uses");
  const std::size_t sum = ages->column_index("age_sum");
  const std::size_t max = ages->column_index("age_max");
  struct Ages {
    std::uint64_t n = 0, total = 0, worst = 0;
  };
  for (std::uint64_t h = 1; h <= 2; ++h) {
    const Ages a = tables.fold(kTable, Ages{}, [&](Ages& s, const io::Table& t, std::size_t r) {
      if (t.at(r, hops).as_u64() != h) return;
      s.n += t.at(r, uses).as_u64();
      s.total += t.at(r, sum).as_u64();
      s.worst = std::max(s.worst, t.at(r, max).as_u64());
    });
    if (a.n == 0) continue;
    const std::string key = "status_age_" + std::to_string(h) + "hop";
    figures.push_back(
        models::Figure::number(key, std::to_string(h) + "-hop status age",
                               static_cast<double>(a.total) / static_cast<double>(a.n), "cycles",
                               "%.1f", " (mean at use; max " + std::to_string(a.worst) + ")"));
    figures.push_back(models::Figure::number(key + "_max",
                                             std::to_string(h) + "-hop status age max",
                                             static_cast<double>(a.worst), "cycles", "%.0f"));
  }
}

}  // namespace net::speculative
