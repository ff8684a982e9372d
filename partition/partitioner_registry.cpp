// SPDX-License-Identifier: Apache-2.0
#include "partition/partitioner_registry.hpp"


#include "partition/block_partitioner.hpp"
#include "partition/file_partitioner.hpp"
#include "partition/metis_partitioner.hpp"
#include "partition/round_robin_partitioner.hpp"
#include "partition/scotch_partitioner.hpp"
#include "pdes/error.hpp"

namespace partition {

void register_partitioners(PartitionerRegistry& r) {
  r.add("block", "contiguous blocks of the model's locality order (or of LP ids), one per rank",
        [](const PartitionerOptions&) { return std::make_unique<BlockPartitioner>(); });
  r.add("round-robin", "LP i on rank i mod ranks",
        [](const PartitionerOptions&) { return std::make_unique<RoundRobinPartitioner>(); });
  r.add("metis", "METIS k-way: balanced LP weights, few cut edges (seeded)",
        [](const PartitionerOptions&) { return std::make_unique<MetisPartitioner>(); });
  r.add("scotch", "Scotch graph partitioning: balanced LP weights, few cut edges (seeded)",
        [](const PartitionerOptions&) { return std::make_unique<ScotchPartitioner>(); });
  r.add("file", "the mapping in simulation.partition_file (one rank per line per LP)",
        [](const PartitionerOptions& o) {
          return std::make_unique<FilePartitioner>(o.file, o.file_key);
        });
}

namespace {

const PartitionerRegistry& registry() {
  static const PartitionerRegistry r = [] {
    PartitionerRegistry result;
    register_partitioners(result);
    return result;
  }();
  return r;
}

}  // namespace

const std::vector<PartitionerInfo>& partitioners() {
  static const std::vector<PartitionerInfo> infos = [] {
    std::vector<PartitionerInfo> out;
    for (const auto& e : registry().entries()) out.push_back({e.name, e.description});
    return out;
  }();
  return infos;
}

std::vector<std::string> partitioner_names() { return registry().names(); }

std::unique_ptr<pdes::Partitioner> make_partitioner(const std::string& name,
                                                    const std::string& key) {
  return make_partitioner(name, PartitionerOptions{}, key);
}

std::unique_ptr<pdes::Partitioner> make_partitioner(const std::string& name,
                                                    const PartitionerOptions& options,
                                                    const std::string& key) {
  if (!registry().contains(name)) {
    throw pdes::ConfigError(key, "unknown partitioner '" + name + "'; valid: " +
                                     registry().joined_names());
  }
  return registry().create(name, options);
}

void check_partition_request(const pdes::PartitionGraph& graph, int num_ranks) {
  if (num_ranks < 1) {
    throw pdes::ConfigError("", "cannot partition over " + std::to_string(num_ranks) + " ranks");
  }
  if (graph.num_lps < static_cast<std::uint64_t>(num_ranks)) {
    throw pdes::ConfigError("", "the model has " + std::to_string(graph.num_lps) + " LPs but " +
                                    std::to_string(num_ranks) +
                                    " ranks were launched; use at most as many ranks as LPs");
  }
}

}  // namespace partition
