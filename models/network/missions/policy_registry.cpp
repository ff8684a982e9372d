// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/policy_registry.hpp"

#include <memory>

namespace net::missions {

namespace {
template <class P>
PolicyRegistry::Factory make() {
  return [] { return std::make_unique<P>(); };
}
}  // namespace

void register_policies(PolicyRegistry& r) {
  r.add("fifo", "first in, first out (the default)", make<FifoPolicy>());
  r.add("sf", "shortest first: smaller length", make<ShortestFirst>());
  r.add("lf", "longest first: larger length", make<LongestFirst>());
  r.add("nf", "nearest first: smaller remaining Hamming distance", make<NearestFirst>());
  r.add("ff", "farthest first: larger remaining Hamming distance", make<FarthestFirst>());
  r.add("sbf", "smallest remaining bandwidth requirement (length x distance) first",
        make<SmallestRbrFirst>());
  r.add("lbf", "largest remaining bandwidth requirement (length x distance) first",
        make<LargestRbrFirst>());
}

std::vector<std::string> policy_names() {
  PolicyRegistry r;
  register_policies(r);
  return r.names();
}

}  // namespace net::missions
