// SPDX-License-Identifier: Apache-2.0
//
// CheckpointDirectory: checkpoint files on disk, written so that a crash at any moment leaves
// either the previous complete checkpoint or the new one (docs/checkpoint-restart.md).
//
//   DIR/manifest                  written last (checkpoint_manifest.hpp)
//   DIR/gen-000007/rank-0.ckpt    one image per rank (pdes/checkpoint.hpp), generation 7
//
// Every file is written to a temporary name, fsync'ed, renamed into place, and its directory
// fsync'ed. A new generation goes into a new folder; once its manifest has replaced the old
// one, the older generation is removed. A restart reads the manifest, checks that it fits the
// run, and reads each image only after its size and CRC-32 match the manifest. Collective over
// `comm`: every rank calls every member, and every rank throws the same error.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "io/checkpoint/checkpoint_manifest.hpp"

namespace io {

class CheckpointDirectory {
 public:
  CheckpointDirectory(std::string path, MPI_Comm comm);

  const std::string& path() const { return path_; }
  std::string manifest_path() const;
  bool has_manifest() const;

  /// The manifest, checked against `run`: throws pdes::ConfigError (key --restart) when there
  /// is none, when it is damaged, or listing everything that differs from the run.
  CheckpointManifest read_manifest(const CheckpointIdentity& run) const;

  /// This rank's image, verified against the manifest. If any rank's image is missing, cut
  /// short or fails its checksum, every rank throws the same pdes::ConfigError.
  std::vector<std::byte> read_image(const CheckpointManifest& manifest) const;

  /// Writes generation `manifest.generation`: this rank's image, then (rank 0) the manifest,
  /// then removes older generations. `manifest.ranks` is filled in here.
  void write(std::span<const std::byte> image, CheckpointManifest manifest) const;

 private:
  std::string path_;
  MPI_Comm comm_;
  int rank_ = 0;
  int size_ = 1;
};

/// Writes `bytes` to `path` durably and atomically: temporary name, fsync, rename, fsync of
/// the directory. Throws std::runtime_error naming the path and errno's text.
void write_file_durably(const std::string& path, std::span<const std::byte> bytes);

}  // namespace io
