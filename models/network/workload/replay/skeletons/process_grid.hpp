// SPDX-License-Identifier: Apache-2.0
//
// ProcessGrid: ranks laid out on a 2D or 3D grid, as MPI_Dims_create would (the factors as
// close to each other as possible, largest first), with rank r at coordinates in row-major
// order (the last dimension fastest). Neighbours wrap around when `periodic`.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace net::replay {

class ProcessGrid {
 public:
  ProcessGrid(std::uint32_t ranks, std::uint32_t dims, bool periodic);

  std::uint32_t dims() const { return static_cast<std::uint32_t>(size_.size()); }
  std::uint32_t size(std::uint32_t d) const { return size_[d]; }
  std::vector<std::uint32_t> coords(std::uint32_t rank) const;
  std::uint32_t rank_at(const std::vector<std::uint32_t>& coords) const;
  /// The neighbour of `rank` one step along dimension d in direction +1 or -1; none at a
  /// non-periodic border, or when the dimension has a single rank.
  std::optional<std::uint32_t> neighbour(std::uint32_t rank, std::uint32_t d, int step) const;

 private:
  std::vector<std::uint32_t> size_;
  bool periodic_;
};

/// ceil(n / parts), at least 1: a rank's share of n points.
inline std::uint64_t share(std::uint64_t n, std::uint64_t parts) {
  const std::uint64_t s = (n + parts - 1) / parts;
  return s == 0 ? 1 : s;
}

}  // namespace net::replay
