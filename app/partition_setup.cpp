// SPDX-License-Identifier: Apache-2.0
#include "app/partition_setup.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "partition/partitioner_registry.hpp"
#include "pdes/error.hpp"

namespace app {

namespace {

std::uint64_t hash_of(const pdes::Partition& p) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a over the ranks
  for (const std::int32_t r : p.rank_of_lp) {
    h ^= static_cast<std::uint32_t>(r);
    h *= 0x100000001b3ULL;
  }
  return h;
}

bool same_on_every_rank(std::uint64_t value, MPI_Comm comm) {
  int initialized = 0;
  int finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized == 0 || finalized != 0) return true;
  std::uint64_t in[2] = {value, ~value};
  std::uint64_t out[2] = {0, 0};
  MPI_Allreduce(in, out, 2, MPI_UINT64_T, MPI_MAX, comm);  // max(v) and ~min(v)
  return out[0] == ~out[1];
}

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

ChosenPartition choose_partition(const io::Config& config, const pdes::PartitionGraph& graph,
                                 int num_ranks, MPI_Comm comm) {
  ChosenPartition chosen;
  chosen.partitioner = config.get_string("simulation.partitioner");
  partition::PartitionerOptions options;
  options.file = config.get_string("simulation.partition_file");
  partition::check_partition_request(graph, num_ranks);
  chosen.partition =
      partition::make_partitioner(chosen.partitioner, options)->partition(graph, num_ranks);
  if (!same_on_every_rank(hash_of(chosen.partition), comm)) {
    throw pdes::InvariantError("the " + chosen.partitioner + " partitioner gave different "
                               "mappings on different ranks; it must be deterministic");
  }
  chosen.edge_cut = chosen.partition.edge_cut(graph);
  chosen.load_imbalance = chosen.partition.load_imbalance(graph);
  chosen.rank_weights = chosen.partition.rank_weights(graph);
  chosen.rank_lps.assign(static_cast<std::size_t>(num_ranks), 0);
  for (const std::int32_t r : chosen.partition.rank_of_lp) {
    ++chosen.rank_lps[static_cast<std::size_t>(r)];
  }
  return chosen;
}

std::string describe_ranks(const ChosenPartition& chosen) {
  const auto& lps = chosen.rank_lps;
  const auto& weights = chosen.rank_weights;
  if (lps.size() <= 8) {
    std::string text;
    for (std::size_t r = 0; r < lps.size(); ++r) {
      text += fmt::format("{}rank {}: {} LPs (weight {})", r == 0 ? "" : ", ", r,
                          with_commas(lps[r]), with_commas(weights[r]));
    }
    return text;
  }
  const auto [lp_min, lp_max] = std::minmax_element(lps.begin(), lps.end());
  const auto [w_min, w_max] = std::minmax_element(weights.begin(), weights.end());
  return fmt::format("LPs per rank {} .. {}; weight per rank {} .. {}", with_commas(*lp_min),
                     with_commas(*lp_max), with_commas(*w_min), with_commas(*w_max));
}

}  // namespace app
