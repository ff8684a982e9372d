// SPDX-License-Identifier: Apache-2.0
#include "models/network/topology/cartesian_shape.hpp"

#include "pdes/error.hpp"

namespace net {

CartesianShape::CartesianShape(std::vector<std::uint32_t> radices) : radices_(std::move(radices)) {
  PDES_CHECK(!radices_.empty(), "a Cartesian shape needs at least one dimension");
  strides_.reserve(radices_.size());
  for (std::uint32_t k : radices_) {
    PDES_CHECK(k >= 1, "radix must be >= 1");
    strides_.push_back(size_);
    size_ *= k;
  }
  small_ = size_ < (std::uint64_t{1} << 32);
  if (!small_) return;
  for (std::size_t d = 0; d < radices_.size(); ++d) {
    by_stride_.emplace_back(static_cast<std::uint32_t>(strides_[d]));
    by_radix_.emplace_back(radices_[d]);
  }
}

std::vector<std::uint32_t> CartesianShape::coordinates(std::uint64_t id) const {
  std::vector<std::uint32_t> result(radices_.size());
  for (std::size_t d = 0; d < radices_.size(); ++d) result[d] = coordinate(id, d);
  return result;
}

std::uint64_t CartesianShape::id(std::span<const std::uint32_t> coordinates) const {
  PDES_CHECK(coordinates.size() == radices_.size(), "wrong number of coordinates");
  std::uint64_t result = 0;
  for (std::size_t d = 0; d < radices_.size(); ++d) {
    PDES_CHECK(coordinates[d] < radices_[d],
               "coordinate out of range in dimension " + std::to_string(d));
    result += std::uint64_t{coordinates[d]} * strides_[d];
  }
  return result;
}

std::string CartesianShape::to_string() const {
  std::string result;
  for (std::uint32_t k : radices_) {
    if (!result.empty()) result += 'x';
    result += std::to_string(k);
  }
  return result;
}

}  // namespace net
