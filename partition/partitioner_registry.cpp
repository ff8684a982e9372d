// SPDX-License-Identifier: Apache-2.0
#include "partition/partitioner_registry.hpp"

#include <functional>

#include "partition/block_partitioner.hpp"
#include "partition/file_partitioner.hpp"
#include "partition/metis_partitioner.hpp"
#include "partition/round_robin_partitioner.hpp"
#include "partition/scotch_partitioner.hpp"
#include "pdes/error.hpp"

namespace partition {

namespace {

struct Entry {
  PartitionerInfo info;
  std::function<std::unique_ptr<pdes::Partitioner>(const PartitionerOptions&)> make;
};

const std::vector<Entry>& table() {
  static const std::vector<Entry> entries = {
      {{"block", "contiguous blocks of the model's locality order (or of LP ids), one per rank"},
       [](const PartitionerOptions&) { return std::make_unique<BlockPartitioner>(); }},
      {{"round-robin", "LP i on rank i mod ranks"},
       [](const PartitionerOptions&) { return std::make_unique<RoundRobinPartitioner>(); }},
      {{"metis", "METIS k-way: balanced LP weights, few cut edges (seeded)"},
       [](const PartitionerOptions&) { return std::make_unique<MetisPartitioner>(); }},
      {{"scotch", "Scotch graph partitioning: balanced LP weights, few cut edges (seeded)"},
       [](const PartitionerOptions&) { return std::make_unique<ScotchPartitioner>(); }},
      {{"file", "the mapping in simulation.partition_file (one rank per line per LP)"},
       [](const PartitionerOptions& o) {
         return std::make_unique<FilePartitioner>(o.file, o.file_key);
       }},
  };
  return entries;
}

}  // namespace

const std::vector<PartitionerInfo>& partitioners() {
  static const std::vector<PartitionerInfo> infos = [] {
    std::vector<PartitionerInfo> out;
    for (const Entry& e : table()) out.push_back(e.info);
    return out;
  }();
  return infos;
}

std::vector<std::string> partitioner_names() {
  std::vector<std::string> names;
  for (const Entry& e : table()) names.push_back(e.info.name);
  return names;
}

std::unique_ptr<pdes::Partitioner> make_partitioner(const std::string& name,
                                                    const std::string& key) {
  return make_partitioner(name, PartitionerOptions{}, key);
}

std::unique_ptr<pdes::Partitioner> make_partitioner(const std::string& name,
                                                    const PartitionerOptions& options,
                                                    const std::string& key) {
  for (const Entry& e : table()) {
    if (e.info.name == name) return e.make(options);
  }
  std::string valid;
  for (const Entry& e : table()) valid += (valid.empty() ? "" : ", ") + e.info.name;
  throw pdes::ConfigError(key, "unknown partitioner '" + name + "'; valid: " + valid);
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
