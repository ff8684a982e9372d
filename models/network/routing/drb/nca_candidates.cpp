// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/nca_candidates.hpp"

#include <algorithm>

#include "pdes/error.hpp"

namespace net::drb {

NcaCandidates::NcaCandidates(const FatTree& tree) : tree_(tree) {
  std::uint64_t p = 1;
  for (std::uint32_t i = 0; i <= tree.levels(); ++i, p *= tree.arity()) powers_.push_back(p);
}

RouterId NcaCandidates::nca(NodeId source, NodeId destination, std::uint32_t j) const {
  const std::uint32_t k = tree_.arity();
  const RouterId s = tree_.router_of_node(source);
  const std::uint32_t level = tree_.nca_level(s, tree_.router_of_node(destination));
  PDES_CHECK(j < powers_[level], "NcaCandidates::nca: no such ancestor");
  // Climbing from leaf s, the up port taken at level l sets switch digit l, so the NCA is s
  // with digits 0 .. L-1 replaced by the chosen up-port digits.
  std::uint64_t index = tree_.index_in_level(s);
  for (std::uint32_t l = 0; l < level; ++l) {
    const std::uint32_t x = (digit(destination, l) + digit(j, l)) % k;
    index = index - std::uint64_t{digit(index, l)} * powers_[l] + std::uint64_t{x} * powers_[l];
  }
  return tree_.router_at(level, index);
}

std::vector<Msp> NcaCandidates::generate(NodeId source, NodeId destination,
                                         std::uint32_t limit) const {
  PDES_CHECK(limit >= 1, "NcaCandidates::generate: limit must be >= 1");
  const RouterId s = tree_.router_of_node(source);
  const RouterId d = tree_.router_of_node(destination);
  std::vector<Msp> out{canonical_msp(tree_, s, d)};
  const std::uint64_t paths = powers_[tree_.nca_level(s, d)];
  const auto n = static_cast<std::uint32_t>(std::min<std::uint64_t>(limit, paths));
  for (std::uint32_t j = 1; j < n; ++j) {
    out.push_back(make_msp(tree_, s, nca(source, destination, j), d, d));
  }
  return out;
}

}  // namespace net::drb
