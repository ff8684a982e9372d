// SPDX-License-Identifier: Apache-2.0
#include "io/results/result_set.hpp"

#include <algorithm>
#include <numeric>
#include <set>
#include <utility>

#include "pdes/error.hpp"

namespace io {

namespace {

constexpr const char* kReservedGroup = "run";

[[noreturn]] void fail(const std::string& message) { throw pdes::InvariantError(message); }

bool is_valid_segment(const std::string& s, std::size_t begin, std::size_t end) {
  if (begin == end) return false;
  for (std::size_t i = begin; i < end; ++i) {
    const char c = s[i];
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_';
    if (!ok) return false;
  }
  return true;
}

std::string first_segment(const std::string& path) { return path.substr(0, path.find('/')); }

std::string parent_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

}  // namespace

const char* to_string(ColumnType type) {
  switch (type) {
    case ColumnType::kInt64: return "int64";
    case ColumnType::kUInt64: return "uint64";
    case ColumnType::kFloat64: return "float64";
  }
  return "?";
}

bool is_integer(ColumnType type) { return type != ColumnType::kFloat64; }

const char* to_string(Combine combine) {
  return combine == Combine::kSum ? "sum" : "concatenate";
}

bool is_valid_result_path(const std::string& path) {
  std::size_t begin = 0;
  while (true) {
    const std::size_t slash = path.find('/', begin);
    const std::size_t end = slash == std::string::npos ? path.size() : slash;
    if (!is_valid_segment(path, begin, end)) return false;
    if (slash == std::string::npos) return true;
    begin = slash + 1;
  }
}

Table::Table(std::string name, std::string description, std::vector<Column> columns,
             std::size_t key_columns, Combine combine)
    : name_(std::move(name)),
      description_(std::move(description)),
      columns_(std::move(columns)),
      key_columns_(key_columns),
      combine_(combine) {
  if (!is_valid_result_path(name_)) {
    fail("table name '" + name_ + "' is not a '/'-separated path of [A-Za-z0-9_] segments");
  }
  if (columns_.empty()) fail("table '" + name_ + "' has no columns");
  std::set<std::string> seen;
  for (const Column& c : columns_) {
    if (!is_valid_result_path(c.name) || c.name.find('/') != std::string::npos) {
      fail("table '" + name_ + "': column name '" + c.name + "' is not made of [A-Za-z0-9_]");
    }
    if (!seen.insert(c.name).second) fail("table '" + name_ + "': duplicate column '" + c.name + "'");
  }
  if (key_columns_ > columns_.size()) {
    fail("table '" + name_ + "': " + std::to_string(key_columns_) + " key columns but only " +
         std::to_string(columns_.size()) + " columns");
  }
  for (std::size_t i = 0; i < key_columns_; ++i) {
    if (!is_integer(columns_[i].type)) {
      fail("table '" + name_ + "': key column '" + columns_[i].name + "' must be an integer");
    }
  }
  if (combine_ == Combine::kSum) {
    for (const Column& c : columns_) {
      if (!is_integer(c.type)) {
        fail("table '" + name_ + "' is summed across ranks, so column '" + c.name +
             "' must be an integer (floating-point sums depend on the rank count)");
      }
    }
  }
}

void Table::add_row(const std::vector<Cell>& cells) {
  if (cells.size() != columns_.size()) {
    fail("table '" + name_ + "': row of " + std::to_string(cells.size()) + " cells, expected " +
         std::to_string(columns_.size()));
  }
  cells_.insert(cells_.end(), cells.begin(), cells.end());
}

void Table::accumulate_row(const std::vector<Cell>& cells) {
  if (cells.size() != columns_.size()) {
    fail("table '" + name_ + "': row of " + std::to_string(cells.size()) + " cells, expected " +
         std::to_string(columns_.size()));
  }
  const std::size_t width = columns_.size();
  auto key_at = [&](const Cell* row) {
    std::vector<std::uint64_t> key(key_columns_);
    for (std::size_t i = 0; i < key_columns_; ++i) key[i] = row[i].bits;
    return key;
  };
  if (!key_index_valid_) {
    key_index_.clear();
    key_indexed_rows_ = 0;
    key_index_valid_ = true;
  }
  // Rows appended by add_row since the last call are indexed now; the first row of a key wins.
  for (; key_indexed_rows_ < rows(); ++key_indexed_rows_) {
    key_index_.emplace(key_at(&cells_[key_indexed_rows_ * width]), key_indexed_rows_);
  }
  std::vector<std::uint64_t> key = key_at(cells.data());
  const auto found = key_index_.find(key);
  if (found == key_index_.end()) {
    key_index_.emplace(std::move(key), rows());
    cells_.insert(cells_.end(), cells.begin(), cells.end());
    key_indexed_rows_ = rows();
    return;
  }
  if (combine_ != Combine::kSum) {
    fail("table '" + name_ + "' is concatenated, but key (" + describe_key(found->second) +
         ") was added twice; use Combine::kSum to add up rows");
  }
  Cell* row = &cells_[found->second * width];
  for (std::size_t i = key_columns_; i < width; ++i) row[i].bits += cells[i].bits;
}

std::size_t Table::column_index(const std::string& name) const {
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (columns_[i].name == name) return i;
  }
  std::string names;
  for (const Column& c : columns_) names += (names.empty() ? "" : ", ") + c.name;
  fail("table '" + name_ + "' has no column '" + name + "' (columns: " + names + ")");
}

int Table::compare_keys(std::size_t a, std::size_t b) const {
  const std::size_t width = columns_.size();
  for (std::size_t i = 0; i < key_columns_; ++i) {
    const Cell x = cells_[a * width + i];
    const Cell y = cells_[b * width + i];
    if (columns_[i].type == ColumnType::kInt64) {
      if (x.as_i64() != y.as_i64()) return x.as_i64() < y.as_i64() ? -1 : 1;
    } else if (x.as_u64() != y.as_u64()) {
      return x.as_u64() < y.as_u64() ? -1 : 1;
    }
  }
  return 0;
}

std::string Table::describe_key(std::size_t row) const {
  if (key_columns_ == 0) return "no key columns";
  std::string text;
  for (std::size_t i = 0; i < key_columns_; ++i) {
    const Cell c = at(row, i);
    text += (i == 0 ? "" : ", ") + columns_[i].name + "=" +
            (columns_[i].type == ColumnType::kInt64 ? std::to_string(c.as_i64())
                                                    : std::to_string(c.as_u64()));
  }
  return text;
}

void Table::sort_by_key() {
  const std::size_t n = rows();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return compare_keys(a, b) < 0; });
  const std::size_t width = columns_.size();
  std::vector<Cell> sorted;
  sorted.reserve(cells_.size());
  for (std::size_t r : order) {
    sorted.insert(sorted.end(), cells_.begin() + static_cast<std::ptrdiff_t>(r * width),
                  cells_.begin() + static_cast<std::ptrdiff_t>((r + 1) * width));
  }
  cells_ = std::move(sorted);
  key_index_valid_ = false;
}

bool Table::same_schema(const Table& other) const {
  if (name_ != other.name_ || description_ != other.description_ ||
      key_columns_ != other.key_columns_ || combine_ != other.combine_ ||
      columns_.size() != other.columns_.size()) {
    return false;
  }
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    const Column& a = columns_[i];
    const Column& b = other.columns_[i];
    if (a.name != b.name || a.type != b.type || a.unit != b.unit ||
        a.description != b.description) {
      return false;
    }
  }
  return true;
}

const Table* ResultSet::find(const std::string& name) const {
  for (const Table& t : tables) {
    if (t.name() == name) return &t;
  }
  return nullptr;
}

Table* ResultSet::find(const std::string& name) {
  for (Table& t : tables) {
    if (t.name() == name) return &t;
  }
  return nullptr;
}

void ResultSet::validate() const {
  std::set<std::string> table_names;
  for (const Table& t : tables) {
    // A default-constructed Table skipped the constructor's checks.
    if (!is_valid_result_path(t.name())) fail("table name '" + t.name() + "' is not valid");
    if (first_segment(t.name()) == kReservedGroup) {
      fail("table '" + t.name() + "' lies in the group 'run', which is reserved for the writer");
    }
    if (!table_names.insert(t.name()).second) fail("two tables are named '" + t.name() + "'");
  }
  // "a" and "a/b" cannot both be tables: "a" would have to be a dataset and a group.
  for (const std::string& name : table_names) {
    for (std::string p = parent_of(name); !p.empty(); p = parent_of(p)) {
      if (table_names.count(p) != 0) fail("table '" + name + "' lies under table '" + p + "'");
    }
  }
  for (const auto& [path, value] : attributes) {
    if (!is_valid_result_path(path)) {
      fail("attribute path '" + path + "' is not a '/'-separated path of [A-Za-z0-9_] segments");
    }
    if (first_segment(path) == kReservedGroup) {
      fail("attribute '" + path + "' lies in the group 'run', which is reserved for the writer");
    }
    for (std::string p = parent_of(path); !p.empty(); p = parent_of(p)) {
      if (table_names.count(p) != 0) {
        fail("attribute '" + path + "' lies under table '" + p +
             "'; tables carry only the writer's attributes");
      }
    }
  }
  for (const auto& [path, unit] : attribute_units) {
    if (attributes.count(path) == 0) fail("unit '" + unit + "' given for no attribute '" + path + "'");
  }
}

}  // namespace io
