// SPDX-License-Identifier: Apache-2.0
//
// A halo exchange on a process grid: with each neighbour along each dimension (both ways), a
// non-blocking receive and send of that dimension's face, then waitall — the pattern of every
// stencil code.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/workload/replay/skeletons/op_writer.hpp"
#include "models/network/workload/replay/skeletons/process_grid.hpp"

namespace net::replay {

/// `face_bytes[d]`: bytes sent to each neighbour along dimension d.
inline void halo_exchange(OpWriter& out, const ProcessGrid& grid, std::uint32_t rank,
                          const std::vector<std::uint64_t>& face_bytes, std::int32_t tag) {
  for (std::uint32_t d = 0; d < grid.dims(); ++d) {
    for (const int step : {-1, 1}) {
      if (const auto peer = grid.neighbour(rank, d, step)) out.irecv(*peer, tag, face_bytes[d]);
    }
  }
  for (std::uint32_t d = 0; d < grid.dims(); ++d) {
    for (const int step : {1, -1}) {
      if (const auto peer = grid.neighbour(rank, d, step)) out.isend(*peer, tag, face_bytes[d]);
    }
  }
  out.waitall();
}

/// Each dimension's local extent and face sizes for a grid of n points per dimension.
inline std::vector<std::uint64_t> local_extent(const ProcessGrid& grid, std::uint64_t n) {
  std::vector<std::uint64_t> e(grid.dims());
  for (std::uint32_t d = 0; d < grid.dims(); ++d) e[d] = share(n, grid.size(d));
  return e;
}

inline std::uint64_t product(const std::vector<std::uint64_t>& v) {
  std::uint64_t p = 1;
  for (auto x : v) p *= x;
  return p;
}

/// The face orthogonal to dimension d: the product of the other extents, times `bytes`.
inline std::vector<std::uint64_t> faces(const std::vector<std::uint64_t>& extent,
                                        std::uint64_t bytes) {
  std::vector<std::uint64_t> f(extent.size());
  for (std::size_t d = 0; d < extent.size(); ++d) f[d] = product(extent) / extent[d] * bytes;
  return f;
}

}  // namespace net::replay
