// SPDX-License-Identifier: Apache-2.0
//
// network_lp_weights: the relative work of each LP of the network model, for the graph
// partitioners (pdes::PartitionGraph::vertex_weights; partition/metis_partitioner.hpp).
//
// A router LP's events are per flit per hop, a node LP's per flit it sends or receives, so a
// router does more work the farther packets travel. The weights are the expected events under
// uniform traffic: a node weighs kNodeWeight; every router weighs
//     kNodeWeight * kRouterEventsPerNodeEvent * N * (h + 1) / R
// (N nodes, R routers, h the mean router-to-router distance of a node pair, so h + 1 routers
// per packet), at least 1. kRouterEventsPerNodeEvent was measured by running all routers on
// one rank and all nodes on the other (a partition file) and comparing the two ranks'
// committed events: torus 8x8 (h = 4) 3.9-4.0 router events per node event, 16x16 (h = 8)
// 6.3-6.8, with 1- and 4-flit packets at load 0.3, i.e. 0.72-0.79 per router on the path
// (docs/performance.md). h is averaged over 8 evenly spread source nodes and every
// destination: exact on tori and hypercubes, close on meshes and fat trees. Non-uniform
// traffic (hot spots) loads some routers more; the weights ignore it.
#pragma once

#include <cstdint>
#include <vector>

#include "models/network/topology/topology.hpp"

namespace net {

inline constexpr std::uint32_t kNodeWeight = 4;
inline constexpr double kRouterEventsPerNodeEvent = 0.75;

/// Indexed by LP id (routers, then nodes: LpLayout).
std::vector<std::uint32_t> network_lp_weights(const Topology& topology);

}  // namespace net
