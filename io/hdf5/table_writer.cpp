// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/table_writer.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "io/hdf5/attributes.hpp"
#include "io/hdf5/handle.hpp"

namespace io::hdf5 {

namespace {

constexpr std::size_t kCellBytes = sizeof(Cell);

hid_t file_type_of(ColumnType type) {
  switch (type) {
    case ColumnType::kInt64: return H5T_STD_I64LE;
    case ColumnType::kUInt64: return H5T_STD_U64LE;
    case ColumnType::kFloat64: return H5T_IEEE_F64LE;
  }
  return H5T_STD_U64LE;
}

hid_t memory_type_of(ColumnType type) {
  switch (type) {
    case ColumnType::kInt64: return H5T_NATIVE_INT64;
    case ColumnType::kUInt64: return H5T_NATIVE_UINT64;
    case ColumnType::kFloat64: return H5T_NATIVE_DOUBLE;
  }
  return H5T_NATIVE_UINT64;
}

// A row of the table in memory is `columns` consecutive 8-byte cells, so the compound type has
// member i at offset 8*i, in the file and in memory alike. On a little-endian machine the two
// types are then identical and HDF5 converts nothing, which parallel HDF5 requires for a
// collective write (a conversion would break collective I/O, and filters need collective I/O).
Handle compound_type(const Table& table, bool in_file, const Where& where) {
  Handle type(check_id(H5Tcreate(H5T_COMPOUND, table.columns().size() * kCellBytes), where,
                       "H5Tcreate(compound)"));
  for (std::size_t i = 0; i < table.columns().size(); ++i) {
    const Column& c = table.columns()[i];
    check_status(H5Tinsert(type.get(), c.name.c_str(), i * kCellBytes,
                           in_file ? file_type_of(c.type) : memory_type_of(c.type)),
                 where, ("H5Tinsert of column '" + c.name + "'").c_str());
  }
  return type;
}

// The chunk size depends on the whole table's row count, never on a rank's slab: the layout is
// the same for every rank count.
Handle creation_properties(std::size_t columns, std::uint64_t rows, const Where& where) {
  Handle dcpl(check_id(H5Pcreate(H5P_DATASET_CREATE), where, "H5Pcreate(dataset create)"));
  const hsize_t chunk = chunk_rows(rows, columns * kCellBytes);
  check_status(H5Pset_chunk(dcpl.get(), 1, &chunk), where, "H5Pset_chunk");
  if (deflate_available()) {
    // Shuffle groups the bytes of equal significance: counters and ids have zero high bytes,
    // which deflate then compresses well.
    check_status(H5Pset_shuffle(dcpl.get()), where, "H5Pset_shuffle");
    check_status(H5Pset_deflate(dcpl.get(), kDeflateLevel), where, "H5Pset_deflate");
  }
  // Every element is written once; filling first would write the dataset twice.
  check_status(H5Pset_fill_time(dcpl.get(), H5D_FILL_TIME_NEVER), where, "H5Pset_fill_time");
  return dcpl;
}

void write_rows(hid_t dataset, const Table& slab, const SlabExtent& extent,
                const ParallelContext& context, hid_t memory_type, const Where& where) {
  if (extent.total_rows == 0) return;  // every rank sees the same count, so every rank skips
  const hsize_t begin = extent.first_row;
  const hsize_t count = slab.rows();
  Handle file_space(check_id(H5Dget_space(dataset), where, "H5Dget_space"));
  Handle memory_space(check_id(H5Screate_simple(1, &count, nullptr), where, "H5Screate_simple"));
  if (count == 0) {
    // A rank with no rows still takes part in the collective write.
    check_status(H5Sselect_none(file_space.get()), where, "H5Sselect_none");
    check_status(H5Sselect_none(memory_space.get()), where, "H5Sselect_none");
  } else {
    check_status(H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, &begin, nullptr, &count,
                                     nullptr),
                 where, "H5Sselect_hyperslab");
  }
  Handle transfer(check_id(H5Pcreate(H5P_DATASET_XFER), where, "H5Pcreate(transfer)"));
  if (context.mpi()) {
    check_status(H5Pset_dxpl_mpio(transfer.get(), H5FD_MPIO_COLLECTIVE), where, "H5Pset_dxpl_mpio");
  }
  // HDF5 wants a valid pointer even for an empty selection.
  const Cell none{};
  const Cell* data = count == 0 ? &none : slab.cells().data();
  check_status(H5Dwrite(dataset, memory_type, memory_space.get(), file_space.get(),
                        transfer.get(), data),
               where, "H5Dwrite");
}

void write_table_attributes(hid_t dataset, const Table& table, const Where& where) {
  std::vector<std::string> units;
  std::vector<std::string> descriptions;
  std::vector<std::string> keys;
  for (std::size_t i = 0; i < table.columns().size(); ++i) {
    const Column& c = table.columns()[i];
    units.push_back(c.unit);
    descriptions.push_back(c.description);
    if (i < table.key_columns()) keys.push_back(c.name);
  }
  write_attribute(dataset, "description", table.description(), where);
  write_attribute(dataset, "units", units, where);
  write_attribute(dataset, "column_descriptions", descriptions, where);
  write_attribute(dataset, "key_columns", keys, where);
  write_attribute(dataset, "combine", std::string(to_string(table.combine())), where);
}

}  // namespace

std::size_t chunk_rows(std::size_t rows, std::size_t row_bytes) {
  const std::size_t per_chunk = std::max<std::size_t>(1, kChunkBytes / std::max<std::size_t>(1, row_bytes));
  return std::clamp<std::size_t>(rows, 1, per_chunk);
}

bool deflate_available() {
  if (H5Zfilter_avail(H5Z_FILTER_DEFLATE) <= 0) return false;
  unsigned int config = 0;
  if (H5Zget_filter_info(H5Z_FILTER_DEFLATE, &config) < 0) return false;
  return (config & H5Z_FILTER_CONFIG_ENCODE_ENABLED) != 0;
}

void write_table(const File& file, const Table& table, const SlabExtent& extent,
                 const ParallelContext& context) {
  const Where where = file.where(table.name());
  if (extent.first_row + table.rows() > extent.total_rows) {
    throw Hdf5Error(where, "rows " + std::to_string(extent.first_row) + ".." +
                               std::to_string(extent.first_row + table.rows()) +
                               " lie outside a table of " + std::to_string(extent.total_rows) +
                               " rows");
  }
  const Handle file_type = compound_type(table, true, where);
  const Handle memory_type = compound_type(table, false, where);
  const hsize_t rows = extent.total_rows;
  const hsize_t unlimited = H5S_UNLIMITED;
  Handle space(check_id(H5Screate_simple(1, &rows, &unlimited), where, "H5Screate_simple"));
  Handle link_properties(check_id(H5Pcreate(H5P_LINK_CREATE), where, "H5Pcreate(link create)"));
  check_status(H5Pset_create_intermediate_group(link_properties.get(), 1), where,
               "H5Pset_create_intermediate_group");
  const Handle dcpl = creation_properties(table.columns().size(), extent.total_rows, where);
  Handle dataset(check_id(H5Dcreate2(file.id(), table.name().c_str(), file_type.get(), space.get(),
                                     link_properties.get(), dcpl.get(), H5P_DEFAULT),
                          where, "H5Dcreate2"));
  write_rows(dataset.get(), table, extent, context, memory_type.get(), where);
  write_table_attributes(dataset.get(), table, where);
  check_status(dataset.close(), where, "H5Dclose");
}

}  // namespace io::hdf5
