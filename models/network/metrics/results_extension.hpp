// SPDX-License-Identifier: Apache-2.0
//
// ResultsExtension: the results of one registered part of the network model that the generic
// NetworkResults does not know — a routing algorithm's own counters (a solution database's hits),
// a selection function's (how stale its neighbours' status was), a workload's (when each group
// of messages completed). The part keeps its counters in its own state, emits its own records
// (router monitors and node hooks at on_finish, or as it goes), and supplies an extension that
// turns them into tables and summary figures:
//
//   std::unique_ptr<ResultsExtension> RoutingAlgorithm::make_results() const;   // also
//   SelectionFunction::make_results, Workload::make_results
//
// NetworkResults registers the record kinds an extension declares (record_kinds.hpp: a kind
// registered twice is an error) and hands it every committed record of those kinds, adds its
// tables to the rank's results (io::distribute merges them like any other table: concatenated
// or summed by key, so they must be exact on any rank count) and, after distributing, its
// figures to the summary.
//
// Record kinds: the network model uses 0x4E00 to 0x4E1F; a part takes one in 0x4E20 to 0x4EFF
// (routing algorithms 0x4E20 on, selection functions 0x4E60 on, workloads 0x4EA0 on), named in
// its own header next to the record.
#pragma once

#include <cstdint>
#include <vector>

#include "io/results/distributed_tables.hpp"
#include "io/results/result_set.hpp"
#include "models/figure.hpp"
#include "models/network/metrics/record_kinds.hpp"
#include "pdes/output_sink.hpp"

namespace net {

class ResultsExtension {
 public:
  virtual ~ResultsExtension() = default;
  /// The record kinds this extension reads, each with its record type's name.
  virtual std::vector<RecordKind> record_kinds() const = 0;
  /// A committed record of one of those kinds, from this rank's LPs.
  virtual void write(const pdes::Record& record) = 0;
  /// Adds this rank's tables to `local` (before the ranks' results are combined).
  virtual void add_tables(io::ResultSet& local) const = 0;
  /// Adds the summary figures, reduced from the ranks' slabs of the combined tables.
  /// Collective (every rank calls it, and makes the same reductions): io::DistributedTables
  /// sums integer columns across ranks and folds anything order-dependent in row order, so
  /// that the figures are bit-identical on any rank count and no rank holds a whole table.
  virtual void add_figures(const io::DistributedTables& tables,
                           std::vector<models::Figure>& figures) const = 0;
};

}  // namespace net
