// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/replay/rank_mapping.hpp"

#include <fstream>
#include <numeric>
#include <utility>

#include "models/network/workload/text_fields.hpp"
#include "pdes/error.hpp"
#include "pdes/rng.hpp"

namespace net::replay {

namespace {

std::vector<NodeId> mapping_from(const std::string& file, std::uint32_t ranks, std::uint64_t nodes) {
  constexpr const char* kKey = "workload.mapping_file";
  if (file.empty()) {
    throw pdes::ConfigError(kKey, "is required by workload.rank_mapping = \"file\": the node of "
                                  "each rank, one per line");
  }
  std::ifstream in(file);
  if (!in) throw pdes::ConfigError(kKey, "cannot open '" + file + "'");
  std::vector<NodeId> node_of;
  std::vector<bool> taken(nodes, false);
  std::string line;
  std::uint64_t line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    const std::string text = line.substr(0, line.find('#'));
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    const auto last = text.find_last_not_of(" \t\r");
    const std::string field = text.substr(first, last - first + 1);
    const std::string where = file + ":" + std::to_string(line_no) + ": ";
    const std::optional<std::uint64_t> id = whole_number(field, 0, nodes - 1);
    if (!id) {
      throw pdes::ConfigError(kKey, where + "'" + field + "' is not a node id in [0, " +
                                        std::to_string(nodes - 1) + "]");
    }
    const std::uint64_t node = *id;
    if (taken[node]) {
      throw pdes::ConfigError(kKey, where + "node " + field + " is given to two ranks");
    }
    taken[node] = true;
    node_of.push_back(node);
  }
  if (node_of.size() != ranks) {
    throw pdes::ConfigError(kKey, "'" + file + "' places " + std::to_string(node_of.size()) +
                                      " ranks; the workload has " + std::to_string(ranks));
  }
  return node_of;
}

}  // namespace

std::vector<NodeId> map_ranks(const std::string& mapping, std::uint64_t seed, std::uint32_t ranks,
                              std::uint64_t nodes, const std::string& file) {
  if (mapping == "file") return mapping_from(file, ranks, nodes);
  std::vector<NodeId> all(nodes);
  std::iota(all.begin(), all.end(), NodeId{0});
  if (mapping == "random") {
    // Fisher-Yates with the kernel's counter-based generator: the same permutation everywhere.
    std::uint64_t counter = 0;
    pdes::Rng rng(seed, pdes::LpId{0x52414E4B}, counter);  // a stream of its own: "RANK"
    for (std::uint64_t i = nodes; i > 1; --i) {
      const std::uint64_t j = rng.uniform_int(i);
      std::swap(all[i - 1], all[j]);
    }
  } else if (mapping != "linear") {
    throw pdes::ConfigError("workload.rank_mapping",
                            "unknown mapping '" + mapping + "'; valid: linear, random, file");
  }
  all.resize(ranks);
  return all;
}

}  // namespace net::replay
