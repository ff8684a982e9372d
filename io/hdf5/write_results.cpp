// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/write_results.hpp"

#include "io/hdf5/results_file.hpp"
#include "pdes/error.hpp"

namespace io {

namespace {

// Validation is deterministic and every rank holds the same attributes and schemas: every rank
// throws here or none does, before any collective HDF5 call.
void check_model_results(const ResultSet& results) {
  results.validate();
  for (const auto& [name, value] : results.attributes) {
    if (is_metadata_attribute(name)) {
      throw pdes::InvariantError("attribute '" + name + "' is written from the run metadata; a "
                                 "model's attribute needs another name");
    }
  }
}

}  // namespace

void write_results(const std::string& path, const DistributedResults& results,
                   const RunMetadata& metadata, MPI_Comm comm) {
  check_model_results(results.slabs);
  if (results.extents.size() != results.slabs.tables.size()) {
    throw pdes::InvariantError("distributed results with " +
                               std::to_string(results.slabs.tables.size()) + " tables but " +
                               std::to_string(results.extents.size()) + " extents");
  }
  ResultsFile file(path, comm);
  file.write_metadata(metadata);
  file.write_attributes(results.slabs);
  for (std::size_t i = 0; i < results.extents.size(); ++i) {
    file.write_table(results.slabs.tables[i], results.extents[i]);
  }
  file.commit();
}

void write_results(const std::string& path, const ResultSet& results, const RunMetadata& metadata,
                   MPI_Comm comm) {
  check_model_results(results);
  ResultsFile file(path, comm);
  file.write_metadata(metadata);
  file.write_attributes(results);
  for (const Table& table : results.tables) file.write_table(table);
  file.commit();
}

}  // namespace io
