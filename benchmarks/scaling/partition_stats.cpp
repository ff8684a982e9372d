// SPDX-License-Identifier: Apache-2.0
//
// partition_stats: what a partitioner would give a model on R ranks, without running it — the
// input of the scaling model of docs/scaling.md (benchmarks/scaling/scaling_model.py).
//
//   partition_stats CONFIG [--set key=value ...] [--ranks 2,4,...,1024]
//                   [--partitioners block,metis,scotch]
//
// For every partitioner and rank count, one CSV line on stdout:
//   partitioner, ranks, lps, cut_share, link_cut_share, load_imbalance, min_lps, max_lps,
//   clusters_split
// - cut_share: the cut edge weight over the total edge weight of the model's partition graph
//   (the network model: links between LPs; a router-router link and a node's link weigh one
//   each way), i.e. the share of LP-to-LP events that would cross ranks if every link carried
//   the same traffic (uniform traffic on tori and fat trees);
// - link_cut_share: the same over router-router links only (flit hops);
// - load_imbalance: the heaviest rank's LP weight over the mean (the model's vertex weights);
// - clusters_split: how many of the model's clusters (a dragonfly's groups) the mapping spreads
//   over more than one rank (0 for models without clusters).
// The partitioners are the ones `warpnet run` uses (simulation.partitioner), with the same
// seeds, so the figures are exactly the mappings a run would get.
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "app/setup.hpp"
#include "io/config/config_errors.hpp"
#include "partition/partitioner_registry.hpp"
#include "partition/whole_clusters.hpp"
#include "pdes/error.hpp"

namespace {

struct Options {
  std::string config;
  std::vector<std::string> overrides;
  std::vector<int> ranks = {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
  std::vector<std::string> partitioners = {"block", "metis", "scotch"};
};

[[noreturn]] void usage(const std::string& problem) {
  std::fprintf(stderr,
               "partition_stats: %s\nusage: partition_stats CONFIG [--set key=value ...] "
               "[--ranks 2,4,...] [--partitioners block,metis,scotch]\n",
               problem.c_str());
  std::exit(2);
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--set" || arg == "--ranks" || arg == "--partitioners") {
      if (i + 1 >= argc) usage("missing value after " + arg);
      const std::string value = argv[++i];
      if (arg == "--set") {
        o.overrides.push_back(value);
      } else if (arg == "--partitioners") {
        o.partitioners = split(value);
      } else {
        o.ranks.clear();
        for (const std::string& r : split(value)) {
          char* end = nullptr;
          const long n = std::strtol(r.c_str(), &end, 10);
          if (*end != '\0' || n < 1 || n > (1 << 20)) usage("--ranks: not a rank count: " + r);
          o.ranks.push_back(static_cast<int>(n));
        }
      }
    } else if (!arg.empty() && arg[0] == '-') {
      usage("unknown option " + arg);
    } else if (o.config.empty()) {
      o.config = arg;
    } else {
      usage("more than one configuration file");
    }
  }
  if (o.config.empty()) usage("no configuration file");
  return o;
}

/// Cut and total edge weight, over all edges or over those between two LPs of `routers`.
struct Cut {
  double all = 0, all_total = 0, links = 0, links_total = 0;
};

Cut cut_of(const pdes::PartitionGraph& g, const pdes::Partition& p, std::uint64_t routers) {
  Cut c;
  for (std::uint64_t v = 0; v < g.num_lps; ++v) {
    for (std::uint64_t e = g.edge_offsets[v]; e < g.edge_offsets[v + 1]; ++e) {
      const std::uint64_t u = g.edge_targets[e];
      const double w = g.edge_weights[e];
      const bool cut = p.rank_of_lp[v] != p.rank_of_lp[u];
      c.all_total += w;
      if (cut) c.all += w;
      if (v < routers && u < routers) {
        c.links_total += w;
        if (cut) c.links += w;
      }
    }
  }
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const Options o = parse(argc, argv);
  int status = 0;
  try {
    const app::Setup setup;
    const app::LoadedConfig loaded = setup.load(o.config, o.overrides);
    const app::BuiltRun built = setup.build(loaded);
    const pdes::PartitionGraph graph = built.model->partition_graph();
    if (graph.edge_offsets.empty()) usage("the model gives no LP graph edges");
    // The network model numbers routers first (LpLayout); a node has exactly one edge.
    std::uint64_t routers = 0;
    while (routers < graph.num_lps &&
           graph.edge_offsets[routers + 1] - graph.edge_offsets[routers] != 1) {
      ++routers;
    }
    std::printf(
        "partitioner,ranks,lps,cut_share,link_cut_share,load_imbalance,min_lps,max_lps,"
        "clusters_split\n");
    for (const std::string& name : o.partitioners) {
      const auto partitioner = partition::make_partitioner(name, "--partitioners");
      for (const int ranks : o.ranks) {
        if (static_cast<std::uint64_t>(ranks) > graph.num_lps) continue;
        const pdes::Partition p = partitioner->partition(graph, ranks);
        const Cut c = cut_of(graph, p, routers);
        std::vector<std::uint64_t> lps(static_cast<std::size_t>(ranks), 0);
        for (const auto r : p.rank_of_lp) ++lps[static_cast<std::size_t>(r)];
        const auto [lo, hi] = std::minmax_element(lps.begin(), lps.end());
        std::printf("%s,%d,%llu,%.6f,%.6f,%.4f,%llu,%llu,%llu\n", name.c_str(), ranks,
                    static_cast<unsigned long long>(graph.num_lps),
                    c.all_total > 0 ? c.all / c.all_total : 0.0,
                    c.links_total > 0 ? c.links / c.links_total : 0.0,
                    p.load_imbalance(graph), static_cast<unsigned long long>(*lo),
                    static_cast<unsigned long long>(*hi),
                    static_cast<unsigned long long>(partition::clusters_split(graph, p)));
        std::fflush(stdout);
      }
    }
  } catch (const io::ConfigErrors& e) {
    std::fprintf(stderr, "partition_stats: configuration error:\n%s\n", e.what());
    status = 2;
  } catch (const pdes::ConfigError& e) {
    std::fprintf(stderr, "partition_stats: configuration error: %s\n", e.what());
    status = 2;
  }
  MPI_Finalize();
  return status;
}
