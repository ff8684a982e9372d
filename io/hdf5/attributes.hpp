// SPDX-License-Identifier: Apache-2.0
//
// Writing HDF5 attributes of the types the schema uses (docs/hdf5-schema.md): 64-bit integers,
// 64-bit floats, UTF-8 strings and arrays of strings. Strings are variable-length, so that any
// length fits and h5py returns them as Python str. The file types are fixed little-endian, so
// that the file does not depend on the machine that wrote it.
//
// Creating an attribute is collective in a parallel file: every rank calls these functions with
// the same values. An attribute that already exists is an Hdf5Error.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <string>
#include <vector>

#include "io/hdf5/hdf5_error.hpp"

namespace io::hdf5 {

void write_attribute(hid_t object, const std::string& name, std::int64_t value, const Where& where);
void write_attribute(hid_t object, const std::string& name, std::uint64_t value, const Where& where);
void write_attribute(hid_t object, const std::string& name, double value, const Where& where);
void write_attribute(hid_t object, const std::string& name, const std::string& value,
                     const Where& where);
/// A one-dimensional array of strings (possibly empty).
void write_attribute(hid_t object, const std::string& name, const std::vector<std::string>& values,
                     const Where& where);

}  // namespace io::hdf5
