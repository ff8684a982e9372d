// SPDX-License-Identifier: Apache-2.0
//
// write_table: one io::Table as one HDF5 dataset (the layout is specified in
// docs/hdf5-schema.md):
//   - at the table's name path ("network/nodes" -> /network/nodes), groups created as needed;
//   - a one-dimensional compound dataset, one member per column (int64, uint64 or float64,
//     little-endian, in column order), one element per row, rows in the table's order;
//   - chunked, extendable (maximum size unlimited), and compressed with shuffle + deflate when
//     the HDF5 library can encode deflate (otherwise uncompressed; the file says which in its
//     filter pipeline, readers need not care);
//   - attributes: description, units and column_descriptions (string arrays aligned with the
//     columns), key_columns (names of the key columns), combine ("concatenate" or "sum").
//
// Parallel: every rank passes the same schema and its own slab of rows, located by a
// SlabExtent (io::distribute: a contiguous run of the sorted table, its first row from an
// MPI_Exscan of the slab sizes); every rank selects its hyperslab [first_row, first_row + rows)
// of the dataset (none when its slab is empty) and all write in one collective H5Dwrite. No
// rank ever holds the whole table. Collective transfer is not a choice here: HDF5 1.10 writes filtered (compressed) datasets in parallel only
// collectively (since 1.10.2; checked with 1.10.8: an independent write fails with "Can't
// perform independent write with filters in pipeline"). The chunk size depends on the row
// count and width only, so the file layout is the same for every rank count.
#pragma once

#include <cstddef>

#include "io/hdf5/file.hpp"
#include "io/hdf5/parallel_context.hpp"
#include "io/results/distribute.hpp"
#include "io/results/result_set.hpp"

namespace io::hdf5 {

/// Chunks hold about this many bytes of rows (whole rows, at least one).
inline constexpr std::size_t kChunkBytes = 256 * 1024;
/// zlib level: 4 compresses tables of counters nearly as well as 9, several times faster.
inline constexpr unsigned kDeflateLevel = 4;

/// Rows per chunk for a table of `rows` rows of `row_bytes` bytes.
std::size_t chunk_rows(std::size_t rows, std::size_t row_bytes);
/// Whether this HDF5 library can write deflate-compressed datasets.
bool deflate_available();

/// Collective (see above): `slab` holds the schema every rank passes identically and this
/// rank's rows, rows [extent.first_row, extent.first_row + slab.rows()) of a dataset of
/// extent.total_rows rows. Throws Hdf5Error.
void write_table(const File& file, const Table& slab, const SlabExtent& extent,
                 const ParallelContext& context);

}  // namespace io::hdf5
