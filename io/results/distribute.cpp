// SPDX-License-Identifier: Apache-2.0
#include "io/results/distribute.hpp"

#include <algorithm>
#include <climits>
#include <numeric>
#include <span>
#include <string>
#include <utility>

#include "io/results/combine.hpp"
#include "pdes/error.hpp"

namespace io {

namespace {

/// Orders two keys (the first key_columns cells of a row) as Table::compare_keys does.
int compare_key(const Cell* a, const Cell* b, const Table& schema) {
  for (std::size_t i = 0; i < schema.key_columns(); ++i) {
    if (schema.columns()[i].type == ColumnType::kInt64) {
      if (a[i].as_i64() != b[i].as_i64()) return a[i].as_i64() < b[i].as_i64() ? -1 : 1;
    } else if (a[i].bits != b[i].bits) {
      return a[i].bits < b[i].bits ? -1 : 1;
    }
  }
  return 0;
}

Table empty_like(const Table& t) {
  return Table(t.name(), t.description(), t.columns(), t.key_columns(), t.combine());
}

/// The same schema and attributes with no rows: what combine checks across ranks.
ResultSet without_rows(const ResultSet& local) {
  ResultSet s;
  s.attributes = local.attributes;
  s.attribute_units = local.attribute_units;
  for (const Table& t : local.tables) s.tables.push_back(empty_like(t));
  return s;
}

int as_count(std::size_t n) { return static_cast<int>(n); }

/// Moves rows between ranks so that rank r ends up with the r-th key range of one table.
class TableExchange {
 public:
  TableExchange(MPI_Comm comm, int size) : comm_(comm), size_(size) {}

  /// `sorted` is this rank's part, sorted and merged; it is released once sent. Returns this
  /// rank's slab of the whole.
  Table run(Table sorted) const {
    const std::vector<Cell> splitters = choose_splitters(sorted);
    const std::size_t keys = sorted.key_columns();
    if (splitters.empty() && keys > 0) return empty_like(sorted);  // no rows on any rank
    const std::size_t width = sorted.columns().size();

    // The rows for rank d are a contiguous run: keys in [splitter d-1, splitter d).
    std::vector<int> send_counts(static_cast<std::size_t>(size_), 0);
    std::vector<int> send_offsets(static_cast<std::size_t>(size_), 0);
    std::size_t begin = 0;
    for (int d = 0; d < size_; ++d) {
      std::size_t end = sorted.rows();
      if (d + 1 < size_ && keys > 0) {
        const Cell* splitter = &splitters[static_cast<std::size_t>(d) * keys];
        end = begin;
        std::size_t count = sorted.rows() - begin;
        while (count > 0) {  // lower bound: the first row whose key is >= the splitter
          const std::size_t step = count / 2;
          if (compare_key(&sorted.cells()[(end + step) * width], splitter, sorted) < 0) {
            end += step + 1;
            count -= step + 1;
          } else {
            count = step;
          }
        }
      } else if (d + 1 < size_) {
        end = begin;  // no key: every row goes to the last rank, where they meet
      }
      send_offsets[static_cast<std::size_t>(d)] = as_count(begin * width);
      send_counts[static_cast<std::size_t>(d)] = as_count((end - begin) * width);
      begin = end;
    }
    std::vector<int> receive_counts(static_cast<std::size_t>(size_), 0);
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, comm_);
    std::vector<int> receive_offsets(static_cast<std::size_t>(size_), 0);
    std::size_t received = 0;
    for (std::size_t r = 0; r < receive_counts.size(); ++r) {
      receive_offsets[r] = as_count(received);
      received += static_cast<std::size_t>(receive_counts[r]);
    }
    Table slab = empty_like(sorted);
    std::vector<Cell>& cells = slab.mutable_cells();
    cells.resize(received);
    MPI_Alltoallv(sorted.cells().data(), send_counts.data(), send_offsets.data(), MPI_UINT64_T,
                  cells.data(), receive_counts.data(), receive_offsets.data(), MPI_UINT64_T,
                  comm_);
    sorted = Table();  // sent: at most the received rows and their merge are held from here
    std::vector<std::size_t> origin;
    origin.reserve(received / width);
    for (std::size_t r = 0; r < receive_counts.size(); ++r) {
      origin.insert(origin.end(), static_cast<std::size_t>(receive_counts[r]) / width, r);
    }
    // A key sent by two ranks is found here, on one rank: the caller makes every rank throw.
    return merge_rows(std::move(slab), origin);
  }

 private:
  /// size_-1 keys, concatenated, that cut the sorted union of every rank's sample into equal
  /// parts; empty when no rank has a row. The same on every rank.
  std::vector<Cell> choose_splitters(const Table& sorted) const {
    const std::size_t keys = sorted.key_columns();
    const std::size_t width = sorted.columns().size();
    const std::size_t rows = sorted.rows();
    const std::size_t samples = std::min(rows, kSamplesPerRank);
    std::vector<Cell> mine;
    mine.reserve(samples * keys);
    for (std::size_t j = 0; j < samples; ++j) {
      const std::size_t row = (2 * j + 1) * rows / (2 * samples);  // evenly spaced, centred
      const Cell* key = &sorted.cells()[row * width];
      mine.insert(mine.end(), key, key + keys);
    }
    const int my_count = as_count(samples);
    std::vector<int> counts(static_cast<std::size_t>(size_), 0);
    MPI_Allgather(&my_count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm_);
    const std::size_t total = std::accumulate(counts.begin(), counts.end(), std::size_t{0});
    if (total == 0) return {};
    if (keys == 0) return std::vector<Cell>{};  // nothing to cut on (see run)
    std::vector<int> cell_counts(counts.size());
    std::vector<int> offsets(counts.size());
    std::size_t offset = 0;
    for (std::size_t r = 0; r < counts.size(); ++r) {
      cell_counts[r] = as_count(static_cast<std::size_t>(counts[r]) * keys);
      offsets[r] = as_count(offset);
      offset += static_cast<std::size_t>(cell_counts[r]);
    }
    std::vector<Cell> all(total * keys);
    MPI_Allgatherv(mine.data(), as_count(mine.size()), MPI_UINT64_T, all.data(),
                   cell_counts.data(), offsets.data(), MPI_UINT64_T, comm_);
    std::vector<std::size_t> order(total);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return compare_key(&all[a * keys], &all[b * keys], sorted) < 0;
    });
    std::vector<Cell> splitters;
    splitters.reserve(static_cast<std::size_t>(size_ - 1) * keys);
    for (int d = 1; d < size_; ++d) {
      const Cell* key = &all[order[static_cast<std::size_t>(d) * total / static_cast<std::size_t>(size_)] * keys];
      splitters.insert(splitters.end(), key, key + keys);
    }
    return splitters;
  }

  MPI_Comm comm_;
  int size_;
};

/// Throws the error of the lowest rank that has one (an empty `local_error`: none) on every
/// rank, so that no rank is left waiting in the next collective.
void raise_on_every_rank(const std::string& local_error, MPI_Comm comm, int rank, int size) {
  const int mine = local_error.empty() ? size : rank;
  int first = size;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm);
  if (first == size) return;
  std::uint64_t length = local_error.size();
  MPI_Bcast(&length, 1, MPI_UINT64_T, first, comm);
  std::string message = local_error;
  message.resize(static_cast<std::size_t>(length));
  MPI_Bcast(message.data(), static_cast<int>(length), MPI_CHAR, first, comm);
  throw pdes::InvariantError(message);
}

/// Runs `step`; its InvariantError becomes every rank's.
template <class Step>
auto on_every_rank(Step&& step, MPI_Comm comm, int rank, int size) {
  std::string error;
  decltype(step()) result{};
  try {
    result = step();
  } catch (const pdes::InvariantError& e) {
    error = e.what();
  }
  raise_on_every_rank(error, comm, rank, size);
  return result;
}

SlabExtent extent_of(std::uint64_t rows, MPI_Comm comm, int rank) {
  SlabExtent e;
  MPI_Exscan(&rows, &e.first_row, 1, MPI_UINT64_T, MPI_SUM, comm);
  if (rank == 0) e.first_row = 0;  // MPI leaves rank 0's Exscan result undefined
  MPI_Allreduce(&rows, &e.total_rows, 1, MPI_UINT64_T, MPI_SUM, comm);
  return e;
}

}  // namespace

DistributedResults distribute(ResultSet local, MPI_Comm comm) {
  int initialized = 0;
  int finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  int size = 1;
  int rank = 0;
  if (initialized != 0 && finalized == 0) {
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
  }
  // Attributes and schemas with combine's checks and messages (a few KiB per rank): every rank
  // throws the same error, or none does.
  const ResultSet stripped = without_rows(local);
  const ResultSet schema = size == 1 ? merge_results(std::span<const ResultSet>(&stripped, 1))
                                     : combine(stripped, comm);
  DistributedResults out;
  out.slabs.attributes = schema.attributes;
  out.slabs.attribute_units = schema.attribute_units;
  const TableExchange exchange(comm, size);
  for (Table& part : local.tables) {
    const Table* one[] = {&part};
    if (size == 1) {
      Table sorted = merge_tables(one);
      part = Table();
      out.extents.push_back({0, sorted.rows()});
      out.slabs.tables.push_back(std::move(sorted));
      continue;
    }
    Table sorted = on_every_rank([&] { return merge_tables(one); }, comm, rank, size);
    part = Table();  // memory: one copy of this rank's rows at a time
    // MPI counts are ints: a part or a slab beyond 2^31-1 cells is refused on every rank.
    std::uint64_t cells = sorted.cells().size();
    std::uint64_t largest = 0;
    MPI_Allreduce(&cells, &largest, 1, MPI_UINT64_T, MPI_MAX, comm);
    if (largest > static_cast<std::uint64_t>(INT_MAX) / 2) {
      throw pdes::ResourceError("table '" + part.name() + "' holds " +
                                std::to_string(largest * 8) + " bytes on one rank, more than "
                                "one MPI exchange can move (8 GiB); use more ranks or reduce "
                                "the tables the model records");
    }
    Table slab =
        on_every_rank([&] { return exchange.run(std::move(sorted)); }, comm, rank, size);
    out.extents.push_back(extent_of(slab.rows(), comm, rank));
    out.slabs.tables.push_back(std::move(slab));
  }
  return out;
}

DistributedResults even_share(const ResultSet& combined, int rank, int ranks) {
  DistributedResults out;
  out.slabs.attributes = combined.attributes;
  out.slabs.attribute_units = combined.attribute_units;
  const auto r = static_cast<std::uint64_t>(rank);
  const auto p = static_cast<std::uint64_t>(ranks);
  for (const Table& t : combined.tables) {
    const std::uint64_t n = t.rows();
    const std::uint64_t begin = n * r / p;
    const std::uint64_t end = n * (r + 1) / p;
    const std::size_t width = t.columns().size();
    Table slab = empty_like(t);
    slab.mutable_cells().assign(t.cells().begin() + static_cast<std::ptrdiff_t>(begin * width),
                                t.cells().begin() + static_cast<std::ptrdiff_t>(end * width));
    out.extents.push_back({begin, n});
    out.slabs.tables.push_back(std::move(slab));
  }
  return out;
}

}  // namespace io
