// SPDX-License-Identifier: Apache-2.0
#include "app/sweep_table.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

namespace app {

namespace {

std::string cell(const std::optional<double>& value, const char* format) {
  return value ? fmt::format(fmt::runtime(format), *value) : std::string("-");
}

}  // namespace

PointFigures figures_from_stats_json(const std::string& json_text) {
  const nlohmann::json doc = nlohmann::json::parse(json_text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    throw std::runtime_error("the statistics file is not a JSON object");
  }
  PointFigures figures;
  const auto all = doc.find("figures");
  if (all == doc.end() || !all->is_object()) return figures;
  // The figure `key`'s number (and unit), or nothing when the run has no such number.
  auto number = [&](const char* key, std::string* unit) -> std::optional<double> {
    const auto it = all->find(key);
    if (it == all->end() || !it->is_object()) return std::nullopt;
    if (unit != nullptr && it->contains("unit") && (*it)["unit"].is_string()) {
      *unit = (*it)["unit"].get<std::string>();
    }
    const auto value = it->find("value");
    if (value == it->end() || !value->is_number()) return std::nullopt;
    return value->get<double>();
  };
  figures.offered = number("offered_load", &figures.load_unit);
  figures.accepted = number("accepted_load", nullptr);
  figures.latency = number("latency", &figures.latency_unit);
  if (const std::optional<double> saturated = number("saturated", nullptr)) {
    figures.saturated = *saturated != 0.0;
  }
  return figures;
}

std::string format_sweep_table(const std::vector<std::string>& keys,
                               const std::vector<PointOutcome>& outcomes) {
  std::string load_unit;
  std::string latency_unit;
  for (const PointOutcome& o : outcomes) {
    if (!o.ok()) continue;
    if (load_unit.empty()) load_unit = o.figures.load_unit;
    if (latency_unit.empty()) latency_unit = o.figures.latency_unit;
  }
  auto with_unit = [](const char* name, const std::string& unit) {
    return unit.empty() ? std::string(name) : fmt::format("{} ({})", name, unit);
  };
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header{"point"};
  header.insert(header.end(), keys.begin(), keys.end());
  header.insert(header.end(), {with_unit("offered", load_unit), with_unit("accepted", load_unit),
                               with_unit("latency", latency_unit), "saturated"});
  rows.push_back(header);
  for (const PointOutcome& o : outcomes) {
    std::vector<std::string> row{std::to_string(o.index)};
    for (const Setting& s : o.point) row.push_back(s.value);
    if (!o.ok()) {
      row.push_back(o.exit_code != 0 ? fmt::format("failed (exit {})", o.exit_code)
                                     : std::string("failed"));
    } else {
      const PointFigures& f = o.figures;
      row.push_back(cell(f.offered, "{:.4f}"));
      row.push_back(cell(f.accepted, "{:.4f}"));
      row.push_back(cell(f.latency, "{:.2f}"));
      row.push_back(!f.saturated ? "-" : *f.saturated ? "yes" : "no");
    }
    rows.push_back(std::move(row));
  }
  std::vector<std::size_t> width(header.size(), 0);
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < row.size() && c < width.size(); ++c) {
      width[c] = std::max(width[c], row[c].size());
    }
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line = " ";
    for (std::size_t c = 0; c < row.size(); ++c) {
      // The last cell of a failed row spans the figure columns: no padding after it.
      const bool last = c + 1 == row.size();
      line += ' ';
      line += last ? row[c] : fmt::format("{:<{}}", row[c], width[c]);
      if (!last) line += ' ';
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace app
