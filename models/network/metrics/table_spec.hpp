// SPDX-License-Identifier: Apache-2.0
//
// TableSpec: one results table declared once. A table's rows are integer sums kept in a plain
// struct (`Sums`, one per key) while records are committed; its spec lists, once per column,
// the column's name, type, unit and description, the struct member it reads, and how the column
// merges into the run's total (sum, or max). Everything else is derived from that list:
//
//   the schema        columns()            key columns, then one column per field, in order
//   the rows          table(rows)          one row per entry of a std::map<key, Sums> (or of a
//                                          NodeIndexed<Sums>)
//   the totals        totals(tables)       every field over every row of the combined table,
//                                          by name (one MPI_Allreduce for the sums, one fold
//                                          for the maxima), as a Sums: read by member, never
//                                          by position
//
// So a generic column is one member of its Sums, one line in its spec, and the line that
// accumulates it where its record is counted.
//
//   struct Sums { std::uint64_t packets = 0; std::int64_t latency_sum = 0; };
//   const TableSpec<Sums> spec("network/things", "Per thing", {{"thing", kUInt64, "", "id"}},
//       {u64_field("packets", &Sums::packets, "packets", "packets seen"),
//        i64_field("latency_sum", &Sums::latency_sum, "ps", "their latencies")},
//       io::Combine::kSum);
//   std::map<std::uint64_t, Sums> rows;  ...
//   local.tables.push_back(spec.table(rows));
//   const Sums all = spec.totals(distributed_tables);   // collective
//
// Across ranks the table combines as its io::Combine says (concatenated: every key on one rank;
// summed: rows of equal key added). A summed table may hold only summed fields (a maximum does
// not survive addition); the constructor checks it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "io/results/distributed_tables.hpp"
#include "io/results/result_set.hpp"
#include "models/network/metrics/node_indexed.hpp"
#include "pdes/error.hpp"

namespace net {

/// How a column's values over the rows make the run's total.
enum class Merge : std::uint8_t { kSum, kMax };

template <class Sums>
struct FieldSpec {
  io::Column column;
  std::variant<std::uint64_t Sums::*, std::int64_t Sums::*> member;
  Merge merge = Merge::kSum;
};

template <class Sums>
FieldSpec<Sums> u64_field(std::string name, std::uint64_t Sums::*member, std::string unit,
                          std::string description, Merge merge = Merge::kSum) {
  return {{std::move(name), io::ColumnType::kUInt64, std::move(unit), std::move(description)},
          member,
          merge};
}

template <class Sums>
FieldSpec<Sums> i64_field(std::string name, std::int64_t Sums::*member, std::string unit,
                          std::string description, Merge merge = Merge::kSum) {
  return {{std::move(name), io::ColumnType::kInt64, std::move(unit), std::move(description)},
          member,
          merge};
}

template <class Sums>
class TableSpec {
  static_assert(std::is_trivially_copyable_v<Sums>, "totals fold Sums between ranks as bytes");

 public:
  /// `keys`: the key columns (kUInt64), which order the combined table. Throws
  /// pdes::InvariantError on a non-integer key, or a kMax field in a kSum table.
  TableSpec(std::string name, std::string description, std::vector<io::Column> keys,
            std::vector<FieldSpec<Sums>> fields, io::Combine combine)
      : name_(std::move(name)),
        description_(std::move(description)),
        keys_(std::move(keys)),
        fields_(std::move(fields)),
        combine_(combine) {
    for (const io::Column& key : keys_) {
      PDES_CHECK(key.type == io::ColumnType::kUInt64, name_ + ": key column " + key.name +
                                                          " is not uint64");
    }
    for (const FieldSpec<Sums>& f : fields_) {
      PDES_CHECK(combine_ != io::Combine::kSum || f.merge == Merge::kSum,
                 name_ + ": column " + f.column.name + " is a maximum in a summed table");
    }
  }

  const std::string& name() const { return name_; }
  const std::vector<FieldSpec<Sums>>& fields() const { return fields_; }

  /// Key columns, then the fields' columns.
  std::vector<io::Column> columns() const {
    std::vector<io::Column> out = keys_;
    for (const FieldSpec<Sums>& f : fields_) out.push_back(f.column);
    return out;
  }

  /// The table with no rows.
  io::Table empty_table() const {
    return io::Table(name_, description_, columns(), keys_.size(), combine_);
  }

  /// Appends the row (key..., sums' fields...).
  void add_row(io::Table& table, const std::vector<std::uint64_t>& key, const Sums& sums) const {
    PDES_CHECK(key.size() == keys_.size(), name_ + ": a row with the wrong number of keys");
    std::vector<io::Cell> cells;
    cells.reserve(key.size() + fields_.size());
    for (const std::uint64_t k : key) cells.push_back(io::Cell::u64(k));
    for (const FieldSpec<Sums>& f : fields_) cells.push_back(cell(f, sums));
    table.add_row(cells);
  }

  /// One row per entry, in key order (a table with one key column).
  template <class Key>
  io::Table table(const std::map<Key, Sums>& rows) const {
    io::Table out = empty_table();
    for (const auto& [key, sums] : rows) add_row(out, {static_cast<std::uint64_t>(key)}, sums);
    return out;
  }
  /// The same for sums kept by node id.
  io::Table table(const NodeIndexed<Sums>& rows) const {
    io::Table out = empty_table();
    rows.for_each([&](std::uint64_t key, const Sums& sums) { add_row(out, {key}, sums); });
    return out;
  }

  /// Collective: every field merged over every row of the combined table `tables` holds.
  Sums totals(const io::DistributedTables& tables) const {
    std::vector<std::string> summed;
    for (const FieldSpec<Sums>& f : fields_) {
      if (f.merge == Merge::kSum) summed.push_back(f.column.name);
    }
    Sums out{};
    const std::vector<std::uint64_t> sums = tables.column_sums(name_, summed);
    std::size_t next = 0;
    for (const FieldSpec<Sums>& f : fields_) {
      if (f.merge == Merge::kSum) set(f, out, sums[next++]);
    }
    if (next == fields_.size()) return out;
    const io::Table& schema = tables.slab(name_);
    std::vector<std::size_t> at(fields_.size());
    for (std::size_t i = 0; i < fields_.size(); ++i) {
      at[i] = schema.column_index(fields_[i].column.name);
    }
    // Maxima start from a zero row, as a sum does.
    const Sums maxima =
        tables.fold(name_, Sums{}, [&](Sums& most, const io::Table& t, std::size_t r) {
          for (std::size_t i = 0; i < fields_.size(); ++i) {
            if (fields_[i].merge == Merge::kMax) raise(fields_[i], most, t.at(r, at[i]));
          }
        });
    for (const FieldSpec<Sums>& f : fields_) {
      if (f.merge == Merge::kMax) copy(f, out, maxima);
    }
    return out;
  }

 private:
  static io::Cell cell(const FieldSpec<Sums>& f, const Sums& s) {
    return std::visit(
        [&](auto member) {
          const auto v = s.*member;
          if constexpr (std::is_same_v<decltype(v), const std::int64_t>) return io::Cell::i64(v);
          else return io::Cell::u64(v);
        },
        f.member);
  }
  // A column sum, modulo 2^64 (an int64 column's is the two's complement of its signed sum).
  static void set(const FieldSpec<Sums>& f, Sums& s, std::uint64_t bits) {
    std::visit(
        [&](auto member) { s.*member = static_cast<std::remove_reference_t<decltype(s.*member)>>(bits); },
        f.member);
  }
  static void raise(const FieldSpec<Sums>& f, Sums& s, io::Cell c) {
    std::visit(
        [&](auto member) {
          auto& v = s.*member;
          if constexpr (std::is_same_v<std::remove_reference_t<decltype(v)>, std::int64_t>) {
            v = std::max(v, c.as_i64());
          } else {
            v = std::max(v, c.as_u64());
          }
        },
        f.member);
  }
  static void copy(const FieldSpec<Sums>& f, Sums& to, const Sums& from) {
    std::visit([&](auto member) { to.*member = from.*member; }, f.member);
  }

  std::string name_;
  std::string description_;
  std::vector<io::Column> keys_;
  std::vector<FieldSpec<Sums>> fields_;
  io::Combine combine_;
};

}  // namespace net
