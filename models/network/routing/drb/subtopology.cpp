// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/subtopology.hpp"

#include <algorithm>
#include <string>

#include "models/network/topology/fat_tree.hpp"
#include "pdes/error.hpp"

namespace net::drb {

Subtopology::Subtopology(const Topology& topology, std::uint32_t radix, std::uint32_t dims,
                         std::string_view size_key)
    : radix_(radix) {
  const std::string key(size_key);
  if (radix == 0) {
    throw pdes::ConfigError(key,
                            "a Subtopology supernode's radix j must be >= 1 (1 = the "
                            "centre alone)");
  }
  if (const auto* tree = dynamic_cast<const FatTree*>(&topology)) {
    fat_tree_ = true;
    arity_ = tree->arity();
    levels_ = tree->levels();
    switches_per_level_ = tree->switches_per_level();
    if (dims > levels_) {
      throw pdes::ConfigError("drb.subtopology_dims", "a sub-tree of a " + std::to_string(levels_) +
                                                          "-level fat tree has "
                                                          "at most " +
                                                          std::to_string(levels_) +
                                                          " levels, got " + std::to_string(dims));
    }
    dims_ = dims == 0 ? levels_ : dims;
    // Every switch of a sub-tree keeps its k down links: only the trivial radix shrinks it.
    if (radix != 1 && radix != arity_) {
      throw pdes::ConfigError(key, "a Subtopology of a " + std::to_string(arity_) +
                                       "-ary fat tree has radix 1 or " + std::to_string(arity_) +
                                       ", got " + std::to_string(radix));
    }
    return;
  }
  const std::string_view name = topology.name();
  if (name != "mesh" && name != "torus" && name != "hypercube") {
    throw pdes::ConfigError("drb.supernode",
                            "Subtopology supernodes need a mesh, torus, "
                            "hypercube or fat tree, got '" +
                                std::string(name) + "'");
  }
  wrap_ = name != "mesh";
  shape_ = CartesianShape(topology.radices());
  const auto n = static_cast<std::uint32_t>(shape_.num_dims());
  if (dims > n) {
    throw pdes::ConfigError("drb.subtopology_dims", "the network has " + std::to_string(n) +
                                                        " dimensions, got " + std::to_string(dims));
  }
  dims_ = dims == 0 ? n : dims;
  for (std::uint32_t d = 0; d < dims_; ++d) {
    if (radix > shape_.radix(d)) {
      throw pdes::ConfigError(key, "a " + std::to_string(radix) +
                                       "-ary sub-cube is larger than "
                                       "the network, whose dimension " +
                                       std::to_string(d) + " has radix " +
                                       std::to_string(shape_.radix(d)));
    }
  }
}

std::vector<RouterId> Subtopology::members(RouterId centre) const {
  if (radix_ == 1) return {centre};
  return fat_tree_ ? fat_tree_members(centre) : cartesian_members(centre);
}

std::vector<RouterId> Subtopology::cartesian_members(RouterId centre) const {
  // Grow the set one spanned dimension at a time: each member so far is replaced by its copies
  // at every coordinate of the window along that dimension.
  const std::uint32_t below = (radix_ - 1) / 2;
  std::vector<RouterId> members{centre};
  for (std::uint32_t d = 0; d < dims_; ++d) {
    const std::int64_t k = shape_.radix(d);
    const std::int64_t c = shape_.coordinate(centre, d);
    std::vector<RouterId> grown;
    grown.reserve(members.size() * radix_);
    for (const RouterId m : members) {
      for (std::int64_t o = -static_cast<std::int64_t>(below);
           o < static_cast<std::int64_t>(radix_ - below); ++o) {
        std::int64_t v = c + o;
        if (wrap_) {
          v = ((v % k) + k) % k;
        } else if (v < 0 || v >= k) {
          continue;  // mesh: clipped at the boundary
        }
        grown.push_back(shape_.with_coordinate(m, d, static_cast<std::uint32_t>(v)));
      }
    }
    members = std::move(grown);
  }
  std::sort(members.begin(), members.end());
  return members;
}

std::vector<RouterId> Subtopology::fat_tree_members(RouterId centre) const {
  // Switch (l, s) lies in the k-ary m-tree of the centre iff l < m and s agrees with the
  // centre's index in digits m-1 .. n-2, i.e. s / k^(m-1) is the same (fat_tree.hpp numbering).
  const std::uint32_t level = static_cast<std::uint32_t>(centre / switches_per_level_);
  PDES_CHECK(level < dims_,
             "Subtopology: the centre of a fat-tree sub-tree must lie below its "
             "top level");
  std::uint64_t block = 1;
  for (std::uint32_t i = 0; i + 1 < dims_; ++i) block *= arity_;
  const std::uint64_t base = (centre % switches_per_level_) / block * block;
  std::vector<RouterId> members;
  members.reserve(dims_ * block);
  for (std::uint32_t l = 0; l < dims_; ++l) {
    for (std::uint64_t f = 0; f < block; ++f) {
      members.push_back(l * switches_per_level_ + base + f);
    }
  }
  return members;
}

}  // namespace net::drb
