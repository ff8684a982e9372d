// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/run_metadata.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "io/hdf5/schema_version.hpp"
#include "pdes/error.hpp"

namespace io {

std::string to_iso8601_utc(std::chrono::system_clock::time_point time) {
  using namespace std::chrono;
  const auto seconds = floor<std::chrono::seconds>(time);
  const auto millis = duration_cast<milliseconds>(time - seconds).count();
  const std::time_t t = system_clock::to_time_t(seconds);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char text[40];
  const std::size_t n = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  char fraction[8];
  std::snprintf(fraction, sizeof fraction, ".%03dZ", static_cast<int>(millis));
  return std::string(text, n) + fraction;
}

namespace {

Table engine_statistics_table(const pdes::RunResult& result) {
  std::vector<pdes::EngineStatistics> per_rank = result.per_rank;
  // An engine that runs on one rank may leave per_rank empty: the total is that rank.
  if (per_rank.empty() && result.num_ranks == 1) per_rank.push_back(result.total);
  if (per_rank.size() != static_cast<std::size_t>(result.num_ranks)) {
    throw pdes::InvariantError("run metadata: " + std::to_string(per_rank.size()) +
                               " per-rank statistics for " + std::to_string(result.num_ranks) +
                               " ranks");
  }
  using io::ColumnType;
  auto count = [](const char* name, const char* description) {
    return Column{name, ColumnType::kUInt64, "", description};
  };
  Table t("run/engine_statistics", "Engine statistics of each rank (ROSS's terms)",
          {count("rank", "MPI rank"),
           count("events_processed", "event executions, including those later rolled back"),
           count("events_committed", "executions made final by GVT"),
           count("events_rolled_back", "executions undone"),
           count("primary_rollbacks", "rollbacks caused by a straggler event"),
           count("secondary_rollbacks", "rollbacks caused by an anti-message"),
           count("anti_messages", "cancellation messages sent"),
           count("remote_events", "events sent to an LP on another rank"),
           count("gvt_rounds", "GVT computations"),
           {"wall_seconds", ColumnType::kFloat64, "s", "wall-clock time of the run"},
           {"peak_rss_bytes", ColumnType::kUInt64, "bytes", "peak resident memory of the process"},
           count("event_digest", "order-independent digest of the committed events")},
          1, Combine::kConcatenate);
  for (std::size_t r = 0; r < per_rank.size(); ++r) {
    const pdes::EngineStatistics& s = per_rank[r];
    t.add_row({Cell::u64(r), Cell::u64(s.events_processed), Cell::u64(s.events_committed),
               Cell::u64(s.events_rolled_back), Cell::u64(s.primary_rollbacks),
               Cell::u64(s.secondary_rollbacks), Cell::u64(s.anti_messages),
               Cell::u64(s.remote_events), Cell::u64(s.gvt_rounds), Cell::f64(s.wall_seconds),
               Cell::u64(s.peak_rss_bytes), Cell::u64(s.event_digest)});
  }
  return t;
}

}  // namespace

Table partition_rows(const RunMetadata& m, std::size_t first_lp, std::size_t end_lp) {
  if (!m.vertex_weights.empty() && m.vertex_weights.size() != m.rank_of_lp.size()) {
    throw pdes::InvariantError("run metadata: " + std::to_string(m.vertex_weights.size()) +
                               " LP weights for " + std::to_string(m.rank_of_lp.size()) + " LPs");
  }
  Table t("run/partition", "The LP -> rank mapping of this execution",
          {{"lp", ColumnType::kUInt64, "", "LP id"},
           {"rank", ColumnType::kUInt64, "", "MPI rank that owned the LP"},
           {"weight", ColumnType::kUInt64, "", "the LP's relative work, as the partitioner "
                                               "balanced it (1 when the model gives none)"}},
          1, Combine::kConcatenate);
  end_lp = std::min(end_lp, m.rank_of_lp.size());
  std::vector<Cell>& cells = t.mutable_cells();
  cells.reserve(3 * (end_lp - std::min(first_lp, end_lp)));
  for (std::size_t lp = first_lp; lp < end_lp; ++lp) {
    cells.push_back(Cell::u64(lp));
    cells.push_back(Cell::u64(static_cast<std::uint64_t>(m.rank_of_lp[lp])));
    cells.push_back(Cell::u64(m.vertex_weights.empty() ? 1 : m.vertex_weights[lp]));
  }
  return t;
}

namespace {

// The file's values are identifiers, fixed by the schema; pdes::to_string is for people.
std::string termination_reason(pdes::TerminationReason reason) {
  switch (reason) {
    case pdes::TerminationReason::end_time_reached: return "end_time_reached";
    case pdes::TerminationReason::event_limit_reached: return "event_limit_reached";
    case pdes::TerminationReason::no_more_events: return "no_more_events";
    case pdes::TerminationReason::checkpointed: return "checkpointed";
  }
  return "unknown";
}

// Attributes are signed (io::AttributeValue); seeds, counts and edge cuts stay below 2^63.
std::int64_t as_attribute(std::uint64_t v) { return static_cast<std::int64_t>(v); }

// The digest uses all 64 bits: as a signed attribute it would often read as negative, so it is
// stored as 16 hex digits, the way it is compared by eye.
std::string hex_digest(std::uint64_t v) {
  char text[20];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
  return text;
}

}  // namespace

ResultSet metadata_result_set(const RunMetadata& m, const std::string& hostname,
                              bool with_partition) {
  ResultSet s;
  auto& a = s.attributes;
  a["schema_version"] = kSchemaVersion;
  a["warpnet_version"] = m.warpnet_version;
  a["git_revision"] = m.git_revision;
  a["seed"] = as_attribute(m.seed);
  a["termination_reason"] = termination_reason(m.result.reason);
  a["events_committed"] = as_attribute(m.result.total.events_committed);
  a["event_digest"] = hex_digest(m.result.total.event_digest);
  a["run/config_toml"] = m.config_toml;
  a["run/engine"] = m.engine;
  a["run/ranks"] = std::int64_t{m.result.num_ranks};
  a["run/partitioner"] = m.partitioner;
  a["run/edge_cut"] = as_attribute(m.edge_cut);
  a["run/load_imbalance"] = m.load_imbalance;
  a["run/start_time"] = to_iso8601_utc(m.start_time);
  a["run/end_time"] = to_iso8601_utc(m.end_time);
  a["run/wall_seconds"] = std::chrono::duration<double>(m.end_time - m.start_time).count();
  a["run/hostname"] = hostname;
  s.attribute_units["run/wall_seconds"] = "s";
  s.tables.push_back(engine_statistics_table(m.result));
  if (with_partition) s.tables.push_back(partition_rows(m, 0, m.rank_of_lp.size()));
  return s;
}

bool is_metadata_attribute(const std::string& path) {
  // The names come from the one place that lays the metadata out.
  static const ResultSet names = metadata_result_set(RunMetadata{}, "");
  return names.attributes.count(path) != 0;
}

}  // namespace io
