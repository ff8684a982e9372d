// SPDX-License-Identifier: Apache-2.0
//
// LP graphs for the partitioner tests, shaped like the network model's (without depending on
// it): a 2D torus or mesh of router LPs 0..R-1, each with one node LP R+r; links and
// attachments are edges of weight 1 both ways; routers weigh `router_weight`, nodes 1; the
// locality order is each router followed by its node.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "pdes/partitioner.hpp"

namespace partition_test {

inline pdes::PartitionGraph grid_graph(std::uint64_t k, bool wrap, std::uint32_t router_weight) {
  const std::uint64_t routers = k * k;
  pdes::PartitionGraph g;
  g.num_lps = 2 * routers;
  g.edge_offsets.push_back(0);
  for (std::uint64_t r = 0; r < routers; ++r) {
    const std::uint64_t x = r % k;
    const std::uint64_t y = r / k;
    std::map<std::uint64_t, std::uint32_t> next;
    auto link = [&](std::uint64_t nx, std::uint64_t ny) { ++next[ny * k + nx]; };
    if (wrap || x + 1 < k) link((x + 1) % k, y);
    if (wrap || x > 0) link((x + k - 1) % k, y);
    if (wrap || y + 1 < k) link(x, (y + 1) % k);
    if (wrap || y > 0) link(x, (y + k - 1) % k);
    next[routers + r] = 1;
    for (const auto& [lp, w] : next) {
      g.edge_targets.push_back(lp);
      g.edge_weights.push_back(w);
    }
    g.edge_offsets.push_back(g.edge_targets.size());
    g.vertex_weights.push_back(router_weight);
  }
  for (std::uint64_t r = 0; r < routers; ++r) {
    g.edge_targets.push_back(r);
    g.edge_weights.push_back(1);
    g.edge_offsets.push_back(g.edge_targets.size());
    g.vertex_weights.push_back(1);
  }
  for (std::uint64_t r = 0; r < routers; ++r) {
    g.locality_order.push_back(r);
    g.locality_order.push_back(routers + r);
  }
  return g;
}

/// A graph of `groups` cliques of `size` LPs each (clusters 0..groups-1), every pair of groups
/// joined by one edge between LP (j mod size) of group i and LP (i mod size) of group j: a
/// dragonfly's shape without its nodes. Edges weigh 1, LPs 1.
inline pdes::PartitionGraph clique_groups(std::uint64_t groups, std::uint64_t size) {
  pdes::PartitionGraph g;
  g.num_lps = groups * size;
  g.edge_offsets.push_back(0);
  for (std::uint64_t v = 0; v < g.num_lps; ++v) {
    const std::uint64_t group = v / size;
    std::map<std::uint64_t, std::uint32_t> next;
    for (std::uint64_t u = group * size; u < (group + 1) * size; ++u) {
      if (u != v) next[u] = 1;
    }
    for (std::uint64_t other = 0; other < groups; ++other) {
      if (other != group && other % size == v % size) next[other * size + group % size] = 1;
    }
    for (const auto& [lp, w] : next) {
      g.edge_targets.push_back(lp);
      g.edge_weights.push_back(w);
    }
    g.edge_offsets.push_back(g.edge_targets.size());
    g.cluster_of.push_back(static_cast<std::uint32_t>(group));
  }
  return g;
}

/// Whether every LP has a rank in range and every rank at least one LP.
inline bool valid_mapping(const pdes::Partition& p, const pdes::PartitionGraph& g, int ranks) {
  if (p.num_ranks != ranks || p.rank_of_lp.size() != g.num_lps) return false;
  std::vector<std::uint64_t> count(static_cast<std::size_t>(ranks), 0);
  for (const std::int32_t r : p.rank_of_lp) {
    if (r < 0 || r >= ranks) return false;
    ++count[static_cast<std::size_t>(r)];
  }
  for (const std::uint64_t c : count) {
    if (c == 0) return false;
  }
  return true;
}

}  // namespace partition_test
