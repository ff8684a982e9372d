// SPDX-License-Identifier: Apache-2.0
//
// The version of the results-file layout (docs/hdf5-schema.md), stored as the root attribute
// schema_version. Readers check it before anything else.
//
// Bump it when a reader written for the old version would misread a new file: an object,
// attribute or column removed or renamed, a type or unit changed, the meaning or the order of
// rows changed. Adding a dataset, an attribute or a column at the end of a table does not
// bump it (readers look objects and columns up by name and ignore what they do not know).
#pragma once

#include <cstdint>

namespace io {

inline constexpr std::int64_t kSchemaVersion = 1;

}  // namespace io
