// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/write_results.hpp"

#include "io/hdf5/results_file.hpp"
#include "pdes/error.hpp"

namespace io {

void write_results(const std::string& path, const ResultSet& results, const RunMetadata& metadata,
                   MPI_Comm comm) {
  // Validation is deterministic and every rank holds the same results: every rank throws here
  // or none does, before any collective HDF5 call.
  results.validate();
  for (const auto& [name, value] : results.attributes) {
    if (is_metadata_attribute(name)) {
      throw pdes::InvariantError("attribute '" + name + "' is written from the run metadata; a "
                                 "model's attribute needs another name");
    }
  }
  ResultsFile file(path, comm);
  file.write_metadata(metadata);
  file.write_attributes(results);
  for (const Table& table : results.tables) file.write_table(table);
  file.commit();
}

}  // namespace io
