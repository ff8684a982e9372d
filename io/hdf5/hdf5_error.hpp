// SPDX-License-Identifier: Apache-2.0
//
// HDF5 errors as exceptions.
//
// The HDF5 C API reports failure with a negative return value and prints its whole error stack
// to stderr (a dozen lines per failure, per rank). io/hdf5 switches the printing off for as long
// as it works on a file (ErrorStackSilencer) and turns every failed call into an Hdf5Error that
// names the file, the object path and the call, with the outermost and innermost descriptions
// of HDF5's error stack:
//
//   HDF5 error in 'out.h5' at '/network/nodes': H5Dcreate2 failed: unable to create dataset
//   (name already exists)
//
//   hid_t d = check_id(H5Dcreate2(...), {file, "/network/nodes"}, "H5Dcreate2");
#pragma once

#include <hdf5.h>

#include <stdexcept>
#include <string>

namespace io::hdf5 {

/// The file and the object an HDF5 call acts on, for messages.
struct Where {
  std::string file;
  std::string object;  ///< absolute path inside the file ("/", "/network/nodes")
};

class Hdf5Error : public std::runtime_error {
 public:
  Hdf5Error(Where where, const std::string& message);
  const std::string& file() const { return where_.file; }
  const std::string& object() const { return where_.object; }

 private:
  Where where_;
};

/// Throws Hdf5Error (and clears HDF5's error stack) when `id` is negative; returns `id`.
hid_t check_id(hid_t id, const Where& where, const char* operation);
/// Throws Hdf5Error when `status` is negative.
void check_status(herr_t status, const Where& where, const char* operation);
/// The descriptions on HDF5's current error stack, outermost (API) first and innermost last,
/// as "outer (inner)"; clears the stack. Empty when the stack is empty.
std::string take_error_stack();

/// Switches off HDF5's automatic error printing for its lifetime and restores the previous
/// handler afterwards (HDF5's error handler is process state; restoring it keeps the guard
/// from leaking into code that expects the default).
class ErrorStackSilencer {
 public:
  ErrorStackSilencer();
  ~ErrorStackSilencer();
  ErrorStackSilencer(const ErrorStackSilencer&) = delete;
  ErrorStackSilencer& operator=(const ErrorStackSilencer&) = delete;

 private:
  H5E_auto2_t previous_function_ = nullptr;
  void* previous_data_ = nullptr;
};

}  // namespace io::hdf5
