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

void StatusAgeResults::add_figures(const io::ResultSet& combined,
                                   std::vector<models::Figure>& figures) const {
  const io::Table* ages = combined.find(kTable);
  if (ages == nullptr) return;
  const std::size_t hops = ages->column_index("hops");
  const std::size_t uses = ages->column_index("uses");
  const std::size_t sum = ages->column_index("age_sum");
  const std::size_t max = ages->column_index("age_max");
  for (std::uint64_t h = 1; h <= 2; ++h) {
    std::uint64_t n = 0, total = 0, worst = 0;
    for (std::size_t r = 0; r < ages->rows(); ++r) {
      if (ages->at(r, hops).as_u64() != h) continue;
      n += ages->at(r, uses).as_u64();
      total += ages->at(r, sum).as_u64();
      worst = std::max(worst, ages->at(r, max).as_u64());
    }
    if (n == 0) continue;
    const std::string key = "status_age_" + std::to_string(h) + "hop";
    figures.push_back(models::Figure::number(
        key, std::to_string(h) + "-hop status age",
        static_cast<double>(total) / static_cast<double>(n), "cycles", "%.1f",
        " (mean at use; max " + std::to_string(worst) + ")"));
    figures.push_back(models::Figure::number(key + "_max", std::to_string(h) + "-hop status age max",
                                             static_cast<double>(worst), "cycles", "%.0f"));
  }
}

}  // namespace net::speculative
