// SPDX-License-Identifier: Apache-2.0
//
// SaturationGroups: `warpnet sweep --saturation` over the points of a sweep.
//
// The key searched is traffic.load when it is swept, else the only swept key. When other keys
// are swept too, each combination of their values is a group with its own SaturationSearch
// (sweep_bisection.hpp): a 4x4 and an 8x8 mesh saturate at different loads. The grid's
// outcomes seed every search; then each round asks every group still searching for its next
// probes, sharing --jobs between them, until none is left.
//
//   SaturationGroups groups(points, axis, tolerance, integral);
//   groups.record(grid_outcomes);
//   for (auto probes = groups.next_points(jobs); !probes.empty(); ...) run, record
//   std::fputs(groups.report("traffic.load", tolerance, "flits/node/cycle").c_str(), stdout);
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "app/sweep_axes.hpp"
#include "app/sweep_bisection.hpp"
#include "app/sweep_table.hpp"

namespace app {

class SaturationGroups {
 public:
  /// `points`: the sweep's grid; `axis`: the index of the key searched in each point.
  SaturationGroups(const std::vector<SweepPoint>& points, std::size_t axis, double tolerance,
                   bool integral);

  /// Records finished points; a failed point stops the search of its group.
  void record(const std::vector<PointOutcome>& outcomes);

  /// The next probes of every group still searching (about `jobs` in all, at least one per
  /// group); empty when every search has ended.
  std::vector<SweepPoint> next_points(std::size_t jobs);

  /// Whether a group could not tell saturation (a run too short to say).
  bool undetermined() const;

  /// One line per group: the bracket and the accepted throughput at its low end, or why
  /// there is none.
  std::string report(const std::string& key, double tolerance, const std::string& unit) const;

 private:
  struct Group {
    SweepPoint base;  ///< a point of the group; probes replace its value of the key searched
    SaturationSearch search;
    bool failed = false;
    bool exhausted = false;  ///< no probe left that prints differently from the bracket's ends
  };

  std::size_t group_of(const SweepPoint& point) const;

  std::size_t axis_;
  std::vector<Group> groups_;
};

}  // namespace app
