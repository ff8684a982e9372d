// SPDX-License-Identifier: Apache-2.0
#include "models/network/metrics/link_load_spread.hpp"

#include <algorithm>
#include <cmath>

namespace net {

void LinkLoadSpread::add(std::uint64_t flits) {
  const double f = static_cast<double>(flits);
  ++links;
  sum += f;
  sum_sq += f * f;
  max = std::max(max, f);
}

double LinkLoadSpread::cv() const {
  const double m = mean();
  if (m <= 0.0) return 0.0;
  // E[x^2] - m^2 may round a hair below 0 when every link carries the same load.
  const double variance = std::max(0.0, sum_sq / static_cast<double>(links) - m * m);
  return std::sqrt(variance) / m;
}

double LinkLoadSpread::max_over_mean() const {
  const double m = mean();
  return m <= 0.0 ? 0.0 : max / m;
}

LinkLoadSpread LinkLoadSpread::of(std::span<const std::uint64_t> flits_per_link) {
  LinkLoadSpread s;
  for (const std::uint64_t f : flits_per_link) s.add(f);
  return s;
}

LinkLoadSpread LinkLoadSpread::of(const io::DistributedTables& tables, const char* ports_table) {
  if (tables.find(ports_table) == nullptr) return {};
  const io::Table& schema = tables.slab(ports_table);
  const std::size_t terminal = schema.column_index("terminal");
  const std::size_t flits = schema.column_index("flits_measured");
  return tables.fold(ports_table, LinkLoadSpread{},
                     [&](LinkLoadSpread& s, const io::Table& ports, std::size_t r) {
                       if (ports.at(r, terminal).as_u64() != 0) return;
                       s.add(ports.at(r, flits).as_u64());
                     });
}

void append_link_load_figures(const LinkLoadSpread& spread, std::vector<models::Figure>& rows) {
  using models::Figure;
  if (spread.mean() <= 0.0) {
    rows.push_back(Figure::missing("link_load_cv", "link load CV", "", "n/a (no link used)"));
    rows.push_back(
        Figure::missing("link_load_max_mean", "link load max/mean", "", "n/a (no link used)"));
    return;
  }
  rows.push_back(Figure::number("link_load_cv", "link load CV", spread.cv(), "", "%.3f",
                                " (sd/mean of flits per link, whole run)"));
  rows.push_back(Figure::number("link_load_max_mean", "link load max/mean",
                                spread.max_over_mean(), "", "%.2f"));
}

}  // namespace net
