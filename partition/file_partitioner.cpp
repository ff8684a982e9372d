// SPDX-License-Identifier: Apache-2.0
#include "partition/file_partitioner.hpp"

#include <charconv>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "partition/partitioner_registry.hpp"
#include "pdes/error.hpp"

namespace partition {

namespace {

std::string trim(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  const auto end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

}  // namespace

FilePartitioner::FilePartitioner(std::string path, std::string key)
    : path_(std::move(path)), key_(std::move(key)) {}

pdes::Partition FilePartitioner::partition(const pdes::PartitionGraph& graph,
                                           int num_ranks) const {
  check_partition_request(graph, num_ranks);
  auto fail = [&](std::size_t line, const std::string& message) -> void {
    throw pdes::ConfigError(key_, path_ + (line > 0 ? ":" + std::to_string(line) : "") + ": " +
                                      message);
  };
  std::ifstream in(path_);
  if (!in) fail(0, "cannot open the partition file");
  const std::string allowed = "allowed: a rank 0 .. " + std::to_string(num_ranks - 1) +
                              " (one line per LP, in LP id order)";
  pdes::Partition result;
  result.num_ranks = num_ranks;
  result.rank_of_lp.reserve(graph.num_lps);
  std::vector<std::size_t> first_line_of_rank(static_cast<std::size_t>(num_ranks), 0);
  std::string text;
  std::size_t line = 0;
  std::size_t last_rank_line = 0;
  while (std::getline(in, text)) {
    ++line;
    const std::string value = trim(text.substr(0, text.find('#')));
    if (value.empty()) continue;
    if (result.rank_of_lp.size() == graph.num_lps) {
      fail(line, "a rank for LP " + std::to_string(graph.num_lps) + ", but the model has only " +
                     std::to_string(graph.num_lps) + " LPs (ids 0 .. " +
                     std::to_string(graph.num_lps - 1) + "); the file was made for another model");
    }
    long long rank = -1;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), rank);
    if (error != std::errc() || end != value.data() + value.size()) {
      fail(line, "value '" + value + "' is not a rank; " + allowed);
    }
    if (rank < 0 || rank >= num_ranks) {
      fail(line, "rank " + value + " for LP " + std::to_string(result.rank_of_lp.size()) +
                     ", but the run has " + std::to_string(num_ranks) + " ranks; " + allowed);
    }
    if (first_line_of_rank[static_cast<std::size_t>(rank)] == 0) {
      first_line_of_rank[static_cast<std::size_t>(rank)] = line;
    }
    result.rank_of_lp.push_back(static_cast<std::int32_t>(rank));
    last_rank_line = line;
  }
  if (in.bad()) fail(line, "read error");
  if (result.rank_of_lp.size() < graph.num_lps) {
    fail(last_rank_line == 0 ? line : last_rank_line,
         "the file gives ranks for " + std::to_string(result.rank_of_lp.size()) +
             " LPs, but the model has " + std::to_string(graph.num_lps) +
             "; one line per LP is needed");
  }
  for (std::size_t r = 0; r < first_line_of_rank.size(); ++r) {
    if (first_line_of_rank[r] == 0) {
      fail(0, "no LP is mapped to rank " + std::to_string(r) + " of the " +
                  std::to_string(num_ranks) + " ranks launched; every rank needs an LP (was "
                  "the file made for fewer ranks?)");
    }
  }
  return result;
}

std::string format_partition_file(const pdes::Partition& partition, const std::string& header) {
  std::ostringstream out;
  std::istringstream lines(header);
  for (std::string line; std::getline(lines, line);) out << "# " << line << "\n";
  for (const std::int32_t rank : partition.rank_of_lp) out << rank << "\n";
  return out.str();
}

}  // namespace partition
