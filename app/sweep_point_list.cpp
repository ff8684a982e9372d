// SPDX-License-Identifier: Apache-2.0
#include "app/sweep_point_list.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "app/sweep_runner.hpp"
#include "pdes/error.hpp"

namespace app {

std::string format_point_list(const std::string& name, const std::vector<SweepPoint>& points) {
  std::string text;
  for (std::size_t i = 0; i < points.size(); ++i) {
    std::string settings;
    for (const Setting& s : points[i]) {
      if (!settings.empty()) settings += ' ';
      settings += s.argument();
    }
    text += fmt::format("{}\t{}\t{}\n", i, point_file_name(name, i), settings);
  }
  return text;
}

std::size_t parse_point_index(const std::string& text, std::size_t count) {
  const std::string valid =
      count == 1 ? "this sweep has 1 point: 0"
                 : fmt::format("this sweep has {} points: 0 .. {}", count, count - 1);
  const bool digits = !text.empty() && text.size() <= 9 &&
                      std::all_of(text.begin(), text.end(),
                                  [](unsigned char c) { return std::isdigit(c) != 0; });
  if (!digits) {
    throw pdes::ConfigError("--point", fmt::format("'{}' is not a point number; {}", text, valid));
  }
  const std::size_t index = std::stoul(text);
  if (index >= count) {
    throw pdes::ConfigError("--point", fmt::format("there is no point {}; {}", index, valid));
  }
  return index;
}

}  // namespace app
