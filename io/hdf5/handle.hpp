// SPDX-License-Identifier: Apache-2.0
//
// Handle: owns one HDF5 identifier (file, group, dataset, attribute, dataspace, datatype,
// property list) and closes it when it goes out of scope, so that an exception between
// H5Xcreate and H5Xclose leaks nothing (a leaked dataset id keeps its file open: H5Fclose then
// succeeds but the file is only closed at library exit, and a parallel file stays unfinished).
//
//   Handle space(check_id(H5Screate_simple(1, dims, max), where, "H5Screate_simple"));
//   H5Sselect_none(space.get());
#pragma once

#include <hdf5.h>

namespace io::hdf5 {

class Handle {
 public:
  Handle() = default;
  explicit Handle(hid_t id) : id_(id) {}
  ~Handle() { close(); }

  Handle(Handle&& other) noexcept : id_(other.id_) { other.id_ = H5I_INVALID_HID; }
  Handle& operator=(Handle&& other) noexcept;
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }

  /// Closes now and returns HDF5's status (the destructor has to ignore it; closing a file can
  /// fail when its last data is flushed, which a caller may need to know).
  herr_t close();

 private:
  hid_t id_ = H5I_INVALID_HID;
};

}  // namespace io::hdf5
