// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/results_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <utility>
#include <variant>
#include <vector>

#include "io/hdf5/attributes.hpp"
#include "io/hdf5/output_path.hpp"
#include "io/hdf5/table_writer.hpp"
#include "io/results/internal/result_set_codec.hpp"
#include "pdes/error.hpp"

namespace io {

namespace {

/// FNV-1a over 64-bit words: cheap, and a difference between ranks changes it with
/// overwhelming probability (this checks for mistakes, not for adversaries).
class Hasher {
 public:
  void add(std::uint64_t word) {
    for (int i = 0; i < 8; ++i) {
      hash_ ^= (word >> (8 * i)) & 0xffU;
      hash_ *= 0x100000001b3ULL;
    }
  }
  void add(const std::string& s) {
    add(s.size());
    for (unsigned char c : s) {
      hash_ ^= c;
      hash_ *= 0x100000001b3ULL;
    }
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

void add_schema(Hasher& h, const Table& t) {
  h.add(t.name());
  h.add(t.description());
  h.add(t.key_columns());
  h.add(static_cast<std::uint64_t>(t.combine()));
  for (const Column& c : t.columns()) {
    h.add(c.name);
    h.add(static_cast<std::uint64_t>(c.type));
    h.add(c.unit);
    h.add(c.description);
  }
}

std::uint64_t hash_of(const Table& t) {
  Hasher h;
  add_schema(h, t);
  h.add(t.cells().size());
  for (const Cell& c : t.cells()) h.add(c.bits);
  return h.value();
}

std::uint64_t hash_of_schema(const Table& t, std::uint64_t total_rows) {
  Hasher h;
  add_schema(h, t);
  h.add(total_rows);
  return h.value();
}

std::uint64_t hash_of_partition(const RunMetadata& m) {
  Hasher h;
  h.add(m.rank_of_lp.size());
  for (const std::int32_t r : m.rank_of_lp) h.add(static_cast<std::uint64_t>(r));
  h.add(m.vertex_weights.size());
  for (const std::uint32_t w : m.vertex_weights) h.add(w);
  return h.value();
}

/// Rank `rank` of `ranks`'s even share of a table every rank holds whole.
std::pair<Table, SlabExtent> even_slab(const Table& whole, int rank, int ranks) {
  ResultSet one;
  one.tables.push_back(whole);
  DistributedResults share = even_share(one, rank, ranks);
  return {std::move(share.slabs.tables[0]), share.extents[0]};
}

std::uint64_t hash_of_attributes(const ResultSet& s) {
  Hasher h;
  for (const auto& [path, value] : s.attributes) {
    h.add(path);
    h.add(value.index());
    if (const auto* i = std::get_if<std::int64_t>(&value)) h.add(static_cast<std::uint64_t>(*i));
    if (const auto* d = std::get_if<double>(&value)) h.add(std::bit_cast<std::uint64_t>(*d));
    if (const auto* str = std::get_if<std::string>(&value)) h.add(*str);
  }
  for (const auto& [path, unit] : s.attribute_units) {
    h.add(path);
    h.add(unit);
  }
  return h.value();
}

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

/// Flushes the file's data to the device before the rename makes it visible: otherwise a crash
/// of the machine soon after could leave a complete-looking name on an incomplete file.
void sync_file(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) return;
  fsync(fd);
  close(fd);
}

}  // namespace

ResultsFile::ResultsFile(std::string final_path, MPI_Comm comm)
    : final_path_(std::move(final_path)), context_(comm) {
  const auto pid = context_.broadcast(static_cast<std::uint64_t>(getpid()));
  temporary_path_ = partial_path(final_path_, static_cast<long>(pid));
  try {
    file_.emplace(hdf5::File::create(temporary_path_, context_));
  } catch (...) {
    if (context_.rank() == 0) std::remove(temporary_path_.c_str());
    throw;
  }
}

ResultsFile::~ResultsFile() {
  if (committed_) return;
  // Collective in a parallel file; its status does not matter, the file is discarded.
  if (file_) file_->close();
  if (context_.rank() == 0) std::remove(temporary_path_.c_str());
}

void ResultsFile::require_same_on_all_ranks(std::uint64_t hash, const std::string& what) const {
  if (!context_.same_everywhere(hash)) {
    throw pdes::InvariantError(what + " differs between ranks; write the combined results "
                               "(io::combine) on every rank, not each rank's own");
  }
}

void ResultsFile::write_metadata(const RunMetadata& metadata) {
  // Rank 0 lays the metadata out and sends it: wall-clock times and host names differ between
  // ranks, and parallel HDF5 needs the same attribute values from every rank. Rank 0's error,
  // if any, is sent first, so that every rank throws it.
  std::vector<std::uint64_t> words;
  std::string error;
  if (context_.rank() == 0) {
    try {
      words = internal::encode_result_set(
          metadata_result_set(metadata, host_name(), /*with_partition=*/false));
    } catch (const pdes::InvariantError& e) {
      error = e.what();
    }
  }
  error = context_.broadcast(error);
  if (!error.empty()) throw pdes::InvariantError(error);
  context_.broadcast(words);
  const ResultSet laid_out = internal::decode_result_set(words);
  const auto ranks = std::get<std::int64_t>(laid_out.attributes.at("run/ranks"));
  if (ranks != context_.size()) {
    throw pdes::InvariantError("the run metadata is for " + std::to_string(ranks) +
                               " ranks, but the file is written by " +
                               std::to_string(context_.size()) + " ranks");
  }
  write_attribute_set(laid_out);
  for (const Table& t : laid_out.tables) write_table(t);
  // The mapping is on every rank already: each writes a share, nothing is sent. Every rank
  // checks it, so that a rank with another mapping fails everywhere instead of writing it.
  require_same_on_all_ranks(hash_of_partition(metadata), "the run metadata's partition");
  const std::uint64_t lps = metadata.rank_of_lp.size();
  const auto me = static_cast<std::uint64_t>(context_.rank());
  const auto writers = static_cast<std::uint64_t>(context_.size());
  const SlabExtent extent{lps * me / writers, lps};
  const Table partition = partition_rows(metadata, extent.first_row, lps * (me + 1) / writers);
  hdf5::write_table(*file_, partition, extent, context_);
}

void ResultsFile::write_attributes(const ResultSet& results) {
  results.validate();
  require_same_on_all_ranks(hash_of_attributes(results), "the results' attributes");
  write_attribute_set(results);
}

void ResultsFile::write_attribute_set(const ResultSet& set) {
  for (const auto& [path, value] : set.attributes) {
    const std::size_t slash = path.rfind('/');
    const std::string group_path = slash == std::string::npos ? "" : path.substr(0, slash);
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const hdf5::Handle group = file_->open_or_create_group(group_path);
    const hdf5::Where where = file_->where(group_path);
    std::visit([&](const auto& v) { hdf5::write_attribute(group.get(), name, v, where); }, value);
    const auto unit = set.attribute_units.find(path);
    if (unit != set.attribute_units.end()) {
      hdf5::write_attribute(group.get(), "unit:" + name, unit->second, where);
    }
  }
}

void ResultsFile::write_table(const Table& table) {
  require_same_on_all_ranks(hash_of(table), "table '" + table.name() + "'");
  const auto [slab, extent] = even_slab(table, context_.rank(), context_.size());
  hdf5::write_table(*file_, slab, extent, context_);
}

void ResultsFile::write_table(const Table& slab, const SlabExtent& extent) {
  require_same_on_all_ranks(hash_of_schema(slab, extent.total_rows),
                            "the schema or row count of table '" + slab.name() + "'");
  hdf5::write_table(*file_, slab, extent, context_);
}

void ResultsFile::commit() {
  const herr_t status = file_->close();
  const std::string local_error = status < 0 ? hdf5::take_error_stack() : "";
  if (!context_.all(status >= 0)) {
    throw hdf5::Hdf5Error({temporary_path_, "/"},
                          "H5Fclose failed" +
                              (status < 0 ? (local_error.empty() ? "" : ": " + local_error)
                                          : std::string(" on another rank")));
  }
  std::uint64_t error = 0;
  if (context_.rank() == 0) {
    sync_file(temporary_path_);
    if (std::rename(temporary_path_.c_str(), final_path_.c_str()) != 0) error = errno;
  }
  error = context_.broadcast(error);
  if (error != 0) {
    throw std::runtime_error("cannot rename '" + temporary_path_ + "' to '" + final_path_ +
                             "': " + std::strerror(static_cast<int>(error)));
  }
  committed_ = true;
}

}  // namespace io
