// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/hdf5_error.hpp"

#include <utility>
#include <vector>

namespace io::hdf5 {

namespace {

herr_t collect_description(unsigned /*n*/, const H5E_error2_t* entry, void* data) {
  auto* out = static_cast<std::vector<std::string>*>(data);
  if (entry->desc != nullptr && entry->desc[0] != '\0') out->emplace_back(entry->desc);
  return 0;
}

std::string format(const Where& where, const std::string& message) {
  return "HDF5 error in '" + where.file + "' at '" + where.object + "': " + message;
}

}  // namespace

Hdf5Error::Hdf5Error(Where where, const std::string& message)
    : std::runtime_error(format(where, message)), where_(std::move(where)) {}

std::string take_error_stack() {
  std::vector<std::string> descriptions;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, collect_description, &descriptions);
  H5Eclear2(H5E_DEFAULT);
  if (descriptions.empty()) return "";
  // The outermost line says what failed, the innermost why; the ones between are HDF5's
  // internal call chain.
  if (descriptions.size() == 1 || descriptions.front() == descriptions.back()) {
    return descriptions.front();
  }
  return descriptions.front() + " (" + descriptions.back() + ")";
}

hid_t check_id(hid_t id, const Where& where, const char* operation) {
  if (id < 0) {
    const std::string stack = take_error_stack();
    throw Hdf5Error(where, std::string(operation) + " failed" + (stack.empty() ? "" : ": " + stack));
  }
  return id;
}

void check_status(herr_t status, const Where& where, const char* operation) {
  if (status < 0) check_id(-1, where, operation);
}

ErrorStackSilencer::ErrorStackSilencer() {
  H5Eget_auto2(H5E_DEFAULT, &previous_function_, &previous_data_);
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
}

ErrorStackSilencer::~ErrorStackSilencer() {
  H5Eset_auto2(H5E_DEFAULT, previous_function_, previous_data_);
}

}  // namespace io::hdf5
