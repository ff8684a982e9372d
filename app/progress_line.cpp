// SPDX-License-Identifier: Apache-2.0
#include "app/progress_line.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace app {

std::string format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const auto s = static_cast<std::int64_t>(std::llround(seconds));
  if (s < 60) return fmt::format("{} s", s);
  if (s < 3600) return fmt::format("{} min {:02} s", s / 60, s % 60);
  return fmt::format("{} h {:02} min", s / 3600, (s % 3600) / 60);
}

std::string format_si(double value) {
  const double a = std::fabs(value);
  if (a >= 1e9) return fmt::format("{:.3g} G", value / 1e9);
  if (a >= 1e6) return fmt::format("{:.3g} M", value / 1e6);
  if (a >= 1e3) return fmt::format("{:.3g} k", value / 1e3);
  return fmt::format("{:.3g}", value);
}

ProgressLine::ProgressLine(std::int64_t ticks_per_unit, std::string unit_name)
    : ticks_per_unit_(ticks_per_unit), unit_name_(std::move(unit_name)) {}

std::string ProgressLine::format(const pdes::ProgressInfo& info, double recent_rate) const {
  const double rate =
      info.wall_seconds > 0 ? static_cast<double>(info.events_committed) / info.wall_seconds : 0.0;
  const double now = static_cast<double>(info.now.ticks()) / static_cast<double>(ticks_per_unit_);
  double fraction = -1.0;
  std::string where;
  if (info.end_time != pdes::SimTime::max()) {
    const double end =
        static_cast<double>(info.end_time.ticks()) / static_cast<double>(ticks_per_unit_);
    fraction = std::clamp(now / end, 0.0, 1.0);
    where = fmt::format("t = {:.6g} / {:.6g} {}", now, end, unit_name_);
  } else {
    where = fmt::format("t = {:.6g} {}", now, unit_name_);
  }
  if (info.max_events != 0) {
    const double by_events = static_cast<double>(info.events_committed) /
                             static_cast<double>(info.max_events);
    fraction = std::max(fraction, std::clamp(by_events, 0.0, 1.0));
  }
  std::string line = fraction >= 0 ? fmt::format("[{:5.1f}%] ", 100.0 * fraction) : "[  ?  ] ";
  line += where;
  if (recent_rate >= 0.0) {
    line += fmt::format(" | {} events/s (mean {})", format_si(recent_rate), format_si(rate));
  } else {
    line += fmt::format(" | {} events/s", format_si(rate));
  }
  if (fraction > 0) {
    line += " | ETA " + format_duration(info.wall_seconds * (1.0 - fraction) / fraction);
  }
  if (info.event_memory_throttled) line += " | throttled by kernel.event_memory_limit";
  return line;
}

void ProgressLine::on_progress(const pdes::ProgressInfo& info) {
  double recent = -1.0;
  if (last_wall_seconds_ >= 0.0 && info.wall_seconds > last_wall_seconds_ &&
      info.events_committed >= last_events_) {
    recent = static_cast<double>(info.events_committed - last_events_) /
             (info.wall_seconds - last_wall_seconds_);
  }
  last_events_ = info.events_committed;
  last_wall_seconds_ = info.wall_seconds;
  const std::string line = format(info, recent);
  const std::size_t pad = last_width_ > line.size() ? last_width_ - line.size() : 0;
  std::fprintf(stderr, "\r%s%*s", line.c_str(), static_cast<int>(pad), "");
  std::fflush(stderr);
  last_width_ = line.size();
  printed_ = true;
}

void ProgressLine::note(const std::string& message) {
  const std::string line = "warpnet: " + message;
  const std::size_t pad = printed_ && last_width_ > line.size() ? last_width_ - line.size() : 0;
  std::fprintf(stderr, "%s%s%*s\n", printed_ ? "\r" : "", line.c_str(), static_cast<int>(pad), "");
  std::fflush(stderr);
  printed_ = false;
  last_width_ = 0;
}

void ProgressLine::on_finish() {
  if (printed_) std::fprintf(stderr, "\n");
  printed_ = false;
}

}  // namespace app
