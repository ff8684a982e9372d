// SPDX-License-Identifier: Apache-2.0
#include "io/results/combine.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "io/results/internal/result_set_codec.hpp"
#include "pdes/error.hpp"

namespace io {

namespace {

[[noreturn]] void fail(const std::string& message) { throw pdes::InvariantError(message); }

std::string rank_name(std::size_t r) { return "rank " + std::to_string(r); }

std::string format_value(const AttributeValue& v) {
  if (const auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
  if (const auto* d = std::get_if<double>(&v)) return std::to_string(*d);
  return "'" + std::get<std::string>(v) + "'";
}

// Bitwise, so that a NaN equals itself and -0.0 differs from 0.0: the file stores bits.
bool same_value(const AttributeValue& a, const AttributeValue& b) {
  if (a.index() != b.index()) return false;
  if (const auto* d = std::get_if<double>(&a)) {
    return std::bit_cast<std::uint64_t>(*d) == std::bit_cast<std::uint64_t>(std::get<double>(b));
  }
  return a == b;
}

void check_same_attributes(const ResultSet& first, const ResultSet& other, std::size_t rank) {
  for (const auto& [path, value] : first.attributes) {
    const auto it = other.attributes.find(path);
    if (it == other.attributes.end()) {
      fail("attribute '" + path + "' is set on rank 0 but not on " + rank_name(rank) +
           "; attributes must be equal on every rank");
    }
    if (!same_value(value, it->second)) {
      fail("attribute '" + path + "' is " + format_value(value) + " on rank 0 but " +
           format_value(it->second) + " on " + rank_name(rank) +
           "; attributes must be equal on every rank");
    }
  }
  for (const auto& [path, value] : other.attributes) {
    if (first.attributes.count(path) == 0) {
      fail("attribute '" + path + "' is set on " + rank_name(rank) + " but not on rank 0");
    }
  }
  if (first.attribute_units != other.attribute_units) {
    fail("attribute units differ between rank 0 and " + rank_name(rank));
  }
}

void check_same_tables(const ResultSet& first, const ResultSet& other, std::size_t rank) {
  if (first.tables.size() != other.tables.size()) {
    fail(rank_name(rank) + " has " + std::to_string(other.tables.size()) + " tables, rank 0 has " +
         std::to_string(first.tables.size()) + "; every rank must create the same tables");
  }
  for (std::size_t i = 0; i < first.tables.size(); ++i) {
    const Table& a = first.tables[i];
    const Table& b = other.tables[i];
    if (a.name() != b.name()) {
      fail("table #" + std::to_string(i) + " is '" + b.name() + "' on " + rank_name(rank) +
           " but '" + a.name() + "' on rank 0; every rank must create the same tables in the "
           "same order");
    }
    if (!a.same_schema(b)) {
      fail("table '" + a.name() + "' has other columns, description or combine mode on " +
           rank_name(rank) + " than on rank 0");
    }
  }
}

}  // namespace

Table merge_tables(std::span<const Table* const> parts) {
  if (parts.empty()) fail("merge_tables needs at least one part");
  Table all = *parts[0];
  std::vector<std::size_t> origin(all.rows(), 0);  // the part (rank) each row came from
  std::vector<Cell>& cells = all.mutable_cells();
  for (std::size_t r = 1; r < parts.size(); ++r) {
    const Table& t = *parts[r];
    cells.insert(cells.end(), t.cells().begin(), t.cells().end());
    origin.insert(origin.end(), t.rows(), r);
  }
  return merge_rows(std::move(all), origin);
}

Table merge_rows(Table all, std::span<const std::size_t> origin) {
  const std::vector<Cell>& cells = all.cells();
  // Stable, and ties come in rank order: the sum order is fixed (it would not matter for
  // integers anyway) and the duplicate report names the lower rank first.
  std::vector<std::size_t> order(all.rows());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return all.compare_keys(a, b) < 0; });

  const std::size_t width = all.columns().size();
  std::vector<Cell> merged;
  merged.reserve(cells.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::size_t row = order[i];
    if (i > 0 && all.compare_keys(order[i - 1], row) == 0) {
      if (all.combine() == Combine::kConcatenate) {
        const std::size_t ra = origin[order[i - 1]];
        const std::size_t rb = origin[row];
        fail("table '" + all.name() + "' is concatenated across ranks, but key (" +
             all.describe_key(row) + ") occurs " +
             (ra == rb ? "twice on " + rank_name(ra)
                       : "on " + rank_name(ra) + " and on " + rank_name(rb)));
      }
      Cell* last = merged.data() + merged.size() - width;
      for (std::size_t c = all.key_columns(); c < width; ++c) last[c].bits += cells[row * width + c].bits;
      continue;
    }
    merged.insert(merged.end(), cells.begin() + static_cast<std::ptrdiff_t>(row * width),
                  cells.begin() + static_cast<std::ptrdiff_t>((row + 1) * width));
  }
  all.mutable_cells() = std::move(merged);
  return all;
}

ResultSet merge_results(std::span<const ResultSet> parts) {
  if (parts.empty()) fail("merge_results needs at least one rank's results");
  for (const ResultSet& part : parts) part.validate();
  for (std::size_t r = 1; r < parts.size(); ++r) {
    check_same_tables(parts[0], parts[r], r);
    check_same_attributes(parts[0], parts[r], r);
  }
  ResultSet combined;
  combined.attributes = parts[0].attributes;
  combined.attribute_units = parts[0].attribute_units;
  std::vector<const Table*> table_parts(parts.size());
  for (std::size_t i = 0; i < parts[0].tables.size(); ++i) {
    for (std::size_t r = 0; r < parts.size(); ++r) table_parts[r] = &parts[r].tables[i];
    combined.tables.push_back(merge_tables(table_parts));
  }
  return combined;
}

ResultSet combine(const ResultSet& local, MPI_Comm comm) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  int size = 1;
  if (initialized != 0) MPI_Comm_size(comm, &size);
  if (size == 1) return merge_results(std::span<const ResultSet>(&local, 1));

  const std::vector<std::uint64_t> mine = internal::encode_result_set(local);
  const std::uint64_t my_words = mine.size();
  std::vector<std::uint64_t> words_per_rank(static_cast<std::size_t>(size));
  MPI_Allgather(&my_words, 1, MPI_UINT64_T, words_per_rank.data(), 1, MPI_UINT64_T, comm);
  const std::uint64_t total =
      std::accumulate(words_per_rank.begin(), words_per_rank.end(), std::uint64_t{0});
  // MPI counts and displacements are ints; every rank sees the same total, so every rank
  // throws here or none does.
  if (total > static_cast<std::uint64_t>(INT_MAX)) {
    throw pdes::ResourceError("the results of all ranks are " + std::to_string(total * 8) +
                              " bytes, more than one MPI exchange can combine (16 GiB); "
                              "reduce the tables the model records");
  }
  std::vector<int> counts(static_cast<std::size_t>(size));
  std::vector<int> displacements(static_cast<std::size_t>(size));
  int offset = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    counts[r] = static_cast<int>(words_per_rank[r]);
    displacements[r] = offset;
    offset += counts[r];
  }
  std::vector<std::uint64_t> all(static_cast<std::size_t>(total));
  MPI_Allgatherv(mine.data(), static_cast<int>(my_words), MPI_UINT64_T, all.data(), counts.data(),
                 displacements.data(), MPI_UINT64_T, comm);

  std::vector<ResultSet> parts;
  parts.reserve(counts.size());
  for (std::size_t r = 0; r < counts.size(); ++r) {
    parts.push_back(internal::decode_result_set(
        std::span<const std::uint64_t>(all).subspan(static_cast<std::size_t>(displacements[r]),
                                                    static_cast<std::size_t>(counts[r]))));
  }
  return merge_results(parts);
}

}  // namespace io
