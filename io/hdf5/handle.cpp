// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/handle.hpp"

namespace io::hdf5 {

Handle& Handle::operator=(Handle&& other) noexcept {
  if (this != &other) {
    close();
    id_ = other.id_;
    other.id_ = H5I_INVALID_HID;
  }
  return *this;
}

herr_t Handle::close() {
  if (id_ < 0) return 0;
  const hid_t id = id_;
  id_ = H5I_INVALID_HID;
  switch (H5Iget_type(id)) {
    case H5I_FILE: return H5Fclose(id);
    case H5I_GROUP: return H5Gclose(id);
    case H5I_DATASET: return H5Dclose(id);
    case H5I_ATTR: return H5Aclose(id);
    case H5I_DATASPACE: return H5Sclose(id);
    case H5I_DATATYPE: return H5Tclose(id);
    case H5I_GENPROP_LST: return H5Pclose(id);
    default: return H5Idec_ref(id) < 0 ? -1 : 0;
  }
}

}  // namespace io::hdf5
