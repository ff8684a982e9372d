// SPDX-License-Identifier: Apache-2.0
#include "app/sweep_axes.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <set>

#include "io/config/config_errors.hpp"
#include "io/config/override.hpp"

namespace app {

namespace {

// A mistyped step (0.5:0.6:1e-9) must be an error, not hours of runs or an exhausted memory.
constexpr std::size_t kMaxPoints = 100000;

/// Splits at the commas outside brackets, braces and quotes ("[4,4],[8,8]" -> two items).
std::vector<std::string> split_top_level(const std::string& text, char separator) {
  std::vector<std::string> items;
  std::string current;
  int depth = 0;
  char quote = 0;
  for (const char c : text) {
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    } else if (c == separator && depth == 0) {
      items.push_back(current);
      current.clear();
      continue;
    }
    current += c;
  }
  items.push_back(current);
  return items;
}

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

bool is_integer_text(const std::string& text) {
  std::size_t i = (!text.empty() && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
  if (i == text.size()) return false;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  return true;
}

class AxisParser {
 public:
  explicit AxisParser(std::vector<io::ConfigIssue>& issues) : issues_(issues) {}

  /// The values of `lo:hi:step`, or nothing (and an issue) when the range is malformed.
  std::vector<std::string> range(const std::string& argument, const std::string& key,
                                 const std::vector<std::string>& parts) {
    if (parts.size() != 3) {
      return fail(argument, key,
                  "a range is lo:hi:step (three numbers), got " + std::to_string(parts.size()) +
                      " part" + (parts.size() == 1 ? "" : "s"));
    }
    double bound[3] = {0, 0, 0};
    static const char* const kNames[3] = {"lo", "hi", "step"};
    for (int i = 0; i < 3; ++i) {
      if (!parse_sweep_number(trim(parts[i]), bound[i])) {
        return fail(argument, key,
                    fmt::format("range {} '{}' is not a number", kNames[i], trim(parts[i])));
      }
    }
    const auto [lo, hi, step] = bound;
    if (step <= 0) {
      return fail(argument, key, fmt::format("range step {} must be > 0", trim(parts[2])));
    }
    if (lo > hi) {
      return fail(argument, key,
                  fmt::format("range lo {} is above hi {}", trim(parts[0]), trim(parts[1])));
    }
    // The relative slack keeps hi in 0.05:0.5:0.05 despite 0.45 / 0.05 = 8.999999999999998.
    const double steps = std::floor((hi - lo) / step * (1 + 1e-9) + 1e-9);
    if (steps + 1 > static_cast<double>(kMaxPoints)) {
      return fail(argument, key, fmt::format("the range has more than {} points", kMaxPoints));
    }
    std::vector<std::string> values;
    for (std::size_t i = 0; i <= static_cast<std::size_t>(steps); ++i) {
      values.push_back(format_sweep_number(lo + static_cast<double>(i) * step));
    }
    return values;
  }

  std::vector<std::string> list(const std::string& argument, const std::string& key,
                                const std::vector<std::string>& items) {
    std::vector<std::string> values;
    for (const std::string& item : items) {
      values.push_back(trim(item));
      if (values.back().empty()) return fail(argument, key, "a list item is empty");
    }
    return values;
  }

 private:
  std::vector<std::string> fail(const std::string& argument, const std::string& key,
                                const std::string& message) {
    issues_.push_back({"--set " + argument, key, message});
    return {};
  }

  std::vector<io::ConfigIssue>& issues_;
};

}  // namespace

bool parse_sweep_number(const std::string& text, double& value) {
  if (text.empty()) return false;
  char* end = nullptr;
  errno = 0;
  value = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && errno == 0 && std::isfinite(value);
}

std::string format_sweep_number(double value) {
  std::string text = fmt::format("{:.12g}", value);
  if (text == "-0") text = "0";
  return text;
}

SweepSpec parse_sweep_settings(const std::vector<std::string>& arguments) {
  std::vector<io::ConfigIssue> issues;
  AxisParser parser(issues);
  SweepSpec spec;
  std::set<std::string> swept_keys;
  std::set<std::string> fixed_keys;
  for (const std::string& argument : arguments) {
    io::Override setting;
    try {
      setting = io::parse_override(argument);
    } catch (const io::ConfigErrors& e) {
      issues.insert(issues.end(), e.issues().begin(), e.issues().end());
      continue;
    }
    const std::vector<std::string> items = split_top_level(setting.value, ',');
    const std::vector<std::string> parts = split_top_level(setting.value, ':');
    if (items.size() == 1 && parts.size() == 1) {
      spec.fixed.push_back(argument);
      fixed_keys.insert(setting.key);
      continue;
    }
    if (!swept_keys.insert(setting.key).second) {
      issues.push_back({"--set " + argument, setting.key, "this key is already swept"});
      continue;
    }
    SweepAxis axis{setting.key, argument, {}, false, false};
    if (items.size() > 1) {
      axis.values = parser.list(argument, setting.key, items);
    } else {
      axis.values = parser.range(argument, setting.key, parts);
    }
    if (axis.values.empty()) continue;
    axis.numeric = axis.integral = true;
    for (const std::string& v : axis.values) {
      double number = 0;
      axis.numeric = axis.numeric && parse_sweep_number(v, number);
      axis.integral = axis.integral && is_integer_text(v);
    }
    axis.integral = axis.integral && axis.numeric;
    spec.axes.push_back(std::move(axis));
  }
  for (const SweepAxis& axis : spec.axes) {
    if (fixed_keys.count(axis.key) != 0) {
      issues.push_back({"--set " + axis.argument, axis.key,
                        "this key is swept and also set to one value by another --set"});
    }
  }
  double total = 1;
  for (const SweepAxis& axis : spec.axes) total *= static_cast<double>(axis.values.size());
  if (issues.empty() && total > static_cast<double>(kMaxPoints)) {
    issues.push_back(
        {"--set", "", fmt::format("the sweep has {:.0f} points, more than {}", total, kMaxPoints)});
  }
  if (!issues.empty()) throw io::ConfigErrors(std::move(issues));
  return spec;
}

std::vector<SweepPoint> expand_points(const std::vector<SweepAxis>& axes) {
  std::vector<SweepPoint> points{SweepPoint{}};
  for (const SweepAxis& axis : axes) {
    std::vector<SweepPoint> next;
    next.reserve(points.size() * axis.values.size());
    for (const SweepPoint& prefix : points) {
      for (const std::string& value : axis.values) {
        SweepPoint point = prefix;
        point.push_back({axis.key, value});
        next.push_back(std::move(point));
      }
    }
    points = std::move(next);
  }
  return points;
}

}  // namespace app
