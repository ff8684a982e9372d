// SPDX-License-Identifier: Apache-2.0
//
// ResultSet and Table: the results of one run, as a model hands them to io/ for the summary and
// the HDF5 file. Models fill tables from their committed output on each rank; io/ spreads the
// ranks' tables over the ranks (io/results/distribute.hpp) and writes them (io/hdf5/). Models
// never see HDF5, nor MPI except through io::DistributedTables (the summary's reductions over
// those slabs) and io::combine (small tables only: a model's results may call it when a figure
// needs every rank's records before its tables are final, e.g. the network's warm-up in packets).
//
//   io::Table t("network/latency_by_destination", "Latency per destination node",
//               {{"node", io::ColumnType::kUInt64, "", "destination node id"},
//                {"packets", io::ColumnType::kUInt64, "packets", "measured packets received"},
//                {"latency_sum", io::ColumnType::kInt64, "ps", "sum of packet latencies"}},
//               /*key_columns=*/1, io::Combine::kConcatenate);
//   t.add_row({io::Cell::u64(node), io::Cell::u64(n), io::Cell::i64(sum)});
//
// Determinism: a combined table is sorted by its key columns, so its content does not depend on
// the number of ranks or the partition. With Combine::kSum, rows of equal key from different
// ranks are added column by column; such tables may hold integer columns only (floating-point
// addition is not associative, and the result must be bit-identical on 1, 2 or 4 ranks).
//
// Names: a table name or an attribute path is a '/'-separated path of segments made of
// [A-Za-z0-9_] (they become HDF5 groups, datasets and attributes); column names are one such
// segment. The top-level group "run" is reserved for the writer's per-execution metadata
// (docs/hdf5-schema.md). Violations are programming errors of the model: pdes::InvariantError.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace io {

enum class ColumnType : std::uint8_t { kInt64, kUInt64, kFloat64 };

/// "int64", "uint64", "float64".
const char* to_string(ColumnType type);
bool is_integer(ColumnType type);

struct Column {
  std::string name;         ///< snake_case, unique in its table
  ColumnType type = ColumnType::kUInt64;
  std::string unit;         ///< "" for dimensionless counts and ids; "ps", "cycles", "flits", ...
  std::string description;  ///< one line, for the HDF5 attribute and docs/hdf5-schema.md
};

/// One 8-byte cell; its interpretation is given by the column's type.
struct Cell {
  std::uint64_t bits = 0;
  static Cell i64(std::int64_t v) { return Cell{static_cast<std::uint64_t>(v)}; }
  static Cell u64(std::uint64_t v) { return Cell{v}; }
  static Cell f64(double v) { return Cell{std::bit_cast<std::uint64_t>(v)}; }
  std::int64_t as_i64() const { return static_cast<std::int64_t>(bits); }
  std::uint64_t as_u64() const { return bits; }
  double as_f64() const { return std::bit_cast<double>(bits); }
  bool operator==(const Cell&) const = default;
};

/// How the tables of several ranks become one.
enum class Combine : std::uint8_t {
  kConcatenate,  ///< every key occurs on at most one rank (e.g. rows per owned LP); an error
                 ///< otherwise
  kSum,          ///< rows of equal key are added column by column (integer columns only)
};

/// "concatenate", "sum" (the value of the HDF5 attribute "combine").
const char* to_string(Combine combine);

class Table {
 public:
  Table() = default;
  /// `name` is a path ("network/latency_map"): its groups become HDF5 groups. The first
  /// `key_columns` columns (integers) identify a row and order the combined table.
  /// key_columns == 0 means every row has the same (empty) key: a kSum table then holds one
  /// global row, a kConcatenate table at most one row over all ranks.
  /// Throws pdes::InvariantError on a bad name, no columns, duplicate column names, more key
  /// columns than columns, a floating-point key column, or a floating-point column in a kSum
  /// table.
  Table(std::string name, std::string description, std::vector<Column> columns,
        std::size_t key_columns, Combine combine);

  /// Appends a row; throws pdes::InvariantError when the cell count differs from the columns.
  void add_row(const std::vector<Cell>& cells);
  /// Adds a row, or (Combine::kSum) adds its values to the existing row of the same key
  /// (modulo 2^64, as two's complement for kInt64). On a kConcatenate table a key that is
  /// already present is a pdes::InvariantError. Keeps an index of the keys, so that filling a
  /// large table this way stays O(rows log rows).
  void accumulate_row(const std::vector<Cell>& cells);

  const std::string& name() const { return name_; }
  const std::string& description() const { return description_; }
  const std::vector<Column>& columns() const { return columns_; }
  std::size_t key_columns() const { return key_columns_; }
  Combine combine() const { return combine_; }
  std::size_t rows() const { return columns_.empty() ? 0 : cells_.size() / columns_.size(); }
  Cell at(std::size_t row, std::size_t column) const {
    return cells_[row * columns_.size() + column];
  }
  /// Index of the column named `name`; throws pdes::InvariantError if there is none.
  std::size_t column_index(const std::string& name) const;
  /// Row-major cells, rows() * columns().size().
  const std::vector<Cell>& cells() const { return cells_; }
  /// Direct access, e.g. to reserve or to fill in bulk; do not keep the reference across a
  /// call to accumulate_row (which re-indexes the keys after this call).
  std::vector<Cell>& mutable_cells() {
    key_index_valid_ = false;
    return cells_;
  }
  /// Sorts rows by the key columns (stable; io::combine calls it). kInt64 keys compare as
  /// signed, kUInt64 keys as unsigned.
  void sort_by_key();
  /// Orders rows `a` and `b` by key: negative, 0 or positive.
  int compare_keys(std::size_t a, std::size_t b) const;
  /// "node=3, port=1", for messages.
  std::string describe_key(std::size_t row) const;
  /// Same name, description, columns, key columns and combine mode (not rows).
  bool same_schema(const Table& other) const;

 private:
  std::string name_;
  std::string description_;
  std::vector<Column> columns_;
  std::size_t key_columns_ = 1;
  Combine combine_ = Combine::kConcatenate;
  std::vector<Cell> cells_;
  // accumulate_row's index: key cells -> row, valid for the first key_indexed_rows_ rows.
  std::map<std::vector<std::uint64_t>, std::size_t> key_index_;
  std::size_t key_indexed_rows_ = 0;
  bool key_index_valid_ = true;
};

/// A scalar attribute of the run or of a group ("network/offered_load" = 0.3).
using AttributeValue = std::variant<std::int64_t, double, std::string>;

struct ResultSet {
  /// Attributes by path: "name" is a root attribute, "network/name" one of group "network".
  /// Attributes must be equal on every rank (they describe the run, not a rank's part of it).
  std::map<std::string, AttributeValue> attributes;
  /// Units of numeric attributes, by the same path ("network/offered_load" -> "flits/node/cycle").
  std::map<std::string, std::string> attribute_units;
  std::vector<Table> tables;

  /// The table named `name`, or nullptr.
  const Table* find(const std::string& name) const;
  Table* find(const std::string& name);
  /// Throws pdes::InvariantError when two tables share a name, a table is nested under
  /// another ("a" and "a/b"), a name or attribute path is malformed or lies in the reserved
  /// group "run", an attribute is attached to a table, or a unit names no attribute.
  void validate() const;
};

/// Whether `path` is one or more '/'-separated segments of [A-Za-z0-9_].
bool is_valid_result_path(const std::string& path);

}  // namespace io
