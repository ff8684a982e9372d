// SPDX-License-Identifier: Apache-2.0
//
// CartesianShape: mixed-radix coordinates of the routers of a mesh or torus.
//
// With radices k_0 .. k_{n-1}, router id r and coordinates (c_0 .. c_{n-1}), 0 <= c_i < k_i, are
// related by
//
//     r = sum_i c_i * s_i,   s_0 = 1,  s_i = k_0 * ... * k_{i-1}   (dimension 0 varies fastest)
//
// so on an 8x8 mesh router 10 is (x=2, y=1). This is BookSim2's numbering (kncube.cpp) and the
// one traffic digit patterns (tornado, neighbour) use.
//
//   CartesianShape shape({8, 8});
//   std::uint32_t y = shape.coordinate(10, 1);          // 1
//   std::uint64_t east = shape.with_coordinate(10, 0, 3);  // 11
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "models/network/topology/fast_divisor.hpp"

namespace net {

class CartesianShape {
 public:
  /// Requires at least one dimension and every radix >= 1 (PDES_CHECK); topologies validate
  /// user input before building a shape.
  explicit CartesianShape(std::vector<std::uint32_t> radices);

  std::size_t num_dims() const { return radices_.size(); }
  std::uint32_t radix(std::size_t dim) const { return radices_[dim]; }
  std::span<const std::uint32_t> radices() const { return radices_; }

  /// Number of points (product of the radices).
  std::uint64_t size() const { return size_; }

  /// Id distance between neighbours along `dim` (s_dim above).
  std::uint64_t stride(std::size_t dim) const { return strides_[dim]; }

  std::uint32_t coordinate(std::uint64_t id, std::size_t dim) const {
    // Routing asks for coordinates on every hop: multiplications instead of two divisions
    // where the ids fit in 32 bits (every shape of fewer than 2^32 points).
    if (small_) {
      const auto i = static_cast<std::uint32_t>(id);
      return by_radix_[dim].remainder(by_stride_[dim].quotient(i));
    }
    return static_cast<std::uint32_t>((id / strides_[dim]) % radices_[dim]);
  }

  /// The id whose coordinate along `dim` is `value` and whose other coordinates are id's.
  std::uint64_t with_coordinate(std::uint64_t id, std::size_t dim, std::uint32_t value) const {
    return id - std::uint64_t{coordinate(id, dim)} * strides_[dim] +
           std::uint64_t{value} * strides_[dim];
  }

  std::vector<std::uint32_t> coordinates(std::uint64_t id) const;

  /// Inverse of coordinates(); requires one in-range coordinate per dimension (PDES_CHECK).
  std::uint64_t id(std::span<const std::uint32_t> coordinates) const;

  /// "8x8x4".
  std::string to_string() const;

  bool operator==(const CartesianShape&) const = default;

 private:
  std::vector<std::uint32_t> radices_;
  std::vector<std::uint64_t> strides_;
  std::uint64_t size_ = 1;
  bool small_ = false;  ///< size_ < 2^32: coordinates through by_stride_ and by_radix_
  std::vector<FastDivisor> by_stride_;
  std::vector<FastDivisor> by_radix_;
};

}  // namespace net
