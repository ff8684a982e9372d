// SPDX-License-Identifier: Apache-2.0
//
// SaturationSearch: the bracket around a network's saturation point on one swept key.
//
// `warpnet sweep --saturation` runs the sweep's grid, records every point here, then asks for
// probes inside the bracket (the highest unsaturated value below the lowest saturated one)
// until the bracket is no wider than the tolerance (or holds no other probe value). It asks for
// `count` equally spaced probes at a time, so that --jobs N narrows the bracket N+1-fold per round;
// count 1 is bisection. The search assumes saturation is monotone in the key; where the runs say
// otherwise, the lowest saturated value bounds the bracket and the unsaturated values above it are
// ignored.
//
//   SaturationSearch search(0.005);
//   search.record(0.1, false, 0.1);  search.record(0.5, true, 0.41);
//   search.next_probes(1);           // {0.3}
//
// It runs nothing: the caller runs the probes and records them. Pure logic, unit-tested alone.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace app {

class SaturationSearch {
 public:
  enum class Status {
    searching,            ///< the bracket is wider than the tolerance
    found,                ///< the bracket is no wider than the tolerance
    saturated_at_low,     ///< the lowest value run is already saturated
    unsaturated_at_high,  ///< no value run is saturated (or none at all)
    undetermined,         ///< a run could not tell whether it saturated
  };

  /// Probes are multiples of `resolution` (0: any value), so that they print short (0.4667,
  /// not 0.466666666667) and an integer key gets integers; the search also ends when no
  /// multiple is left strictly inside the bracket. See resolution_for().
  explicit SaturationSearch(double tolerance, double resolution = 0);

  /// The resolution that suits `tolerance`: a power of ten at least ten times finer (0.0001
  /// for 0.005), and at least 1 for an integer key.
  static double resolution_for(double tolerance, bool integral);

  /// A finished run at `value`: whether it saturated (nullopt: the run could not tell, which
  /// ends the search as undetermined) and its accepted throughput.
  void record(double value, std::optional<bool> saturated, double accepted);

  Status status() const;

  /// How many runs with a definite answer were recorded.
  std::size_t runs() const { return observations_.size(); }

  /// Up to `count` new values strictly inside the bracket, equally spaced, in increasing
  /// order; empty unless status() is searching.
  std::vector<double> next_probes(std::size_t count) const;

  /// The highest unsaturated value below low-saturated (valid for searching and found).
  double low() const { return low_; }
  /// The lowest saturated value (valid for searching, found and saturated_at_low).
  double high() const { return high_; }
  /// The accepted throughput of the run at low().
  double accepted_at_low() const { return accepted_at_low_; }
  /// The highest value run (valid for unsaturated_at_high when a run was recorded).
  double highest_unsaturated() const { return highest_unsaturated_; }
  double accepted_at_highest_unsaturated() const { return accepted_at_highest_; }

 private:
  struct Observation {
    double value;
    bool saturated;
    double accepted;
  };
  void update();
  double snap(double value) const;
  /// The smallest multiple of the resolution strictly above low().
  double first_inside() const;
  bool inside(double value) const;  ///< strictly inside the bracket

  double tolerance_;
  double resolution_;
  bool undetermined_ = false;
  std::vector<Observation> observations_;
  bool have_saturated_ = false;
  bool have_low_ = false;
  bool have_unsaturated_ = false;
  double low_ = 0;
  double high_ = 0;
  double accepted_at_low_ = 0;
  double highest_unsaturated_ = 0;
  double accepted_at_highest_ = 0;
};

}  // namespace app
