// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/replay/skeletons/process_grid.hpp"

#include <algorithm>
#include <functional>

#include "pdes/error.hpp"

namespace net::replay {

ProcessGrid::ProcessGrid(std::uint32_t ranks, std::uint32_t dims, bool periodic)
    : size_(dims, 1), periodic_(periodic) {
  PDES_CHECK(ranks >= 1 && dims >= 1, "a process grid of at least one rank and dimension");
  // Prime factors, largest first, each to the currently smallest dimension.
  std::vector<std::uint32_t> factors;
  std::uint32_t n = ranks;
  for (std::uint32_t f = 2; f * f <= n; ++f) {
    while (n % f == 0) {
      factors.push_back(f);
      n /= f;
    }
  }
  if (n > 1) factors.push_back(n);
  std::sort(factors.begin(), factors.end(), std::greater<>());
  for (const std::uint32_t f : factors) {
    *std::min_element(size_.begin(), size_.end()) *= f;
  }
  std::sort(size_.begin(), size_.end(), std::greater<>());
}

std::vector<std::uint32_t> ProcessGrid::coords(std::uint32_t rank) const {
  std::vector<std::uint32_t> c(size_.size());
  for (std::size_t d = size_.size(); d-- > 0;) {
    c[d] = rank % size_[d];
    rank /= size_[d];
  }
  return c;
}

std::uint32_t ProcessGrid::rank_at(const std::vector<std::uint32_t>& c) const {
  std::uint32_t rank = 0;
  for (std::size_t d = 0; d < size_.size(); ++d) rank = rank * size_[d] + c[d];
  return rank;
}

std::optional<std::uint32_t> ProcessGrid::neighbour(std::uint32_t rank, std::uint32_t d,
                                                     int step) const {
  if (size_[d] == 1) return std::nullopt;
  std::vector<std::uint32_t> c = coords(rank);
  const std::int64_t x = static_cast<std::int64_t>(c[d]) + step;
  if (x < 0 || x >= static_cast<std::int64_t>(size_[d])) {
    if (!periodic_) return std::nullopt;
    c[d] = static_cast<std::uint32_t>((x + size_[d]) % size_[d]);
  } else {
    c[d] = static_cast<std::uint32_t>(x);
  }
  const std::uint32_t other = rank_at(c);
  if (other == rank) return std::nullopt;
  return other;
}

}  // namespace net::replay
