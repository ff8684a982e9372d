// SPDX-License-Identifier: Apache-2.0
#include "app/run_report.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "app/progress_line.hpp"
#include "app/version.hpp"

namespace app {

namespace {

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string mib(std::uint64_t bytes) {
  return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
}

double to_units(pdes::SimTime t, std::int64_t ticks_per_unit) {
  return static_cast<double>(t.ticks()) / static_cast<double>(ticks_per_unit);
}

nlohmann::json stats_json(const pdes::EngineStatistics& s) {
  return {{"events_processed", s.events_processed},
          {"events_committed", s.events_committed},
          {"events_safe", s.events_safe},
          {"events_rolled_back", s.events_rolled_back},
          {"primary_rollbacks", s.primary_rollbacks},
          {"secondary_rollbacks", s.secondary_rollbacks},
          {"anti_messages", s.anti_messages},
          {"remote_events", s.remote_events},
          {"gvt_rounds", s.gvt_rounds},
          {"promise_messages", s.promise_messages},
          {"memory_throttled_rounds", s.memory_throttled_rounds},
          {"wait_window_seconds", s.wait_window_seconds},
          {"wait_starved_seconds", s.wait_starved_seconds},
          {"wait_throttled_seconds", s.wait_throttled_seconds},
          {"efficiency", s.efficiency()},
          {"committed_events_per_second", s.committed_rate()},
          {"wall_seconds", s.wall_seconds},
          {"peak_rss_bytes", s.peak_rss_bytes},
          {"event_digest", format_digest(s.event_digest)}};
}

/// The optimistic ranks' waiting time as a share of their wall time, averaged over ranks, and
/// what held them: "12.3 % (window 10.1 %, no event 2.2 %, throttled 0.0 %)".
std::string format_waiting(const pdes::RunResult& result) {
  double wall = 0.0;
  for (const pdes::EngineStatistics& s : result.per_rank) wall += s.wall_seconds;
  if (wall <= 0.0) return "n/a";
  const pdes::EngineStatistics& t = result.total;
  const auto share = [wall](double seconds) { return 100.0 * seconds / wall; };
  return fmt::format("{:.1f} % of the ranks' time (window {:.1f} %, no event {:.1f} %, "
                     "throttled {:.1f} %)",
                     share(t.wait_seconds()), share(t.wait_window_seconds),
                     share(t.wait_starved_seconds), share(t.wait_throttled_seconds));
}

}  // namespace

std::string format_digest(std::uint64_t digest) { return fmt::format("0x{:016x}", digest); }

std::string format_summary(const RunReport& r) {
  const pdes::EngineStatistics& t = r.result.total;
  std::string out;
  auto row = [&out](std::string_view label, const std::string& value) {
    out += fmt::format("  {:<22} {}\n", label, value);
  };
  out += fmt::format("warpnet {} — run '{}' ({})\n", version_string(), r.run_name, r.config_file);
  row("model", r.model);
  row("engine", fmt::format("{} on {} rank{}", pdes::to_string(r.kernel.engine),
                            r.result.num_ranks, r.result.num_ranks == 1 ? "" : "s"));
  if (!r.partitioner.empty() && r.result.num_ranks > 1) {
    row("partitioner", fmt::format("{} (edge cut {}, load imbalance {:.3f})", r.partitioner,
                                   with_commas(r.edge_cut), r.load_imbalance));
    if (!r.rank_partition.empty()) row("partition", r.rank_partition);
  }
  if (r.kernel.engine == pdes::EngineKind::optimistic) {
    row("optimism window",
        r.kernel.optimism_window == pdes::SimTime::max()
            ? std::string("unbounded")
            : fmt::format("{:.6g} {} ({})", to_units(r.kernel.optimism_window, r.ticks_per_unit),
                          r.time_unit, r.optimism_window_origin));
  }
  row("seed", std::to_string(r.kernel.seed));
  std::string reason(pdes::to_string(r.result.reason));
  if (r.result.reason == pdes::TerminationReason::end_time_reached) {
    reason += fmt::format(" ({:.6g} {})", to_units(r.kernel.end_time, r.ticks_per_unit),
                          r.time_unit);
  } else if (r.result.reason == pdes::TerminationReason::event_limit_reached) {
    reason += fmt::format(" ({} events)", with_commas(r.kernel.max_events));
  }
  row("termination", reason);
  row("last event time",
      fmt::format("{:.6g} {}", to_units(r.result.last_event_time, r.ticks_per_unit), r.time_unit));
  row("events processed", with_commas(t.events_processed));
  row("events committed", with_commas(t.events_committed));
  row("events rolled back", with_commas(t.events_rolled_back));
  row("efficiency", fmt::format("{:.2f} %", 100.0 * t.efficiency()));
  if (r.kernel.engine == pdes::EngineKind::optimistic) {
    row("rollbacks", fmt::format("{} primary, {} secondary", with_commas(t.primary_rollbacks),
                                 with_commas(t.secondary_rollbacks)));
    row("anti-messages", with_commas(t.anti_messages));
    row("remote events", with_commas(t.remote_events));
    row("GVT rounds", with_commas(t.gvt_rounds));
    if (r.kernel.safe_time == pdes::SafeTimeMode::channel_clocks && r.result.num_ranks > 1) {
      row("promise messages",
          with_commas(t.promise_messages) +
              " (sent with no event in them; kernel.safe_time = channel_clocks)");
    }
    if (r.result.num_ranks > 1) {
      row("safe events",
          r.kernel.lookahead == pdes::SimTime::zero()
              ? std::string("none (no lookahead)")
              : fmt::format("{} ({:.1f} % of committed; lookahead {:.6g} {}, {})",
                            with_commas(t.events_safe),
                            t.events_committed == 0 ? 0.0
                                                    : 100.0 * static_cast<double>(t.events_safe) /
                                                          static_cast<double>(t.events_committed),
                            to_units(r.kernel.lookahead, r.ticks_per_unit), r.time_unit,
                            r.lookahead_origin));
    }
    if (r.result.num_ranks > 1) row("waiting", format_waiting(r.result));
    if (t.memory_throttled_rounds > 0) {
      row("event memory", fmt::format("over kernel.event_memory_limit in {} of {} GVT rounds: "
                                      "ranks ran only the event at GVT (raise the limit)",
                                      with_commas(t.memory_throttled_rounds),
                                      with_commas(t.gvt_rounds)));
    }
  }
  row("event rate", format_si(t.committed_rate()) + " committed events/s");
  row("wall time", fmt::format("{:.3f} s", t.wall_seconds));
  row("peak memory", r.result.num_ranks > 1 ? mib(t.peak_rss_bytes) + " (sum over ranks)"
                                            : mib(t.peak_rss_bytes));
  row("event digest", format_digest(t.event_digest));
  for (const models::Figure& f : r.model_rows) row(f.label, f.text);
  if (!r.output_file.empty()) row("results file", r.output_file);
  if (r.result.num_ranks > 1) {
    out += fmt::format("\n  {:>4} {:>14} {:>14} {:>12} {:>8} {:>10} {:>12} {:>10} {:>7}\n",
                       "rank", "processed", "committed", "rolled back", "eff. %", "anti-msgs",
                       "remote", "peak MiB", "wait %");
    for (std::size_t i = 0; i < r.result.per_rank.size(); ++i) {
      const auto& s = r.result.per_rank[i];
      out += fmt::format(
          "  {:>4} {:>14} {:>14} {:>12} {:>8.2f} {:>10} {:>12} {:>10.1f} {:>7.1f}\n", i,
          s.events_processed, s.events_committed, s.events_rolled_back, 100.0 * s.efficiency(),
          s.anti_messages, s.remote_events,
          static_cast<double>(s.peak_rss_bytes) / (1024.0 * 1024.0),
          s.wall_seconds > 0.0 ? 100.0 * s.wait_seconds() / s.wall_seconds : 0.0);
    }
  }
  return out;
}

std::string format_stats_json(const RunReport& r) {
  nlohmann::json doc;
  doc["warpnet_version"] = version_string();
  doc["run_name"] = r.run_name;
  doc["config_file"] = r.config_file;
  doc["config_hash"] = format_digest(r.config_hash);
  doc["model"] = r.model;
  doc["engine"] = std::string(pdes::to_string(r.kernel.engine));
  doc["seed"] = r.kernel.seed;
  doc["num_ranks"] = r.result.num_ranks;
  doc["optimism_window_ticks"] = r.kernel.optimism_window == pdes::SimTime::max()
                                    ? nlohmann::json(nullptr)
                                    : nlohmann::json(r.kernel.optimism_window.ticks());
  doc["optimism_window_origin"] = r.optimism_window_origin;
  doc["lookahead_ticks"] = r.kernel.lookahead.ticks();
  doc["lookahead_origin"] = r.lookahead_origin;
  doc["partitioner"] = r.partitioner;
  doc["edge_cut"] = r.edge_cut;
  doc["load_imbalance"] = r.load_imbalance;
  doc["output_file"] = r.output_file;
  doc["termination"] = std::string(pdes::to_string(r.result.reason));
  doc["last_event_time_ticks"] = r.result.last_event_time.ticks();
  doc["total"] = stats_json(r.result.total);
  doc["per_rank"] = nlohmann::json::array();
  for (const auto& s : r.result.per_rank) doc["per_rank"].push_back(stats_json(s));
  nlohmann::json rows = nlohmann::json::object();
  nlohmann::json figures = nlohmann::json::object();
  for (const models::Figure& f : r.model_rows) {
    rows[f.label] = f.text;
    if (f.key.empty()) continue;
    figures[f.key] = {{"label", f.label},
                      {"value", f.value ? nlohmann::json(*f.value) : nlohmann::json(nullptr)},
                      {"unit", f.unit},
                      {"text", f.text}};
  }
  doc["model_summary"] = rows;  // label -> printed text, for people
  doc["figures"] = figures;     // key -> {value, unit, ...}, for programs
  return doc.dump(2) + "\n";
}

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + temporary);
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary);
  }
  std::filesystem::rename(temporary, path);
}

}  // namespace app
