// SPDX-License-Identifier: Apache-2.0
#include "app/sweep_saturation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace app {

SaturationGroups::SaturationGroups(const std::vector<SweepPoint>& points, std::size_t axis,
                                   double tolerance, bool integral)
    : axis_(axis) {
  const double resolution = SaturationSearch::resolution_for(tolerance, integral);
  for (const SweepPoint& point : points) {
    if (group_of(point) == groups_.size()) {
      groups_.push_back({point, SaturationSearch(tolerance, resolution)});
    }
  }
}

void SaturationGroups::record(const std::vector<PointOutcome>& outcomes) {
  for (const PointOutcome& o : outcomes) {
    Group& group = groups_[group_of(o.point)];
    if (!o.ok()) {
      group.failed = true;
      continue;
    }
    double value = 0;
    parse_sweep_number(o.point[axis_].value, value);
    group.search.record(value, o.figures.saturated, o.figures.accepted.value_or(NAN));
  }
}

std::vector<SweepPoint> SaturationGroups::next_points(std::size_t jobs) {
  std::vector<Group*> active;
  for (Group& g : groups_) {
    if (!g.failed && !g.exhausted && g.search.status() == SaturationSearch::Status::searching) {
      active.push_back(&g);
    }
  }
  std::vector<SweepPoint> points;
  if (active.empty()) return points;
  const std::size_t per_group = std::max<std::size_t>(1, jobs / active.size());
  for (Group* g : active) {
    const std::string low = format_sweep_number(g->search.low());
    const std::string high = format_sweep_number(g->search.high());
    std::size_t added = 0;
    for (const double probe : g->search.next_probes(per_group)) {
      const std::string text = format_sweep_number(probe);
      if (text == low || text == high) continue;  // beyond the printed precision
      SweepPoint point = g->base;
      point[axis_].value = text;
      points.push_back(std::move(point));
      ++added;
    }
    if (added == 0) g->exhausted = true;
  }
  return points;
}

bool SaturationGroups::undetermined() const {
  return std::any_of(groups_.begin(), groups_.end(), [](const Group& g) {
    return g.search.status() == SaturationSearch::Status::undetermined;
  });
}

std::string SaturationGroups::report(const std::string& key, double tolerance,
                                     const std::string& unit) const {
  std::string out =
      fmt::format("\nsaturation of {} (tolerance {}):\n", key, format_sweep_number(tolerance));
  const std::string units = unit.empty() ? "" : " " + unit;
  for (const Group& g : groups_) {
    std::string others;
    for (std::size_t a = 0; a < g.base.size(); ++a) {
      if (a == axis_) continue;
      if (!others.empty()) others += ' ';
      others += g.base[a].argument();
    }
    out += others.empty() ? "  " : "  [" + others + "] ";
    const SaturationSearch& s = g.search;
    const std::string low = format_sweep_number(s.low());
    const std::string high = format_sweep_number(s.high());
    switch (s.status()) {
      case SaturationSearch::Status::found:
      case SaturationSearch::Status::searching:
        out += fmt::format(
            "between {} (not saturated) and {} (saturated); accepted throughput {:.4f}{} at "
            "{}={}{}\n",
            low, high, s.accepted_at_low(), units, key, low,
            g.failed ? " (search stopped: a point failed)" : "");
        break;
      case SaturationSearch::Status::saturated_at_low:
        out += fmt::format("already saturated at the lowest value run, {}={}\n", key, high);
        break;
      case SaturationSearch::Status::unsaturated_at_high:
        out += s.runs() == 0
                   ? std::string("unknown: the points failed\n")
                   : fmt::format("not saturated up to {}={}; accepted throughput {:.4f}{}\n", key,
                                 format_sweep_number(s.highest_unsaturated()),
                                 s.accepted_at_highest_unsaturated(), units);
        break;
      case SaturationSearch::Status::undetermined:
        out +=
            "cannot tell: a run could not say whether it saturated (it needs at least 2 "
            "metrics windows in the second half of its measurement; lengthen "
            "simulation.end_time)\n";
        break;
    }
  }
  return out;
}

std::size_t SaturationGroups::group_of(const SweepPoint& point) const {
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    bool same = true;
    for (std::size_t a = 0; a < point.size() && same; ++a) {
      same = a == axis_ || point[a] == groups_[g].base[a];
    }
    if (same) return g;
  }
  return groups_.size();
}

}  // namespace app
