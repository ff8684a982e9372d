// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/supernode.hpp"

#include <string>

#include "models/network/topology/graph_distance.hpp"
#include "pdes/error.hpp"

namespace net::drb {

Supernode::Supernode(const Topology& topology, SupernodeSpec spec, std::string_view size_key)
    : topology_(topology), spec_(spec) {
  if (spec.kind == SupernodeKind::kSubtopology) {
    subtopology_.emplace(topology, spec.size, spec.dims, size_key);
    return;
  }
  // A radius beyond the diameter adds nothing: reject it rather than guess what was meant.
  if (spec.size > topology.diameter()) {
    throw pdes::ConfigError(std::string(size_key),
                            "a Gravity Area of radius " + std::to_string(spec.size) +
                                " is larger than the network (diameter " +
                                std::to_string(topology.diameter()) +
                                "; the diameter itself gives the whole network)");
  }
}

std::vector<RouterId> Supernode::members(RouterId centre) const {
  if (subtopology_) return subtopology_->members(centre);
  if (spec_.size == 0) return {centre};
  return GraphDistance::within(topology_, centre, spec_.size);
}

bool Supernode::minor_canonical() const {
  if (subtopology_) return subtopology_->single_node();
  return spec_.size == 0;
}

}  // namespace net::drb
