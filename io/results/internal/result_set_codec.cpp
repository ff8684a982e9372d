// SPDX-License-Identifier: Apache-2.0
#include "io/results/internal/result_set_codec.hpp"

#include <bit>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "pdes/error.hpp"

namespace io::internal {

namespace {

enum class AttributeKind : std::uint64_t { kInt64 = 0, kFloat64 = 1, kString = 2 };

class WordWriter {
 public:
  void put(std::uint64_t w) { words_.push_back(w); }
  void put_string(const std::string& s) {
    put(s.size());
    const std::size_t first = words_.size();
    words_.resize(first + (s.size() + 7) / 8, 0);
    if (!s.empty()) std::memcpy(words_.data() + first, s.data(), s.size());
  }
  std::vector<std::uint64_t> take() { return std::move(words_); }

 private:
  std::vector<std::uint64_t> words_;
};

class WordReader {
 public:
  explicit WordReader(std::span<const std::uint64_t> words) : words_(words) {}

  std::uint64_t get() {
    need(1);
    return words_[pos_++];
  }
  std::string get_string() {
    const std::uint64_t size = get();
    const std::size_t n_words = static_cast<std::size_t>((size + 7) / 8);
    need(n_words);
    std::string s(static_cast<std::size_t>(size), '\0');
    if (size != 0) std::memcpy(s.data(), words_.data() + pos_, static_cast<std::size_t>(size));
    pos_ += n_words;
    return s;
  }
  std::span<const std::uint64_t> get_words(std::uint64_t n) {
    need(static_cast<std::size_t>(n));
    const auto out = words_.subspan(pos_, static_cast<std::size_t>(n));
    pos_ += static_cast<std::size_t>(n);
    return out;
  }
  bool done() const { return pos_ == words_.size(); }

 private:
  void need(std::size_t n) const {
    if (n > words_.size() - pos_) throw pdes::InvariantError("truncated result-set encoding");
  }
  std::span<const std::uint64_t> words_;
  std::size_t pos_ = 0;
};

static_assert(sizeof(Cell) == sizeof(std::uint64_t) && std::is_trivially_copyable_v<Cell>);

}  // namespace

std::vector<std::uint64_t> encode_result_set(const ResultSet& results) {
  WordWriter w;
  w.put(results.tables.size());
  for (const Table& t : results.tables) {
    w.put_string(t.name());
    w.put_string(t.description());
    w.put(t.key_columns());
    w.put(static_cast<std::uint64_t>(t.combine()));
    w.put(t.columns().size());
    for (const Column& c : t.columns()) {
      w.put_string(c.name);
      w.put(static_cast<std::uint64_t>(c.type));
      w.put_string(c.unit);
      w.put_string(c.description);
    }
    w.put(t.cells().size());
    for (const Cell& c : t.cells()) w.put(c.bits);
  }
  w.put(results.attributes.size());
  for (const auto& [path, value] : results.attributes) {
    w.put_string(path);
    if (const auto* i = std::get_if<std::int64_t>(&value)) {
      w.put(static_cast<std::uint64_t>(AttributeKind::kInt64));
      w.put(static_cast<std::uint64_t>(*i));
    } else if (const auto* d = std::get_if<double>(&value)) {
      w.put(static_cast<std::uint64_t>(AttributeKind::kFloat64));
      w.put(std::bit_cast<std::uint64_t>(*d));
    } else {
      w.put(static_cast<std::uint64_t>(AttributeKind::kString));
      w.put_string(std::get<std::string>(value));
    }
  }
  w.put(results.attribute_units.size());
  for (const auto& [path, unit] : results.attribute_units) {
    w.put_string(path);
    w.put_string(unit);
  }
  return w.take();
}

ResultSet decode_result_set(std::span<const std::uint64_t> words) {
  WordReader r(words);
  ResultSet results;
  const std::uint64_t n_tables = r.get();
  for (std::uint64_t ti = 0; ti < n_tables; ++ti) {
    std::string name = r.get_string();
    std::string description = r.get_string();
    const std::uint64_t key_columns = r.get();
    const auto combine = static_cast<Combine>(r.get());
    const std::uint64_t n_columns = r.get();
    std::vector<Column> columns;
    for (std::uint64_t ci = 0; ci < n_columns; ++ci) {
      Column c;
      c.name = r.get_string();
      c.type = static_cast<ColumnType>(r.get());
      c.unit = r.get_string();
      c.description = r.get_string();
      columns.push_back(std::move(c));
    }
    Table t(std::move(name), std::move(description), std::move(columns),
            static_cast<std::size_t>(key_columns), combine);
    const std::uint64_t n_cells = r.get();
    if (n_cells % n_columns != 0) {
      throw pdes::InvariantError("table '" + t.name() + "': cell count is not a multiple of its columns");
    }
    const auto cells = r.get_words(n_cells);
    std::vector<Cell>& out = t.mutable_cells();
    out.reserve(cells.size());
    for (const std::uint64_t bits : cells) out.push_back(Cell{bits});
    results.tables.push_back(std::move(t));
  }
  const std::uint64_t n_attributes = r.get();
  for (std::uint64_t i = 0; i < n_attributes; ++i) {
    std::string path = r.get_string();
    const auto kind = static_cast<AttributeKind>(r.get());
    switch (kind) {
      case AttributeKind::kInt64:
        results.attributes.emplace(std::move(path), static_cast<std::int64_t>(r.get()));
        break;
      case AttributeKind::kFloat64:
        results.attributes.emplace(std::move(path), std::bit_cast<double>(r.get()));
        break;
      case AttributeKind::kString:
        results.attributes.emplace(std::move(path), r.get_string());
        break;
      default:
        throw pdes::InvariantError("bad attribute kind in result-set encoding");
    }
  }
  const std::uint64_t n_units = r.get();
  for (std::uint64_t i = 0; i < n_units; ++i) {
    std::string path = r.get_string();
    results.attribute_units.emplace(std::move(path), r.get_string());
  }
  if (!r.done()) throw pdes::InvariantError("trailing words in result-set encoding");
  return results;
}

}  // namespace io::internal
