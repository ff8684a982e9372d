// SPDX-License-Identifier: Apache-2.0
//
// Subtopology: the second supernode type of DRB (Franco, Garcés, Luque, ICS'99, Definition 1
// in §2): "the same full/partial topological shape as the interconnection
// network but its dimension and/or size is reduced ... in a k-ary n-cube a Subtopology Supernode
// is any j-ary m-cube with j<k and/or m<n". The paper defers the geometry to its reference [10],
// which we do not have, so where the sub-cube sits is our choice [OURS, docs/drb.md]:
//
// - mesh, torus, hypercube (router ids are mixed-radix coordinates, Topology::radices()): the
//   j-ary m-cube spans the m lowest dimensions; along each of them it covers the j coordinates
//   c - floor((j-1)/2) .. c + ceil((j-1)/2) around the centre's coordinate c (centred for odd j,
//   one more on the + side for even j) and keeps the centre's other coordinates. On a torus and
//   a hypercube (a 2-ary n-cube) coordinates wrap; on a mesh the cube is clipped at the boundary
//   (the paper's "partial" shape), so boundary supernodes are smaller. A subcube of a hypercube
//   is j = 2 with m dimensions: the 2^m routers that differ from the centre in the m low bits.
// - fat tree (k-ary n-tree): the sub-tree that is a k-ary m-tree, i.e. the switches of levels
//   0 .. m-1 above the k^m terminals that share the centre's top n-m terminal digits. Its radix
//   cannot shrink (every switch keeps k down ports), so j must be 1 or k.
//
// j = 1 is the minor canonical supernode {centre}; j = k with m = n is the whole network (major
// canonical). m = 0 means "all dimensions".
//
// Who uses it: Supernode, which is built once per run; members() is const and pure.
//
// Limitations: direct topologies with mixed-radix router ids and the fat tree; the centre of a
// fat-tree sub-tree must be at a level below m (compute nodes hang on leaves, level 0).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "models/network/topology/cartesian_shape.hpp"
#include "models/network/topology/topology.hpp"

namespace net::drb {

class Subtopology {
 public:
  /// A j-ary m-cube (radix j, m = dims) on `topology`. Throws pdes::ConfigError naming
  /// `size_key` if j is 0 or larger than the radix of a spanned dimension (a supernode larger
  /// than the network) or, on a fat tree, neither 1 nor k; naming drb.subtopology_dims if m
  /// exceeds the number of dimensions (fat tree: levels); naming drb.supernode on a topology
  /// without a regular shape.
  Subtopology(const Topology& topology, std::uint32_t radix, std::uint32_t dims,
              std::string_view size_key);

  /// The routers of the sub-cube (sub-tree) around `centre`, ascending, the centre included.
  std::vector<RouterId> members(RouterId centre) const;

  /// True if every supernode of this shape is the centre alone (j = 1).
  bool single_node() const { return radix_ == 1; }

  std::uint32_t radix() const { return radix_; }
  /// Spanned dimensions m (fat tree: levels), after resolving 0 to "all".
  std::uint32_t dims() const { return dims_; }

 private:
  std::vector<RouterId> cartesian_members(RouterId centre) const;
  std::vector<RouterId> fat_tree_members(RouterId centre) const;

  bool fat_tree_ = false;
  bool wrap_ = false;          // torus, hypercube
  CartesianShape shape_{{1}};  // mesh, torus, hypercube
  std::uint32_t arity_ = 0;    // fat tree: k
  std::uint32_t levels_ = 0;   // fat tree: n
  std::uint64_t switches_per_level_ = 0;
  std::uint32_t radix_ = 1;
  std::uint32_t dims_ = 0;
};

}  // namespace net::drb
