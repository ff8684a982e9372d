// SPDX-License-Identifier: Apache-2.0
//
// RecordLog: the committed output records of one rank, kept for checkpoints.
//
// Sinks (io/, models/) accumulate committed records in memory and write them at the end of
// the run. Rather than asking every sink to serialize its own accumulators, a checkpoint saves
// the records the sink has been given, and a restart hands them to the fresh sink again, in
// the same order: the sink ends up in the same state whatever it keeps. The cost is memory and
// checkpoint size that grow with the committed records, paid only when checkpoints are on
// (docs/checkpoint-restart.md).
#pragma once

#include <cstddef>
#include <vector>

#include "pdes/checkpointable.hpp"
#include "pdes/output_sink.hpp"

namespace pdes::internal {

class RecordLog final : public OutputSink {
 public:
  /// `inner` (may be null) receives every record too.
  explicit RecordLog(OutputSink* inner) : inner_(inner) {}

  void write(const Record& record) override;

  void save(CheckpointWriter& out);
  /// Reads a saved log, keeps it, and gives its records to the inner sink in saved order.
  void load_and_replay(CheckpointReader& in);

 private:
  OutputSink* inner_;
  std::vector<std::byte> bytes_;  ///< per record: kind, lp, time, size, bytes
};

}  // namespace pdes::internal
