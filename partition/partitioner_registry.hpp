// SPDX-License-Identifier: Apache-2.0
//
// The partitioners by name, for configuration files (simulation.partitioner) and the CLI.
//
//   auto p = partition::make_partitioner("metis");   // block, round-robin, metis, scotch, file
//   pdes::Partition map = p->partition(model.partition_graph(), num_ranks);
//
// An unknown name throws pdes::ConfigError listing the valid ones. Adding a partitioner is its
// own class and one line in register_partitioners (partitioner_registry.cpp). "file" reads
// PartitionerOptions::file.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "pdes/partitioner.hpp"
#include "pdes/registry.hpp"

namespace partition {

struct PartitionerInfo {
  std::string name;
  std::string description;
};

/// What a partitioner may need besides the graph.
struct PartitionerOptions {
  std::string file;                                   ///< "file": the partition file
  std::string file_key = "simulation.partition_file";  ///< the key that gave it, for messages
};

class PartitionerRegistry
    : public pdes::FactoryRegistry<pdes::Partitioner, const PartitionerOptions&> {
 public:
  PartitionerRegistry() : FactoryRegistry("simulation.partitioner", "partitioner") {}
};

/// Adds every partitioner, one line each.
void register_partitioners(PartitionerRegistry& registry);

/// Every partitioner, in registration order.
const std::vector<PartitionerInfo>& partitioners();
std::vector<std::string> partitioner_names();

/// The partitioner called `name`. `key` names the configuration key in the error message.
std::unique_ptr<pdes::Partitioner> make_partitioner(
    const std::string& name, const std::string& key = "simulation.partitioner");
std::unique_ptr<pdes::Partitioner> make_partitioner(
    const std::string& name, const PartitionerOptions& options,
    const std::string& key = "simulation.partitioner");

/// Checks what every partitioner needs: at least one rank and no more ranks than LPs.
void check_partition_request(const pdes::PartitionGraph& graph, int num_ranks);

}  // namespace partition
