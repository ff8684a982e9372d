// SPDX-License-Identifier: Apache-2.0
//
// RunMetadata: what the results file records about the run besides the model's results. The
// app fills it after the run (on every rank; the writer uses rank 0's copy, so wall-clock
// times and the host name need not agree across ranks) and passes it to io::write_results.
//
// Where each field goes (docs/hdf5-schema.md):
//   - root attributes: what determines the results and what the results are, so identical for
//     every rank count, partition and engine: schema_version, warpnet_version, git_revision,
//     seed, termination_reason, events_committed, event_digest;
//   - group /run: how this execution ran, which legitimately differs between runs with
//     identical results: config_toml (it holds engine and partitioner knobs), engine, ranks,
//     partitioner, edge_cut, load_imbalance, start_time, end_time, wall_seconds, hostname, and
//     the datasets /run/engine_statistics (one row per rank) and /run/partition (one row per
//     LP: its rank and weight).
// A file comparison that must not depend on the execution excludes /run:
//   h5diff --exclude-path /run a.h5 b.h5
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "io/results/result_set.hpp"
#include "pdes/statistics.hpp"

namespace io {

struct RunMetadata {
  std::string warpnet_version;  ///< "0.1.0" (PROJECT_VERSION)
  std::string git_revision;     ///< "4d96712" (WARPNET_GIT_REVISION)
  std::string config_toml;      ///< the effective configuration, defaults filled in
  std::uint64_t seed = 0;
  std::string engine;           ///< "sequential", "optimistic", ...
  std::string partitioner;      ///< the partitioner's registry name
  std::uint64_t edge_cut = 0;   ///< weight of the LP-graph edges between ranks
  double load_imbalance = 1.0;  ///< heaviest rank's LP weight over the mean
  /// The mapping, indexed by LP id (empty: no /run/partition rows), and the LP weights the
  /// partitioner balanced (empty: 1 per LP).
  std::vector<std::int32_t> rank_of_lp;
  std::vector<std::uint32_t> vertex_weights;
  std::chrono::system_clock::time_point start_time{};  ///< wall clock, when the run began
  std::chrono::system_clock::time_point end_time{};    ///< wall clock, when it ended
  /// The engine's result: rank count, per-rank statistics, termination reason, totals.
  pdes::RunResult result;
};

/// "2026-11-21T10:22:33.123Z": UTC, millisecond precision.
std::string to_iso8601_utc(std::chrono::system_clock::time_point time);

/// The metadata as the writer lays it out: root attributes, "run/..." attributes (with units)
/// and the tables "run/engine_statistics" and (with_partition) "run/partition". `hostname` is
/// the host of rank 0. Throws pdes::InvariantError when result.per_rank does not hold one
/// entry per rank, or vertex_weights one per LP.
ResultSet metadata_result_set(const RunMetadata& metadata, const std::string& hostname,
                              bool with_partition = true);

/// Rows [first_lp, end_lp) of "run/partition" (one row per LP: lp, rank, weight). Every rank
/// holds the whole mapping anyway, so each writes its own share of this table without an
/// exchange. Throws pdes::InvariantError like metadata_result_set.
Table partition_rows(const RunMetadata& metadata, std::size_t first_lp, std::size_t end_lp);

/// Whether the writer itself writes an attribute at `path` ("seed", "run/engine"): a model's
/// attribute must not take such a name.
bool is_metadata_attribute(const std::string& path);

}  // namespace io
