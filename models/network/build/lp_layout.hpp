// SPDX-License-Identifier: Apache-2.0
//
// LpLayout: how routers and compute nodes map to pdes::LpId.
//
// Routers take ids 0 .. R-1 (router r is LP r) and nodes take R .. R+N-1 (node n is LP R+n),
// with R = topology.num_routers() and N = topology.num_nodes(). Dense ids, no lookup table;
// every rank computes the same mapping.
#pragma once

#include <cstdint>

#include "models/network/topology/types.hpp"
#include "pdes/lp_id.hpp"

namespace net {

struct LpLayout {
  std::uint64_t num_routers = 0;
  std::uint64_t num_nodes = 0;

  std::uint64_t num_lps() const { return num_routers + num_nodes; }
  pdes::LpId router_lp(RouterId r) const { return pdes::LpId{r}; }
  pdes::LpId node_lp(NodeId n) const { return pdes::LpId{num_routers + n}; }
  bool is_router(pdes::LpId id) const { return id.value() < num_routers; }
  RouterId router_of(pdes::LpId id) const { return id.value(); }
  NodeId node_of(pdes::LpId id) const { return id.value() - num_routers; }
};

}  // namespace net
