// SPDX-License-Identifier: Apache-2.0
//
// FilePartitioner: the mapping read from a partition file (simulation.partitioner = "file",
// simulation.partition_file = PATH), for a mapping made elsewhere (gpmetis, a hand-tuned
// layout) or by `warpnet partition`.
//
// Format (that of gpmetis's output, with comments): one line per LP, in LP id order, holding
// the rank of that LP as a decimal integer. Blank lines and everything from '#' to the end of a
// line are ignored; spaces around the number are allowed.
//
//   # warpnet partition: 4 LPs over 2 ranks
//   0
//   0
//   1     # LP 2
//   1
//
// The file must match the run exactly: one rank line per LP, every rank in 0 .. ranks-1, and
// every rank owning at least one LP (so a file made for 4 ranks is refused on 2 and on 8).
// Any mismatch is a pdes::ConfigError on the key, naming the file, the line, the value and
// what is allowed.
#pragma once

#include <string>

#include "pdes/partitioner.hpp"

namespace partition {

class FilePartitioner final : public pdes::Partitioner {
 public:
  /// `key` names the configuration key that gave `path`, for messages.
  FilePartitioner(std::string path, std::string key);

  std::string name() const override { return "file"; }
  pdes::Partition partition(const pdes::PartitionGraph& graph, int num_ranks) const override;

 private:
  std::string path_;
  std::string key_;
};

/// The partition file text for `partition` (one rank per line, after a comment `header` whose
/// lines are prefixed with "# ").
std::string format_partition_file(const pdes::Partition& partition, const std::string& header);

}  // namespace partition
