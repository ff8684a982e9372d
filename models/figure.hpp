// SPDX-License-Identifier: Apache-2.0
//
// Figure: one figure of a run's summary, typed end to end. The model computes it once, in C++,
// from the results spread over the ranks (ModelResults::summary); the CLI prints `text`, the
// --stats-json document and the HDF5 file carry `value` with its `unit` under `key`, `warpnet
// sweep` reads the numbers back by key, and the Python package reads what C++ wrote instead of
// recomputing.
//
//   Figure::number("offered_load", "offered load", 0.3012, "flits/node/cycle", "%.4f")
//   Figure::missing("latency", "latency", "cycles", "n/a (no measured packet)")
//   Figure::note("routing", "dimension_order")          // descriptive text, no number
#pragma once

#include <cstdio>
#include <optional>
#include <string>

namespace models {

struct Figure {
  std::string key;    ///< stable identifier (snake_case): the JSON and HDF5 name
  std::string label;  ///< what the printed summary calls it
  std::optional<double> value;  ///< the number; absent for text rows and when not defined
  std::string unit;   ///< of value ("" when dimensionless)
  std::string text;   ///< the printed value (with its unit, or why there is no number)

  bool operator==(const Figure&) const = default;

  /// A number, printed with `format` (printf) followed by the unit and `suffix`.
  static Figure number(std::string key, std::string label, double value, std::string unit,
                       const char* format, const std::string& suffix = "") {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value);
    std::string text = buffer;
    if (!unit.empty()) text += " " + unit;
    return {std::move(key), std::move(label), value, std::move(unit), text + suffix};
  }
  /// A figure that has no value in this run; `reason` is printed.
  static Figure missing(std::string key, std::string label, std::string unit,
                        std::string reason) {
    return {std::move(key), std::move(label), std::nullopt, std::move(unit), std::move(reason)};
  }
  /// A descriptive row (the network, the routing): text only.
  static Figure note(std::string label, std::string text) {
    std::string key;
    for (const char c : label) key += c == ' ' || c == '-' ? '_' : c;
    return {std::move(key), std::move(label), std::nullopt, "", std::move(text)};
  }
};

}  // namespace models
