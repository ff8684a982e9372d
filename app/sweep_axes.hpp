// SPDX-License-Identifier: Apache-2.0
//
// The axes of a sweep: which `--set` arguments are swept and the points they give.
//
// `warpnet sweep` takes the same `--set key=value` arguments as `warpnet run`. A value written
// as a range `lo:hi:step` or as a list `v1,v2,v3` makes `key` a swept axis; any other value is a
// fixed override passed to every point unchanged. Several axes give their cartesian product,
// the first axis varying slowest (the order of the arguments), so point numbers are stable.
//
//   SweepSpec spec = parse_sweep_settings({"traffic.load=0.1:0.3:0.1", "network.dims=[4,4]"});
//   spec.axes[0].values      // {"0.1", "0.2", "0.3"}
//   spec.fixed               // {"network.dims=[4,4]"}
//   expand_points(spec.axes) // three points, each {{"traffic.load", "0.1"}}, ...
//
// A comma or colon inside brackets, braces or quotes belongs to the value (`[8,8]`,
// `"a:b"`), so TOML arrays and quoted strings stay fixed overrides; `[4,4],[8,8]` is a list.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace app {

/// One swept key and its values, as the text `--set` passes on (`0.15`, `mesh`, `[8, 8]`).
struct SweepAxis {
  std::string key;
  std::string argument;             ///< the `--set` argument as written, for messages
  std::vector<std::string> values;  ///< in sweep order
  bool numeric = false;             ///< every value is a number (needed to bisect on the key)
  bool integral = false;            ///< every value is an integer (bisection stays on integers)
};

struct SweepSpec {
  std::vector<SweepAxis> axes;
  std::vector<std::string> fixed;  ///< `key=value` arguments passed to every point unchanged
};

/// One setting of a point: `--set key=value`.
struct Setting {
  std::string key;
  std::string value;

  std::string argument() const { return key + "=" + value; }
  bool operator==(const Setting&) const = default;
};

using SweepPoint = std::vector<Setting>;  ///< one value per axis, in axis order

/// Splits the `--set` arguments into axes and fixed overrides. Throws pdes::ConfigError naming
/// the argument for a malformed one: no `=`, a range with step <= 0 or lo > hi or a
/// non-numeric bound, an empty list item, a key swept twice or both swept and fixed.
SweepSpec parse_sweep_settings(const std::vector<std::string>& arguments);

/// The cartesian product of the axes, first axis slowest. One empty point when there are none.
std::vector<SweepPoint> expand_points(const std::vector<SweepAxis>& axes);

/// A number as a sweep writes it: at most 12 significant digits, so that 0.1 + 2 * 0.05 is
/// "0.2" and not "0.20000000000000001"; integers without a decimal point.
std::string format_sweep_number(double value);

/// Parses the whole of `text` as a number; false for anything else (`0.1x`, `nan`, ``).
bool parse_sweep_number(const std::string& text, double& value);

}  // namespace app
