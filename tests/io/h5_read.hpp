// SPDX-License-Identifier: Apache-2.0
//
// Reading back what io/hdf5 wrote, for the C++ tests (the Python tests read with h5py).
// Each function opens what it needs and throws io::hdf5::Hdf5Error on failure.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <string>
#include <vector>

#include "io/hdf5/handle.hpp"
#include "io/hdf5/hdf5_error.hpp"

namespace io_test {

using io::hdf5::check_id;
using io::hdf5::check_status;
using io::hdf5::Handle;

/// Opens `path` read-only with the default (POSIX) driver.
inline Handle open_read_only(const std::string& path) {
  return Handle(check_id(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), {path, "/"}, "H5Fopen"));
}

inline Handle open_attribute(hid_t file, const std::string& object, const std::string& name) {
  return Handle(check_id(H5Aopen_by_name(file, object.c_str(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT),
                         {"", object + "@" + name}, "H5Aopen_by_name"));
}

inline std::int64_t read_int_attribute(hid_t file, const std::string& object, const std::string& name) {
  const Handle a = open_attribute(file, object, name);
  std::int64_t v = 0;
  check_status(H5Aread(a.get(), H5T_NATIVE_INT64, &v), {"", object}, "H5Aread");
  return v;
}

inline double read_double_attribute(hid_t file, const std::string& object, const std::string& name) {
  const Handle a = open_attribute(file, object, name);
  double v = 0;
  check_status(H5Aread(a.get(), H5T_NATIVE_DOUBLE, &v), {"", object}, "H5Aread");
  return v;
}

/// A scalar string attribute or a one-dimensional array of strings (variable-length).
inline std::vector<std::string> read_strings(hid_t file, const std::string& object,
                                             const std::string& name) {
  const Handle a = open_attribute(file, object, name);
  const Handle space(check_id(H5Aget_space(a.get()), {"", object}, "H5Aget_space"));
  const auto n = static_cast<std::size_t>(H5Sget_simple_extent_npoints(space.get()));
  const Handle type(check_id(H5Aget_type(a.get()), {"", object}, "H5Aget_type"));
  std::vector<char*> raw(n, nullptr);
  if (n != 0) check_status(H5Aread(a.get(), type.get(), raw.data()), {"", object}, "H5Aread");
  std::vector<std::string> out(raw.begin(), raw.end());
  if (n != 0) H5Dvlen_reclaim(type.get(), space.get(), H5P_DEFAULT, raw.data());
  return out;
}

inline std::string read_string_attribute(hid_t file, const std::string& object, const std::string& name) {
  const std::vector<std::string> v = read_strings(file, object, name);
  return v.size() == 1 ? v[0] : "<not a scalar string>";
}

inline bool attribute_exists(hid_t file, const std::string& object, const std::string& name) {
  return H5Aexists_by_name(file, object.c_str(), name.c_str(), H5P_DEFAULT) > 0;
}

struct DatasetInfo {
  std::uint64_t rows = 0;
  bool unlimited = false;
  int filters = 0;
  std::vector<std::string> members;
  std::vector<std::uint64_t> words;  ///< row-major 8-byte cells, as written
};

inline DatasetInfo read_dataset(hid_t file, const std::string& path) {
  const io::hdf5::Where where{"", path};
  const Handle d(check_id(H5Dopen2(file, path.c_str(), H5P_DEFAULT), where, "H5Dopen2"));
  const Handle space(check_id(H5Dget_space(d.get()), where, "H5Dget_space"));
  hsize_t dims = 0;
  hsize_t max = 0;
  check_status(H5Sget_simple_extent_dims(space.get(), &dims, &max), where, "dims");
  const Handle dcpl(check_id(H5Dget_create_plist(d.get()), where, "H5Dget_create_plist"));
  const Handle type(check_id(H5Dget_type(d.get()), where, "H5Dget_type"));
  DatasetInfo info;
  info.rows = dims;
  info.unlimited = max == H5S_UNLIMITED;
  info.filters = H5Pget_nfilters(dcpl.get());
  const int members = H5Tget_nmembers(type.get());
  for (int i = 0; i < members; ++i) {
    char* name = H5Tget_member_name(type.get(), static_cast<unsigned>(i));
    info.members.emplace_back(name);
    H5free_memory(name);
  }
  // The file type is little-endian 8-byte members; read it as it is into 8-byte words.
  const Handle native(check_id(H5Tget_native_type(type.get(), H5T_DIR_DEFAULT), where, "native"));
  info.words.resize(dims * static_cast<std::size_t>(members));
  if (dims != 0) {
    check_status(H5Dread(d.get(), native.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, info.words.data()),
                 where, "H5Dread");
  }
  return info;
}

}  // namespace io_test
