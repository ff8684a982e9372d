// SPDX-License-Identifier: Apache-2.0
//
// CheckpointManifest: the last file of a checkpoint, and the only one a restart trusts first.
//
// A text file, `DIR/manifest`, of `key = value` lines: what wrote the checkpoint (warpnet
// version, hash of the effective configuration, engine, rank count), where it stands (GVT
// time, committed events, generation) and one line per rank image with its size and CRC-32.
// It is written after every image is durable and replaces the previous one by rename, so a
// directory holds either the previous complete checkpoint or the new one, never half of one.
// docs/checkpoint-restart.md describes the layout.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace io {

/// What must match between the run that wrote a checkpoint and the run that resumes it.
struct CheckpointIdentity {
  std::string warpnet_version;
  std::uint64_t config_hash = 0;  ///< io::Config::hash() of the effective configuration
  std::string engine;
  int ranks = 1;
};

struct CheckpointFile {
  std::string path;  ///< relative to the checkpoint directory
  std::uint64_t size = 0;
  std::uint32_t crc32 = 0;
};

struct CheckpointManifest {
  static constexpr int kFormat = 1;

  CheckpointIdentity identity;
  std::uint64_t generation = 0;
  std::int64_t time_ticks = 0;  ///< every event before it is committed
  std::uint64_t events_committed = 0;
  std::vector<CheckpointFile> ranks;  ///< one per rank, in rank order

  std::string to_text() const;
  /// Throws pdes::ConfigError (key --restart) naming `origin` and the line at fault.
  static CheckpointManifest parse(const std::string& text, const std::string& origin);
};

/// Every difference between a checkpoint and this run, one per line ("" when they match).
std::string describe_differences(const CheckpointIdentity& checkpoint,
                                 const CheckpointIdentity& run);

}  // namespace io
